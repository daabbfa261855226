import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  DESCRIPTION_MAX_LENGTH,
  EndpointDescription,
  EndpointEnabled,
  EndpointEvents,
  EndpointUrl,
  DEPRECATED_EVENTS_NOTE,
  EVENT_CHOICES,
  Optional,
  URL_MAX_LENGTH,
} from './endpoint-fields';

/** `PATCH /v2/webhook-endpoints/:id`: at least one field (checked by the service). */
export class UpdateWebhookEndpointDto {
  @ApiPropertyOptional({ format: 'uri', maxLength: URL_MAX_LENGTH })
  @Optional()
  @EndpointUrl()
  url?: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', enum: [...EVENT_CHOICES] },
    minItems: 1,
    uniqueItems: true,
    description: `The event types to receive; \`["*"]\` for all of them. ${DEPRECATED_EVENTS_NOTE}`,
  })
  @Optional()
  @EndpointEvents()
  events?: string[];

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX_LENGTH, description: '`""` clears it' })
  @Optional()
  @EndpointDescription()
  description?: string;

  @ApiPropertyOptional({
    description: '`true` re-enables an endpoint the service disabled (clearing `disabled_reason`)',
  })
  @Optional()
  @EndpointEnabled()
  enabled?: boolean;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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

/** `POST /v2/webhook-endpoints`. */
export class CreateWebhookEndpointDto {
  @ApiProperty({
    format: 'uri',
    maxLength: URL_MAX_LENGTH,
    description: 'http(s) URL the events are POSTed to (outbound policy: no private addresses)',
    example: 'https://example.com/hooks/agents',
  })
  @EndpointUrl()
  url: string;

  @ApiProperty({
    type: 'array',
    items: { type: 'string', enum: [...EVENT_CHOICES] },
    minItems: 1,
    uniqueItems: true,
    description: `The event types to receive; \`["*"]\` for all of them. ${DEPRECATED_EVENTS_NOTE}`,
    example: ['execution.completed', 'execution.failed'],
  })
  @EndpointEvents()
  events: string[];

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX_LENGTH, example: 'CRM sync' })
  @Optional()
  @EndpointDescription()
  description?: string;

  @ApiPropertyOptional({ default: true, description: 'A disabled endpoint receives nothing' })
  @Optional()
  @EndpointEnabled()
  enabled?: boolean;
}

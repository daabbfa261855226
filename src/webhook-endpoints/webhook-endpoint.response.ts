import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { iso } from '../common/time';
import type { CallbackDelivery } from '../webhooks/outbound/callback-delivery.entity';
import type { DeliveryAttempt } from '../webhooks/outbound/delivery-attempt.entity';
import { DEPRECATED_EVENTS_NOTE, EVENT_CHOICES } from './dto/endpoint-fields';
import { DEPRECATED_EVENTS, EVENT_TYPES } from '../events/event-types';
import type { WebhookEndpoint } from '../webhooks/outbound/webhook-endpoint.entity';
import { PageMeta } from '../common/page-meta.response';

/** A webhook endpoint as the API shows it; its secret only on create and rotate. */
export class WebhookEndpointResponse {
  @ApiProperty({ example: 'wep_01jd8z6q8r0s2t4u6v8w0x2y4z' })
  id: string;

  @ApiProperty({ format: 'uri', example: 'https://example.com/hooks/agents' })
  url: string;

  @ApiProperty({ type: 'string', nullable: true, example: 'CRM sync' })
  description: string | null;

  @ApiProperty({
    type: 'array',
    items: { type: 'string', enum: [...EVENT_CHOICES] },
    description: `As subscribed. ${DEPRECATED_EVENTS_NOTE}`,
  })
  events: string[];

  @ApiProperty()
  enabled: boolean;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Why the service disabled it (it kept failing); null otherwise',
  })
  disabled_reason: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

/** Create and rotate: the endpoint with its signing secret, shown only here. */
export class WebhookEndpointWithSecret extends WebhookEndpointResponse {
  @ApiProperty({
    description:
      'Signing secret (`whsec_` + base64 of 32 bytes), shown only here. After a rotation the previous one keeps signing for 24 hours',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  })
  secret: string;
}

export class WebhookEndpointList {
  @ApiProperty({ type: [WebhookEndpointResponse], description: 'Newest first' })
  data: WebhookEndpointResponse[];

  @ApiProperty({ type: PageMeta })
  meta: PageMeta;
}

export class EndpointAttemptItem {
  @ApiProperty({ type: 'integer', minimum: 1, example: 1 })
  attempt: number;

  @ApiProperty({ format: 'uri' })
  url: string;

  @ApiProperty({ type: 'integer', nullable: true, example: 200 })
  status_code: number | null;

  @ApiProperty({ type: 'string', nullable: true, example: null })
  error: string | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Latency (ms)', example: 84 })
  duration_ms: number | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: "The start of the receiver's answer (at most 1 KiB)",
  })
  response_excerpt: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

/** One event sent (or being sent) to an endpoint, with every attempt. */
export class EndpointDeliveryItem {
  @ApiProperty({ description: 'The delivery id (`dlv_…`)' })
  id: string;

  @ApiProperty({ description: 'The event id (`evt_…`): payload `id` and `webhook-id`' })
  event_id: string;

  @ApiProperty({
    enum: [...EVENT_TYPES, ...DEPRECATED_EVENTS, 'ping'],
    description:
      "The event's `type` as sent to this endpoint (`execution.canceled`, deprecated: to an endpoint subscribed by that name)",
  })
  event: string;

  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] })
  status: string;

  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: 'string' })
  next_attempt_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: [EndpointAttemptItem], description: 'Newest first' })
  attempts: EndpointAttemptItem[];
}

export class EndpointDeliveryList {
  @ApiProperty({ type: [EndpointDeliveryItem], description: 'Newest first' })
  data: EndpointDeliveryItem[];

  @ApiProperty({ type: PageMeta })
  meta: PageMeta;
}

export function toWebhookEndpointResponse(endpoint: WebhookEndpoint): WebhookEndpointResponse {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

export function toEndpointDelivery(
  delivery: CallbackDelivery,
  attempts: DeliveryAttempt[],
): EndpointDeliveryItem {
  return {
    id: delivery.id,
    event_id: delivery.payload.id,
    event: delivery.event,
    status: delivery.status,
    next_attempt_at: delivery.status === 'pending' ? iso(delivery.nextAttemptAt) : null,
    created_at: delivery.createdAt.toISOString(),
    attempts: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      url: attempt.url,
      status_code: attempt.statusCode,
      error: attempt.error,
      duration_ms: attempt.durationMs,
      response_excerpt: attempt.responseExcerpt,
      created_at: attempt.createdAt.toISOString(),
    })),
  };
}

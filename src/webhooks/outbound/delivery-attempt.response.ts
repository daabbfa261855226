import { ApiProperty } from '@nestjs/swagger';
import { iso } from '../../common/time';
import type { DeliveryAttempt } from './delivery-attempt.entity';

/**
 * One item of `GET /v2/executions/:id/deliveries` (docs/api.md, Outgoing webhooks (callbacks)).
 * `id` is the delivery id: the payload's `id` and the `X-Webhook-Id` the receiver saw, the same for
 * every attempt of one delivery; `attempt` numbers the tries (1..6).
 */
export function toDeliveryAttemptResponse(attempt: DeliveryAttempt) {
  return {
    id: attempt.deliveryId,
    url: attempt.url,
    event: attempt.event,
    attempt: attempt.attempt,
    status_code: attempt.statusCode,
    error: attempt.error,
    duration_ms: attempt.durationMs,
    created_at: iso(attempt.createdAt),
  };
}

export type DeliveryAttemptResponse = ReturnType<typeof toDeliveryAttemptResponse>;

/** The documented shape of one item (OpenAPI). */
export class DeliveryAttemptItem {
  @ApiProperty({
    description: 'The delivery id: payload `id` and `X-Webhook-Id`, the same on every retry',
    example: 'dlv_01jd8z6q8r0s2t4u6v8w0x2y4z',
  })
  id: string;

  @ApiProperty({ format: 'uri', example: 'https://example.com/hooks/agents' })
  url: string;

  @ApiProperty({
    enum: ['execution.completed', 'execution.failed', 'execution.cancelled'],
    example: 'execution.completed',
  })
  event: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 6, example: 1 })
  attempt: number;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: "The receiver's HTTP status; null when no answer came",
    example: 200,
  })
  status_code: number | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Why the attempt failed (`timeout`, `address_not_allowed`, …); null on success',
    example: null,
  })
  error: string | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 84 })
  duration_ms: number | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-22T10:00:01.250Z' })
  created_at: string;
}

export class DeliveryAttemptList {
  @ApiProperty({ type: [DeliveryAttemptItem], description: 'Newest first' })
  data: DeliveryAttemptItem[];
}

import { iso } from '../../common/time';
import type { DeliveryAttempt } from './delivery-attempt.entity';

/**
 * One item of `GET /v2/executions/:id/deliveries` (CONTRACT §4). `id` is the delivery id: the
 * payload's `id` and the `X-Webhook-Id` the receiver saw, the same for every attempt of one
 * delivery; `attempt` numbers the tries (1..6).
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

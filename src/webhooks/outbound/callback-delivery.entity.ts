import { Entity, PrimaryColumn, Column, Index } from 'typeorm';
import { IdColumn, JsonColumn, TimestampColumn } from '../../database/columns';

import type { EventType } from '../../events/event-types';

export type CallbackEvent = 'execution.completed' | 'execution.failed' | 'execution.cancelled';
/** What a row sends: a callback (`callback_url`), or an event to a webhook endpoint. */
export type DeliveryEvent = CallbackEvent | EventType;
export type CallbackDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** What a receiver gets (docs/api.md, Outgoing webhooks (callbacks)). */
export interface CallbackPayload {
  /**
   * The delivery id of a callback, the event id (`evt_`) of an endpoint's event; sent as
   * `X-Webhook-Id` and `webhook-id` on every attempt.
   */
  id: string;
  type: DeliveryEvent;
  created_at: string;
  /** The execution record without logs. */
  data: Record<string, unknown>;
}

/**
 * The durable outbox of outgoing webhooks: one row per event to report, written in the
 * same transaction that finishes the execution. Its id is the `X-Webhook-Id` of every
 * attempt and the `id` of the payload, which is frozen at creation (`payload`).
 */
@Entity('callback_deliveries')
@Index('idx_callback_deliveries_due', ['status', 'nextAttemptAt'])
@Index('idx_callback_deliveries_execution', ['executionId'])
@Index('idx_callback_deliveries_endpoint', ['endpointId', 'createdAt'])
export class CallbackDelivery {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  /** The execution reported; null for an agent event or a ping. */
  @IdColumn({ name: 'execution_id', nullable: true })
  executionId: string | null;

  /** The webhook endpoint it goes to; null for a callback (`callback_url`). */
  @IdColumn({ name: 'endpoint_id', nullable: true })
  endpointId: string | null;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'varchar', length: 32 })
  event: DeliveryEvent;

  /**
   * The event body, frozen when the execution finished; every attempt sends
   * `JSON.stringify(payload)`, the same bytes each time (a JSON document round-trips exactly).
   * A JSON column, not `text`, which holds only 64 KiB on MySQL.
   */
  @JsonColumn()
  payload: CallbackPayload;

  @Column({ type: 'varchar', length: 16 })
  status: CallbackDeliveryStatus;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @TimestampColumn({ name: 'next_attempt_at' })
  nextAttemptAt: Date;

  /** Set while a dispatcher is sending it, so that two dispatchers never send it at once. */
  @TimestampColumn({ name: 'locked_until', nullable: true })
  lockedUntil: Date | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;
}

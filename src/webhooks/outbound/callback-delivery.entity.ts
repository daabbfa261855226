import { Entity, PrimaryColumn, Column, Index } from 'typeorm';
import { IdColumn, JsonColumn, TimestampColumn } from '../../database/columns';

export type CallbackEvent = 'execution.completed' | 'execution.failed' | 'execution.cancelled';
export type CallbackDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** What a receiver gets (CONTRACT §7). */
export interface CallbackPayload {
  /** The delivery id, also sent as `X-Webhook-Id` on every attempt. */
  id: string;
  type: CallbackEvent;
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
export class CallbackDelivery {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @IdColumn({ name: 'execution_id' })
  executionId: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'varchar', length: 32 })
  event: CallbackEvent;

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

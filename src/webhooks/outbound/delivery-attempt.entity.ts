import { Entity, PrimaryColumn, Column, Index } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../database/columns';
import type { DeliveryEvent } from './callback-delivery.entity';

/** One attempt to deliver a callback: the rows of `GET /v2/executions/:id/deliveries`. */
@Entity('delivery_attempts')
@Index('idx_delivery_attempts_execution', ['executionId', 'createdAt', 'id'])
@Index('idx_delivery_attempts_endpoint', ['endpointId', 'createdAt', 'id'])
export class DeliveryAttempt {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @IdColumn({ name: 'delivery_id' })
  deliveryId: string;

  @IdColumn({ name: 'execution_id', nullable: true })
  executionId: string | null;

  @IdColumn({ name: 'endpoint_id', nullable: true })
  endpointId: string | null;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'varchar', length: 32 })
  event: DeliveryEvent;

  @Column({ type: 'int' })
  attempt: number;

  @Column({ name: 'status_code', type: 'int', nullable: true })
  statusCode: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  error: string | null;

  @Column({ name: 'duration_ms', type: 'int', nullable: true })
  durationMs: number | null;

  /** The start of the receiver's answer (at most 1 KiB of text), for the endpoint's log. */
  @Column({ name: 'response_excerpt', type: 'varchar', length: 1024, nullable: true })
  responseExcerpt: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, JsonColumn, TimestampColumn } from '../database/columns';

export const OVERLAP_POLICIES = ['skip', 'allow'] as const;
export type OverlapPolicy = (typeof OVERLAP_POLICIES)[number];
export const CATCH_UP_POLICIES = ['none', 'last', 'all'] as const;
export type CatchUpPolicy = (typeof CATCH_UP_POLICIES)[number];

/**
 * An agent's timetable (docs/schedules.md): a cron expression in a time zone, and the input each
 * fire runs with. `next_run_at` is the nominal time of the next fire and `next_fire_at` when a
 * scheduler takes it (the nominal time plus this fire's jitter, or the end of a claim's lease
 * while a scheduler fires it); both are null while the schedule is disabled.
 */
@Entity('schedules')
@Index('idx_schedules_agent_created', ['agentId', 'createdAt', 'id'])
@Index('idx_schedules_account', ['accountId', 'id'])
@Index('idx_schedules_next_fire', ['nextFireAt'])
@Index('uq_schedules_agent_external', ['agentId', 'externalId'], { unique: true })
export class Schedule {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  @IdColumn({ name: 'agent_id' })
  agentId: string;

  @Column({ type: 'varchar', length: 255 })
  cron: string;

  @Column({ type: 'varchar', length: 64 })
  timezone: string;

  @JsonColumn()
  input: Record<string, unknown>;

  @Column({ type: 'varchar', length: 8 })
  overlap: OverlapPolicy;

  @Column({ name: 'catch_up', type: 'varchar', length: 8 })
  catchUp: CatchUpPolicy;

  @Column({ name: 'jitter_ms', type: 'int' })
  jitterMs: number;

  @Column({ type: 'boolean' })
  enabled: boolean;

  @Column({ name: 'external_id', type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  /** The nominal time of the next fire; null while disabled (or when the cron never fires). */
  @TimestampColumn({ name: 'next_run_at', nullable: true })
  nextRunAt: Date | null;

  /** When a scheduler takes the next fire: `next_run_at` plus its jitter, or a claim's lease end. */
  @TimestampColumn({ name: 'next_fire_at', nullable: true })
  nextFireAt: Date | null;

  /** The scheduler that holds the claim on the next fire (until `next_fire_at`). */
  @Column({ name: 'claimed_by', type: 'varchar', length: 40, nullable: true })
  claimedBy: string | null;

  @TimestampColumn({ name: 'last_fired_at', nullable: true })
  lastFiredAt: Date | null;

  @IdColumn({ name: 'last_execution_id', nullable: true })
  lastExecutionId: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;
}

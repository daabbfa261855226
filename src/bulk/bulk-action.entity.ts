import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, JsonColumn, TimestampColumn } from '../database/columns';

export const BULK_ACTION_STATUSES = ['running', 'completed'] as const;
export type BulkActionStatus = (typeof BULK_ACTION_STATUSES)[number];

/** What a bulk retry matched executions by (its request, checked), and how it retries them. */
export interface BulkRetryFilter {
  agent_id: string | null;
  statuses: ('failed' | 'cancelled')[];
  from: string | null;
  to: string | null;
  error_code: string | null;
  tags: string[];
  resume: boolean;
  limit: number;
}

/**
 * A bulk action (docs/api.md, Bulk retry): the executions it matched carry its id
 * (`executions.bulk_action_id`), set once when it was created; the row records how far its
 * runner got (`cursor`: the last execution id handled, in id order) and the counts so far, so a
 * runner of any process resumes it after a crash where the last one stopped.
 */
@Entity('bulk_actions')
@Index('idx_bulk_actions_status', ['status', 'leasedUntil'])
@Index('idx_bulk_actions_account_created', ['accountId', 'createdAt'])
export class BulkAction {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  /** `retry`, the one kind there is. */
  @Column({ type: 'varchar', length: 16 })
  kind: string;

  @Column({ type: 'varchar', length: 16 })
  status: BulkActionStatus;

  @JsonColumn()
  filter: BulkRetryFilter;

  @Column({ type: 'int' })
  matched: number;

  @Column({ type: 'int', default: 0 })
  retried: number;

  @Column({ type: 'int', default: 0 })
  failed: number;

  /** The last execution id handled (ids ascending); null before the first. */
  @IdColumn({ nullable: true })
  cursor: string | null;

  /** While a runner works on it: until when that runner is presumed alive. */
  @TimestampColumn({ name: 'leased_until', nullable: true })
  leasedUntil: Date | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'completed_at', nullable: true })
  completedAt: Date | null;
}

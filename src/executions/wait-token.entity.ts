import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, JsonColumn, TimestampColumn } from '../database/columns';

export const WAIT_TOKEN_STATUSES = ['waiting', 'completed', 'expired', 'cancelled'] as const;
export type WaitTokenStatus = (typeof WAIT_TOKEN_STATUSES)[number];

/** Who completed a token (`completed_by`). */
export type CompletedBy =
  { type: 'api_key'; id: string } | { type: 'user'; id: string; email: string } | { type: 'link' };

/**
 * A wait token (docs/workflows.md, Wait tokens): made by a workflow's `create_token` step,
 * completed once, through the API, the dashboard or its callback URL, whose secret is kept as
 * its SHA-256 only.
 */
@Entity('wait_tokens')
@Index('idx_wait_tokens_account_created', ['accountId', 'createdAt', 'id'])
@Index('uq_wait_tokens_execution_step', ['executionId', 'stepId'], { unique: true })
export class WaitToken {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  @IdColumn({ name: 'agent_id' })
  agentId: string;

  @IdColumn({ name: 'execution_id' })
  executionId: string;

  /** The record id of the `create_token` step (`t[2]` inside a foreach). */
  @Column({ name: 'step_id', type: 'varchar', length: 200 })
  stepId: string;

  @Column({ type: 'varchar', length: 16 })
  status: WaitTokenStatus;

  @Column({ type: 'varchar', length: 200, nullable: true })
  title: string | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  description: string | null;

  @JsonColumn({ nullable: true })
  choices: string[] | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  choice: string | null;

  @JsonColumn({ nullable: true })
  data: Record<string, unknown> | null;

  @TimestampColumn({ name: 'completed_at', nullable: true })
  completedAt: Date | null;

  @JsonColumn({ name: 'completed_by', nullable: true })
  completedBy: CompletedBy | null;

  /** SHA-256 (hex) of the callback URL's secret. */
  @Column({ name: 'secret_hash', type: 'varchar', length: 64 })
  secretHash: string;

  @TimestampColumn({ name: 'expires_at' })
  expiresAt: Date;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

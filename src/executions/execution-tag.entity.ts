import { Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../database/columns';

/**
 * One tag of an execution (docs/api.md, Tags), beside the copy on the execution's own row:
 * the index the `tag=` filter of the executions lists walks, newest first, by
 * (account, tag, created_at, execution). Written with the execution, deleted with it.
 */
@Entity('execution_tags')
@Index('idx_execution_tags_account_tag_created', ['accountId', 'tag', 'createdAt', 'executionId'])
export class ExecutionTag {
  @PrimaryColumn({ name: 'execution_id', type: 'varchar', length: 40 })
  executionId: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  tag: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  /** The execution's `created_at`, so that the index orders as the lists do. */
  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../database/columns';
import type { HeldReason } from '../agents/flow';

/** Longest stored key: a longer one is stored as its SHA-256 (`flowKeyText`). */
export const FLOW_KEY_MAX_LENGTH = 200;

/**
 * An execution under flow control (docs/api.md, Flow control): a row while it is held, and,
 * for agents with a throttle, one more period after it was released (the throttle's window
 * counts those). Only agents with `flow` write here; the rows of every other execution are
 * untouched. The execution row stays the truth of its state: a held execution is stored with
 * the status `held` (shown as `queued`) and is moved to `queued` by the flow gate (FlowGate).
 */
@Entity('flow_runs')
@Index('idx_flow_runs_agent_released', ['agentId', 'releasedAt', 'flowKey', 'createdAt'])
@Index('idx_flow_runs_agent_debounce', ['agentId', 'debounceKey', 'releasedAt'])
export class FlowRun {
  @PrimaryColumn({ name: 'execution_id', type: 'varchar', length: 40 })
  executionId: string;

  @IdColumn({ name: 'agent_id' })
  agentId: string;

  /** The key the execution waits its turn in (its concurrency key, or throttle, or debounce). */
  @Column({ name: 'flow_key', type: 'varchar', length: 255 })
  flowKey: string;

  /** The throttle's key, when the agent has a throttle. */
  @Column({ name: 'throttle_key', type: 'varchar', length: 255, nullable: true })
  throttleKey: string | null;

  /** The debounce's key, when the agent has a debounce. */
  @Column({ name: 'debounce_key', type: 'varchar', length: 255, nullable: true })
  debounceKey: string | null;

  /** Why it is held (what its record says), while it is. */
  @Column({ type: 'varchar', length: 16 })
  reason: HeldReason;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  /** Debounce: not released before this (the quiet period's end, or `max_wait_ms`). */
  @TimestampColumn({ name: 'due_at', nullable: true })
  dueAt: Date | null;

  /** When the gate released it (null while held). */
  @TimestampColumn({ name: 'released_at', nullable: true })
  releasedAt: Date | null;
}

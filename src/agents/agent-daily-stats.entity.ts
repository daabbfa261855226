import { Entity, PrimaryColumn, Column } from 'typeorm';

/**
 * The part of a day's counters that one kind of writer owns (`agent_daily_stats.part`): the
 * intake (an execution created) and the worker (one finished) upsert separate rows, so that
 * the two never wait on one row lock (on MySQL each holds it until its commit).
 * A day's counters are the SUM over its parts; a database upgraded from one row per day has
 * that row as part `intake` (docs/decisions/0019-daily-counters-in-the-application.md).
 */
export const COUNTER_PART = { intake: 0, worker: 1 } as const;
export type CounterPart = (typeof COUNTER_PART)[keyof typeof COUNTER_PART];

/**
 * Per-agent counters by UTC day, written when an execution is created and when it
 * finishes, so that `executions_today` and `success_rate` never scan executions.
 */
@Entity('agent_daily_stats')
export class AgentDailyStats {
  @PrimaryColumn({ name: 'agent_id', type: 'varchar', length: 40 })
  agentId: string;

  /** `YYYY-MM-DD` (UTC). */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  /**
   * Which writer's row (COUNTER_PART); sum over the parts to read a day. The default (the
   * intake's part) is for a process of the release before, still running while a rolling
   * upgrade goes on: its upserts name no part and land in part 0, counted all the same.
   */
  @PrimaryColumn({ type: 'smallint', default: 0 })
  part: CounterPart;

  @Column({ type: 'int', default: 0 })
  created: number;

  @Column({ type: 'int', default: 0 })
  completed: number;

  @Column({ type: 'int', default: 0 })
  failed: number;
}

import type { DataSource } from 'typeorm';
import { utcDay } from '../common/time';
import { COUNTER_PART, type CounterPart } from './agent-daily-stats.entity';
import type { Statement } from '../database/transactions';

/**
 * What the counters read of an execution (the executions module, above this one, passes its
 * rows): only a `completed` or `failed` status counts beyond `created`.
 */
export interface CountedExecution {
  agentId: string;
  status: string;
  createdAt: Date;
  completedAt: Date | null;
}

type Finished = Pick<CountedExecution, 'agentId' | 'status' | 'completedAt'>;

/** Every counter write: an upsert of a row of one part. */
const INSERT = 'INSERT INTO agent_daily_stats (agent_id, day, part, created, completed, failed)';

/**
 * The one place that writes the per-agent daily counters (`agent_daily_stats`), read by
 * AgentStatsService for `executions_today` and `success_rate`. The rules:
 *
 * - an execution counts as `created` on the UTC day of its `created_at`, when it is inserted;
 * - it counts as `completed` or `failed`, once, on the UTC day of its `completed_at`, when a
 *   write moves it to that status (or inserts it so); `cancelled` counts in neither;
 * - nothing else changes them: claims, leases, re-queues, later writes to a final row, and
 *   retention deleting executions (counters outlive the rows they counted).
 *
 * Every write that creates or finishes executions takes the statement built here into its
 * own transaction (or atomic batch of statements, `atomicWithRetry`), after its writes to
 * `executions`: so a counter moves exactly when its execution's write commits. Applied
 * by the application, not by database triggers: a managed MySQL without SUPER cannot create
 * triggers while binary logging is on (docs/decisions/0019-daily-counters-in-the-application.md).
 *
 * Each writer upserts its own row of a day (`part`): the intake's (`inserted`) and the
 * worker's (`finished`), so that an intake batch and a finishing run of the same agent never
 * wait for each other's row lock. Readers sum a day over its parts.
 */
export class DailyCounters {
  private readonly sqlite: boolean;

  constructor(dataSource: DataSource) {
    this.sqlite = dataSource.options.type === 'better-sqlite3';
  }

  /** The counters of newly inserted executions (created; completed/failed if inserted final). */
  inserted(executions: readonly CountedExecution[]): Statement | null {
    const deltas = new Deltas();
    for (const execution of executions) {
      deltas.add(execution.agentId, execution.createdAt, 1, 0, 0);
      this.addFinal(deltas, execution.agentId, execution.status, execution.completedAt);
    }
    return this.upsert(COUNTER_PART.intake, deltas);
  }

  /** The counters of executions that a write just moved to `completed` or `failed`. */
  finished(executions: readonly Finished[]): Statement | null {
    const deltas = new Deltas();
    for (const { agentId, status, completedAt } of executions) {
      this.addFinal(deltas, agentId, status, completedAt);
    }
    return this.upsert(COUNTER_PART.worker, deltas);
  }

  /**
   * The counter of one execution finished by the statement just before this one in the same
   * transaction, applied only if that statement changed exactly one row (MySQL `ROW_COUNT()`,
   * SQLite `changes()`): for a conditional UPDATE sent in the same round trip as its counter,
   * whose outcome the application does not know yet.
   */
  finishedIfChanged(execution: Finished): Statement | null {
    const deltas = new Deltas();
    this.addFinal(deltas, execution.agentId, execution.status, execution.completedAt);
    const rows = deltas.sorted();
    if (rows.length === 0) return null;
    const guard = this.sqlite ? 'changes() = 1' : 'ROW_COUNT() = 1';
    // INSERT … SELECT … WHERE: the row to add exists only if the guard holds.
    const select = `SELECT ?, ?, ${COUNTER_PART.worker}, ?, ?, ?${this.sqlite ? '' : ' FROM DUAL'} WHERE ${guard}`;
    return [`${INSERT} ${select} ${this.onConflict()}`, rows.flat()];
  }

  private addFinal(
    deltas: Deltas,
    agentId: string,
    status: string,
    completedAt: Date | null,
  ): void {
    if (status !== 'completed' && status !== 'failed') return;
    if (!completedAt) throw new Error('A finished execution needs its completed_at');
    deltas.add(
      agentId,
      completedAt,
      0,
      status === 'completed' ? 1 : 0,
      status === 'failed' ? 1 : 0,
    );
  }

  /**
   * One multi-row upsert. Rows are sorted by (agent, day), so that concurrent transactions
   * lock the counter rows in the same order (no deadlock between two of them).
   */
  private upsert(part: CounterPart, deltas: Deltas): Statement | null {
    const rows = deltas.sorted();
    if (rows.length === 0) return null;
    const values = rows.map(() => `(?, ?, ${part}, ?, ?, ?)`).join(', ');
    return [`${INSERT} VALUES ${values} ${this.onConflict()}`, rows.flat()];
  }

  private onConflict(): string {
    return this.sqlite
      ? `ON CONFLICT (agent_id, day, part) DO UPDATE SET created = created + excluded.created,
         completed = completed + excluded.completed, failed = failed + excluded.failed`
      : `ON DUPLICATE KEY UPDATE created = created + VALUES(created),
         completed = completed + VALUES(completed), failed = failed + VALUES(failed)`;
  }
}

/** Counter deltas summed per agent and UTC day. */
class Deltas {
  private readonly rows = new Map<string, [string, string, number, number, number]>();

  add(agentId: string, at: Date, created: number, completed: number, failed: number): void {
    const day = utcDay(at);
    const key = `${agentId}\n${day}`;
    const row = this.rows.get(key) ?? [agentId, day, 0, 0, 0];
    row[2] += created;
    row[3] += completed;
    row[4] += failed;
    this.rows.set(key, row);
  }

  sorted(): [string, string, number, number, number][] {
    return [...this.rows.keys()].sort().map((key) => this.rows.get(key)!);
  }
}

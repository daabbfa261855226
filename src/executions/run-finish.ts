import type { DataSource, EntityManager } from 'typeorm';
import type { DailyCounters } from '../agents/daily-counters';
import { execute, RawColumns } from '../database/raw-sql';
import type { Pipeline } from '../database/pipeline';
import { retrying, type Statement } from '../database/transactions';
import { Execution, ExecutionError, LogEntry } from './execution.entity';

/**
 * Transitions (claims, renewals, hand-backs, finishes, cancels) change a row only in the
 * state they saw: applied twice, the second changes nothing, so they are retried even when
 * the connection was lost while committing. (A claim that landed but whose answer was lost
 * leaves a running row that nobody runs: its lease expires and recovery puts it back in the
 * queue.)
 */
export const TRANSITION = { idempotent: true } as const;

/** The columns a finished run sets. */
export interface FinalChanges {
  status: 'completed' | 'failed';
  output: Record<string, unknown> | null;
  error: ExecutionError | null;
  logs: LogEntry[];
  completedAt: Date;
  durationMs: number | null;
  leasedUntil: null;
}

/** The final columns of a run started at `startedAt` that ended as `outcome` says. */
export function finalChanges(
  startedAt: Date | null,
  outcome: Omit<FinalChanges, 'durationMs' | 'leasedUntil'>,
): FinalChanges {
  return {
    status: outcome.status,
    output: outcome.output,
    error: outcome.error,
    logs: outcome.logs,
    completedAt: outcome.completedAt,
    durationMs: startedAt ? Math.max(0, outcome.completedAt.getTime() - startedAt.getTime()) : null,
    leasedUntil: null,
  };
}

/** The claim a finishing run holds: the row is finished only if it is still this claim's. */
export type RunClaim = Pick<Execution, 'id' | 'agentId' | 'attempts'>;

/** Records one finished run if the row is still `running` under the same claim. */
const FINISH_ONE = `UPDATE executions SET status = ?, output = ?, error = ?, logs = ?, completed_at = ?,
  duration_ms = ?, leased_until = NULL WHERE id = ? AND status = 'running' AND attempts = ?`;

/** FINISH_ONE for recovery: only if that claim's lease has also expired. */
const FINISH_EXPIRED = `${FINISH_ONE} AND (leased_until IS NULL OR leased_until < ?)`;

/**
 * The one transition `running` → `completed` / `failed` (docs/api.md, Trigger and executions), as
 * SQL: the row changes only while it is still `running` under the claim that ran it (`attempts`),
 * so a cancel and a finishing run never both win and a stale worker changes nothing. Its forms, by
 * how many runs end together and the dialect: one run (FINISH_ONE, or FINISH_EXPIRED for recovery);
 * many on SQLite (FINISH_ONE each: prepared once, no round trips); many on MySQL (`owned`: a
 * locking read and one UPDATE per final status, since a round trip per row would cost more than the
 * commit).
 */
export class RunFinish {
  private readonly raw: RawColumns<Execution>;
  private readonly q: (name: string) => string;
  readonly mysql: boolean;

  constructor(
    private readonly dataSource: DataSource,
    private readonly counters: DailyCounters,
  ) {
    this.raw = new RawColumns(dataSource, Execution);
    this.q = (name) => dataSource.driver.escape(name);
    this.mysql = dataSource.options.type !== 'better-sqlite3';
  }

  /** Finishes each of `runs` with its `changes` in `manager`'s transaction; which changed. */
  async many(
    manager: EntityManager,
    runs: readonly RunClaim[],
    changes: readonly FinalChanges[],
    options: { leaseExpiredBefore?: Date } = {},
  ): Promise<boolean[]> {
    if (this.mysql && runs.length > 1 && !options.leaseExpiredBefore) {
      return this.owned(manager, runs, changes);
    }
    const changed: boolean[] = [];
    for (let i = 0; i < runs.length; i++) {
      changed.push((await execute(manager, ...this.one(runs[i], changes[i], options))) === 1);
    }
    return changed;
  }

  /**
   * MySQL, one run without anything else to write in its transaction: its conditional UPDATE
   * and its counter, which applies only if the UPDATE changed the row (`ROW_COUNT()`), as one
   * transaction in one round trip. Retried after a lost connection too: applied twice, the
   * second changes nothing, counter included (and reports false).
   */
  async alone(run: RunClaim, change: FinalChanges): Promise<boolean> {
    const changed = await retrying(this.dataSource, TRANSITION).atomic([
      this.one(run, change),
      this.counters.finishedIfChanged({ agentId: run.agentId, ...change })!,
    ]);
    return changed?.[0] === 1;
  }

  /** The statement finishing one run. */
  private one(
    run: RunClaim,
    change: FinalChanges,
    options: { leaseExpiredBefore?: Date } = {},
  ): [string, unknown[]] {
    const values = [...this.finalValues(change), run.id, run.attempts];
    if (!options.leaseExpiredBefore) return [FINISH_ONE, values];
    return [
      FINISH_EXPIRED,
      [...values, this.raw.persist('leasedUntil', options.leaseExpiredBefore)],
    ];
  }

  /**
   * Finishes `runs` with their `changes` in `pipeline`, and commits with them the statements
   * `more` gives for those that changed; resolves which changed. MySQL: the locking read of
   * `owned` with the transaction's begin (one round trip), then its UPDATEs, `more` and the
   * commit (one round trip). SQLite: FINISH_ONE each, then `more`.
   */
  async inPipeline(
    pipeline: Pipeline,
    runs: readonly RunClaim[],
    changes: readonly FinalChanges[],
    more: (changed: boolean[]) => Statement[],
  ): Promise<boolean[]> {
    if (!this.mysql) {
      const results = await pipeline.send(runs.map((run, i) => this.one(run, changes[i])));
      const changed = results.map((result) => result.changed === 1);
      await pipeline.commit(more(changed));
      return changed;
    }
    const [{ rows }] = await pipeline.send([this.lockingRead(runs)]);
    const changed = this.stillOwned(runs, rows);
    // The rows read are locked until the commit: each UPDATE changes every row it names.
    const updates = this.ownedUpdates(runs, changes, changed);
    await pipeline.commit([
      ...updates.map(([sql, values]): Statement => [sql, values]),
      ...more(changed),
    ]);
    return changed;
  }

  /**
   * MySQL, many runs: one locking read finds those still `running` under their claim; the
   * others moved on (a cancel won). Then one UPDATE per final status sets the owned rows,
   * each its own values (CASE on id).
   */
  private async owned(
    manager: EntityManager,
    runs: readonly RunClaim[],
    changes: readonly FinalChanges[],
  ): Promise<boolean[]> {
    const changed = this.stillOwned(runs, await manager.query(...this.lockingRead(runs)));
    for (const [sql, values, expected] of this.ownedUpdates(runs, changes, changed)) {
      const count = await execute(manager, sql, values);
      // The rows are locked: anything else is a bug, and the transaction is rolled back.
      if (count !== expected) throw new Error(`Finished ${count} of ${expected} runs`);
    }
    return changed;
  }

  /** The rows of `runs` still `running`, locked until the commit. */
  private lockingRead(runs: readonly RunClaim[]): Statement {
    return [
      `SELECT ${this.q('id')}, ${this.q('attempts')} FROM ${this.q('executions')}
       WHERE ${this.q('id')} IN (${list(runs.length)}) AND ${this.q('status')} = 'running' FOR UPDATE`,
      runs.map((run) => run.id),
    ];
  }

  /** Which of `runs` the rows of `lockingRead` show still under their claim. */
  private stillOwned(runs: readonly RunClaim[], rows: Record<string, unknown>[]): boolean[] {
    const claims = new Map(rows.map((row) => [String(row.id), Number(row.attempts)]));
    return runs.map((run) => claims.get(run.id) === run.attempts);
  }

  /** One UPDATE per final status of the owned runs, with how many rows each must change. */
  private ownedUpdates(
    runs: readonly RunClaim[],
    changes: readonly FinalChanges[],
    changed: readonly boolean[],
  ): [...Statement, number][] {
    const { q } = this;
    const updates: [...Statement, number][] = [];
    for (const status of ['completed', 'failed'] as const) {
      const owned = runs.flatMap((run, i) =>
        changed[i] && changes[i].status === status
          ? [{ id: run.id, values: this.finalValues(changes[i]) }]
          : [],
      );
      if (owned.length === 0) continue;
      const cases = (column: string) =>
        `${q(column)} = CASE ${q('id')} ${owned.map(() => 'WHEN ? THEN ?').join(' ')} END`;
      const columns = ['output', 'error', 'logs', 'completed_at', 'duration_ms'];
      updates.push([
        `UPDATE ${q('executions')} SET ${q('status')} = '${status}', ${columns.map(cases).join(', ')},
           ${q('leased_until')} = NULL
         WHERE ${q('id')} IN (${list(owned.length)}) AND ${q('status')} = 'running'`,
        [
          ...columns.flatMap((_, c) => owned.flatMap(({ id, values }) => [id, values[c + 1]])),
          ...owned.map(({ id }) => id),
        ],
        owned.length,
      ]);
    }
    return updates;
  }

  private finalValues(change: FinalChanges): unknown[] {
    return [
      change.status,
      this.raw.persist('output', change.output),
      this.raw.persist('error', change.error),
      this.raw.persist('logs', change.logs),
      this.raw.persist('completedAt', change.completedAt),
      change.durationMs,
    ];
  }
}

const list = (n: number) => Array.from({ length: n }, () => '?').join(', ');

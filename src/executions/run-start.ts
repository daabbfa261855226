import type { DataSource } from 'typeorm';
import { now } from '../common/time';
import { RawColumns } from '../database/raw-sql';
import type { Statement } from '../database/transactions';
import { Execution } from './execution.entity';

/**
 * The one transition `queued` → `running` (a claim), as SQL: a lease, `started_at` and
 * `attempts` + 1 for the rows still `queued`, in one conditional UPDATE. `started_at` is set
 * by the first claim only: a run resumed after a wait keeps its first start (a run put back
 * after a crash has it cleared, and starts anew), so `duration_ms` is its whole wall time. The worker whose
 * UPDATE changed a row owns that run; `attempts` is the claim's number, which every later
 * transition of the run checks (RunFinish). Used by a claim alone and by the batch claim
 * (ExecutionLeases).
 */
export class RunStart {
  private readonly raw: RawColumns<Execution>;
  private readonly q: (name: string) => string;
  private readonly mysql: boolean;

  constructor(dataSource: DataSource) {
    this.raw = new RawColumns(dataSource, Execution);
    this.q = (name) => dataSource.driver.escape(name);
    this.mysql = dataSource.options.type !== 'better-sqlite3';
  }

  /** The UPDATE claiming the rows `ids`, and the times it sets. */
  statement(
    ids: readonly string[],
    leaseMs: number,
  ): { statement: Statement; startedAt: Date; leasedUntil: Date } {
    const { q } = this;
    const startedAt = now();
    const leasedUntil = new Date(startedAt.getTime() + leaseMs);
    const statement: Statement = [
      // SQLite would pick the (status, created_at) index for the literal and walk every
      // queued row; `+status` leaves it the primary key, as MySQL's optimizer does anyway.
      `UPDATE ${q('executions')} SET ${q('status')} = 'running',
         ${q('started_at')} = COALESCE(${q('started_at')}, ?),
         ${q('leased_until')} = ?, ${q('attempts')} = ${q('attempts')} + 1
       WHERE ${q('id')} IN (${ids.map(() => '?').join(', ')})
         AND ${this.mysql ? '' : '+'}${q('status')} = 'queued'`,
      [
        this.raw.persist('startedAt', startedAt),
        this.raw.persist('leasedUntil', leasedUntil),
        ...ids,
      ],
    ];
    return { statement, startedAt, leasedUntil };
  }
}

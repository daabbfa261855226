import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, LessThan, Not } from 'typeorm';
import { now } from '../common/time';
import { execute, RawColumns } from '../database/raw-sql';
import { retrying } from '../database/transactions';
import { Execution } from '../executions/execution.entity';
import type { QueuedRun } from './run-queue';

/** The plain (non-JSON) columns of an execution: enough to own, renew or settle a run. */
export type Claim = Pick<
  Execution,
  'id' | 'accountId' | 'agentId' | 'agentKind' | 'status' | 'attempts' | 'startedAt' | 'createdAt'
>;

/**
 * Every write here is conditional on the state the worker saw, so applied twice it changes
 * nothing the second time: retried even when the connection was lost while committing. (A
 * claim that landed but whose answer was lost leaves a running row that nobody runs: its
 * lease expires and recovery puts it back in the queue.)
 */
const TRANSITION = { idempotent: true } as const;

const CLAIM_COLUMNS = {
  id: true,
  accountId: true,
  agentId: true,
  agentKind: true,
  status: true,
  attempts: true,
  startedAt: true,
  createdAt: true,
} as const;

/**
 * The executions table as the embedded queue: which rows are waiting, and the leases that
 * say which worker runs which row until when. Every change is conditional on the state the
 * worker saw (`status`, and `attempts` = the claim number), so two workers never own one
 * run and a stale worker's write changes nothing.
 */
@Injectable()
export class ExecutionLeases {
  private readonly raw: RawColumns<Execution>;
  private readonly mysql: boolean;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.raw = new RawColumns(dataSource, Execution);
    this.mysql = dataSource.options.type !== 'better-sqlite3';
  }

  private get executions() {
    return this.dataSource.getRepository(Execution);
  }

  /** Ids of the oldest queued executions (index `status, created_at`). */
  async nextQueued(limit: number): Promise<string[]> {
    const rows = await this.executions.find({
      select: { id: true },
      where: { status: 'queued' },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
    });
    return rows.map((row) => row.id);
  }

  /**
   * Queued executions created before `before`, oldest first, with their claim count: what
   * the reconciliation sweep (BullMQ) checks for a job.
   */
  async queuedBefore(before: Date, limit: number): Promise<QueuedRun[]> {
    return this.executions.find({
      select: { id: true, attempts: true },
      where: { status: 'queued', createdAt: LessThan(before) },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
    });
  }

  /**
   * Claims a queued execution: `queued` → `running` with a lease, `attempts` + 1, in one
   * conditional UPDATE; the worker whose UPDATE changed the row owns the run. Returns the
   * claim (the row's plain columns), or null when another worker (or a cancel) got there
   * first. The JSON columns are read separately (`read`), so a row whose stored JSON is
   * broken is still claimed, and can be failed.
   */
  async claim(id: string, leaseMs: number): Promise<Claim | null> {
    return retrying(this.dataSource, TRANSITION).transaction(async (manager) => {
      const startedAt = now();
      const result = await manager
        .createQueryBuilder()
        .update(Execution)
        .set({
          status: 'running',
          startedAt,
          leasedUntil: new Date(startedAt.getTime() + leaseMs),
          attempts: () => 'attempts + 1',
        })
        .where('id = :id AND status = :queued', { id, queued: 'queued' })
        .execute();
      if (result.affected !== 1) return null;
      return manager.findOne(Execution, { select: CLAIM_COLUMNS, where: { id } });
    });
  }

  /**
   * Claims up to `limit` of the oldest queued executions at once (not those in `exclude`) and
   * returns their whole rows, as claimed: one transaction reads them (MySQL: `FOR UPDATE SKIP
   * LOCKED`, so concurrent workers take different rows; SQLite: the transaction is the only
   * writer) and moves them with one conditional UPDATE (`status = 'queued'`), `attempts` + 1
   * each. All or nothing: if the UPDATE does not change every row read, nothing is claimed
   * and it throws; it throws too when a row's stored JSON cannot be read, or the row refuses
   * the update (MariaDB re-checks a broken document). Then claim one by one with `claim`.
   */
  async claimNext(limit: number, leaseMs: number, exclude: Set<string>): Promise<Execution[]> {
    const run = async (manager: EntityManager): Promise<Execution[]> => {
      const rows = await manager.find(Execution, {
        where: { status: 'queued', ...(exclude.size > 0 ? { id: Not(In([...exclude])) } : {}) },
        order: { createdAt: 'ASC', id: 'ASC' },
        take: limit,
        ...(this.mysql ? { lock: { mode: 'pessimistic_write', onLocked: 'skip_locked' } } : {}),
      });
      if (rows.length === 0) return [];
      const startedAt = now();
      const leasedUntil = new Date(startedAt.getTime() + leaseMs);
      const q = (name: string) => this.dataSource.driver.escape(name);
      const changed = await execute(
        manager,
        // SQLite would pick the (status, created_at) index for the literal and walk every
        // queued row; `+status` leaves it the primary key, as MySQL's optimizer does anyway.
        `UPDATE ${q('executions')} SET ${q('status')} = 'running', ${q('started_at')} = ?,
           ${q('leased_until')} = ?, ${q('attempts')} = ${q('attempts')} + 1
         WHERE ${q('id')} IN (${rows.map(() => '?').join(', ')})
           AND ${this.mysql ? '' : '+'}${q('status')} = 'queued'`,
        [
          this.raw.persist('startedAt', startedAt),
          this.raw.persist('leasedUntil', leasedUntil),
          ...rows.map((row) => row.id),
        ],
      );
      if (changed !== rows.length) {
        throw new Error(`Claimed ${changed} of ${rows.length} queued executions; rolled back`);
      }
      for (const row of rows) {
        Object.assign(row, {
          status: 'running',
          startedAt,
          leasedUntil,
          attempts: row.attempts + 1,
        });
      }
      return rows;
    };
    // READ COMMITTED: the locking read takes no gap locks that would hold up new inserts.
    return retrying(this.dataSource, {
      ...TRANSITION,
      ...(this.mysql ? { isolation: 'READ COMMITTED' as const } : {}),
    }).transaction(run);
  }

  /**
   * Extends the leases of many runs this worker owns with one UPDATE. True when every lease
   * was extended; false when some row moved on (then `renew` tells which).
   */
  async renewMany(runs: Pick<Claim, 'id' | 'attempts'>[], leaseMs: number): Promise<boolean> {
    if (runs.length === 0) return true;
    return retrying(this.dataSource, TRANSITION).transaction(async (manager) => {
      const changed = await execute(
        manager,
        `UPDATE executions SET leased_until = ? WHERE status = 'running' AND (${runs
          .map(() => '(id = ? AND attempts = ?)')
          .join(' OR ')})`,
        [
          this.raw.persist('leasedUntil', new Date(now().getTime() + leaseMs)),
          ...runs.flatMap((run) => [run.id, run.attempts]),
        ],
      );
      return changed === runs.length;
    });
  }

  /** The whole row; throws when its stored JSON cannot be read. */
  async read(id: string): Promise<Execution | null> {
    return this.executions.findOneBy({ id });
  }

  /** Extends the lease of a run this worker owns; false when the row moved on (cancelled…). */
  async renew(id: string, attempts: number, leaseMs: number): Promise<boolean> {
    return retrying(this.dataSource, TRANSITION).transaction(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(Execution)
        .set({ leasedUntil: new Date(now().getTime() + leaseMs) })
        .where('id = :id AND status = :running AND attempts = :attempts', {
          id,
          running: 'running',
          attempts,
        })
        .execute();
      return result.affected === 1;
    });
  }

  async status(id: string): Promise<Execution['status'] | null> {
    const row = await this.executions.findOne({
      select: { id: true, status: true },
      where: { id },
    });
    return row?.status ?? null;
  }

  /** Running executions whose lease expired before `at`: their worker is presumed dead. */
  async expired(at: Date, limit: number): Promise<Claim[]> {
    return this.executions.find({
      select: CLAIM_COLUMNS,
      where: [
        { status: 'running', leasedUntil: LessThan(at) },
        { status: 'running', leasedUntil: IsNull() },
      ],
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
    });
  }

  /** Puts a run this worker gives up (shutdown) back in the queue, for any worker to start. */
  release(execution: Claim): Promise<boolean> {
    return this.putBack(execution);
  }

  /** Puts an expired run back in the queue (it will be claimed again, `attempts` + 1). */
  requeue(execution: Claim, expiredBefore: Date): Promise<boolean> {
    return this.putBack(execution, expiredBefore);
  }

  /**
   * `running` → `queued`, only under the same claim and, with `expiredBefore`, only if that
   * claim's lease expired before it.
   */
  private async putBack(execution: Claim, expiredBefore?: Date): Promise<boolean> {
    return retrying(this.dataSource, TRANSITION).transaction(async (manager) => {
      const update = manager
        .createQueryBuilder()
        .update(Execution)
        .set({ status: 'queued', startedAt: null, leasedUntil: null })
        .where('id = :id AND status = :running AND attempts = :attempts', {
          id: execution.id,
          running: 'running',
          attempts: execution.attempts,
        });
      if (expiredBefore) {
        update.andWhere('(leased_until IS NULL OR leased_until < :expired)', {
          expired: expiredBefore,
        });
      }
      return (await update.execute()).affected === 1;
    });
  }
}

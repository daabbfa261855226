import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, LessThan } from 'typeorm';
import type { Plan } from '../config/plans';
import { now } from '../common/time';
import { execute, RawColumns } from '../database/raw-sql';
import { pipelinedTransaction, retrying } from '../database/transactions';
import { Execution } from './execution.entity';
import { EXECUTION_NOTICES, type ExecutionNotices } from './execution-notices';
import type { QueuedRun } from '../queue/run-queue';
import { type ClaimQuota, pickRows, queuedAccounts } from './fair-pick';
import { TRANSITION } from './run-finish';
import { RunStart } from './run-start';

/** The plain (non-JSON) columns of an execution: enough to own, renew or settle a run. */
export type Claim = Pick<
  Execution,
  | 'id'
  | 'accountId'
  | 'agentId'
  | 'agentKind'
  | 'status'
  | 'attempts'
  | 'resumes'
  | 'startedAt'
  | 'createdAt'
>;

export interface FairClaim {
  /** The claimed rows, whole, accounts taking turns. */
  rows: Execution[];
  /** No queued execution is left once these are claimed (as far as this claim saw). */
  drained: boolean;
  /** Fewer rows than asked were claimable (the rest is capped or absent): do not ask again now. */
  exhausted: boolean;
  /** The last account served (the next claim starts after it). */
  cursor: string;
  /** Event outbox rows written with the claim (`execution.started`). */
  events?: number;
}

const CLAIM_COLUMNS = {
  id: true,
  accountId: true,
  agentId: true,
  agentKind: true,
  agentVersion: true,
  status: true,
  attempts: true,
  resumes: true,
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
  private readonly starts: RunStart;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(EXECUTION_NOTICES) private readonly notices: ExecutionNotices,
  ) {
    this.raw = new RawColumns(dataSource, Execution);
    this.mysql = dataSource.options.type !== 'better-sqlite3';
    this.starts = new RunStart(dataSource);
  }

  private get executions() {
    return this.dataSource.getRepository(Execution);
  }

  /** The plans of accounts (for the caps of the local hand-off). */
  async plans(accountIds: string[]): Promise<Map<string, Plan>> {
    if (accountIds.length === 0) return new Map();
    const rows: { id: string; plan: Plan }[] = await this.dataSource.query(
      `SELECT id, plan FROM accounts WHERE id IN (${accountIds.map(() => '?').join(', ')})`,
      accountIds,
    );
    return new Map(rows.map((row) => [row.id, row.plan]));
  }

  /** The oldest queued executions, with their accounts (index `status, created_at`). */
  async nextQueued(limit: number): Promise<Pick<Execution, 'id' | 'accountId'>[]> {
    return this.executions.find({
      select: { id: true, accountId: true },
      where: { status: 'queued' },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
    });
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
    let wrote = false;
    const claimed = await retrying(this.dataSource, TRANSITION).transaction(async (manager) => {
      if ((await execute(manager, ...this.starts.statement([id], leaseMs).statement)) !== 1)
        return null;
      const claim = await manager.findOne(Execution, { select: CLAIM_COLUMNS, where: { id } });
      wrote = claim !== null && (await this.started(manager, claim.accountId, id));
      return claim;
    });
    if (wrote) this.notices.wake();
    return claimed;
  }

  /**
   * `execution.started` of a run claimed alone, if its account has an endpoint for it, in
   * the claim's transaction. A row whose stored JSON cannot be read gets none (it is failed).
   */
  private async started(manager: EntityManager, accountId: string, id: string): Promise<boolean> {
    const loaded = await this.notices.load([accountId], manager);
    if (!loaded.wants({ accountId, status: 'running', callbackUrl: null })) return false;
    let execution: Execution | null;
    try {
      execution = await manager.findOneBy(Execution, { id });
    } catch {
      return false;
    }
    return !!execution && (await this.notices.write(manager, [{ execution }])) > 0;
  }

  /**
   * Claims up to `limit` queued executions at once, fairly between accounts (not those in
   * `exclude`), and returns their whole rows, as claimed. One transaction, in three round
   * trips on MySQL when one account has queued runs (pipelinedTransaction):
   * 1. the accounts with queued executions, in account id order after `quota.cursor`
   *    (wrapping around), one index seek each (an account with thousands of queued rows costs
   *    one seek), with their plans;
   * 2. for each account, its oldest queued rows, at most what `quota.remaining` leaves it
   *    (the plan's cap minus the slots it holds in this worker); taken round-robin (the first
   *    of each account, then the second…) up to `limit`;
   * 3. those rows read whole and locked (MySQL: `FOR UPDATE SKIP LOCKED`, so concurrent
   *    workers take different rows; SQLite: the transaction is the only writer) and moved with
   *    one conditional UPDATE (`status = 'queued'`), `attempts` + 1 each, sent with the commit
   *    and the `execution.started` events of accounts that want them (from the cache of
   *    subscriptions, read in the transaction when missing).
   * All or nothing: it throws when a row's stored JSON cannot be read, or the row refuses the
   * update (MariaDB re-checks a broken document). Then claim one by one with `claim`.
   */
  async claimNext(
    limit: number,
    leaseMs: number,
    exclude: Set<string>,
    quota: ClaimQuota = { cursor: '', capped: 0, remaining: () => limit },
  ): Promise<FairClaim> {
    let events = false;
    // READ COMMITTED: the locking read takes no gap locks that would hold up new inserts.
    const options = {
      ...TRANSITION,
      ...(this.mysql ? { isolation: 'READ COMMITTED' as const } : {}),
    };
    const claimed = await pipelinedTransaction(this.dataSource, options, async (pipeline) => {
      const accountLimit = limit + quota.capped;
      const accounts = await queuedAccounts(pipeline, quota.cursor, accountLimit);
      const picked = await pickRows(pipeline, accounts, limit, exclude, quota);
      const rows = picked.rows.map((row) => this.raw.entity(row));
      const result: FairClaim = {
        rows,
        drained: accounts.length < accountLimit && !picked.left,
        exhausted: rows.length < limit,
        cursor: picked.cursor ?? quota.cursor,
      };
      if (rows.length === 0) {
        await pipeline.commit([]);
        return result;
      }
      const { statement, startedAt, leasedUntil } = this.starts.statement(
        rows.map((row) => row.id),
        leaseMs,
      );
      for (const row of rows) {
        Object.assign(row, {
          status: 'running',
          startedAt: row.startedAt ?? startedAt,
          leasedUntil,
          attempts: row.attempts + 1,
        });
      }
      // `execution.started` for the accounts with endpoints that want it, in this commit.
      const loaded = await this.notices.load(
        rows.map((row) => row.accountId),
        pipeline.manager,
      );
      const notices = loaded.batch();
      for (const row of rows) notices.add(row);
      const noticed = notices.statement();
      // The rows are locked (SQLite: the transaction is the only writer), so the UPDATE
      // changes each of them; a row that refuses it (MariaDB re-checks a broken document)
      // fails the whole statement, and nothing is claimed.
      await pipeline.commit(noticed ? [statement, noticed] : [statement]);
      events = noticed !== null;
      return result;
    });
    if (events) this.notices.wake();
    return claimed;
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
  renew(id: string, attempts: number, leaseMs: number): Promise<boolean> {
    return this.renewMany([{ id, attempts }], leaseMs);
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

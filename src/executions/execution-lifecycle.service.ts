import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ApiError } from '../common/api-error';
import { now } from '../common/time';
import { execute, RawColumns } from '../database/raw-sql';
import { executeAll, retrying } from '../database/transactions';
import { DailyCounters } from '../agents/daily-counters';
import { MetricsService } from '../metrics/metrics.service';
import { LocalBus } from '../queue/local-bus';
import { RUN_QUEUE, type RunQueue } from '../queue/run-queue';
import { Execution, ExecutionError, ExecutionStatus, LogEntry } from './execution.entity';
import { EXECUTION_NOTICES, type ExecutionNotices } from './execution-notices';
import { type RunSteps, RunStepsWriter } from './step-rows';

/** How a run ended, as the worker reports it. */
export interface RunOutcome {
  status: 'completed' | 'failed';
  output: Record<string, unknown> | null;
  error: ExecutionError | null;
  logs: LogEntry[];
  completedAt: Date;
  /** The step records it ended with (workflows), stored in the same transaction. */
  steps?: RunSteps;
}

/**
 * Transitions change a row only in the state they saw: applied twice, the second changes
 * nothing, so they are retried even when the connection was lost while committing.
 */
const TRANSITION = { idempotent: true } as const;

/** The columns a finished run sets. */
interface FinalChanges {
  status: 'completed' | 'failed';
  output: Record<string, unknown> | null;
  error: ExecutionError | null;
  logs: LogEntry[];
  completedAt: Date;
  durationMs: number | null;
  leasedUntil: null;
}

/** The final columns of a run that ended with `outcome`. */
function finalChanges(execution: Execution, outcome: RunOutcome): FinalChanges {
  return {
    status: outcome.status,
    output: outcome.output,
    error: outcome.error,
    logs: outcome.logs,
    completedAt: outcome.completedAt,
    durationMs: execution.startedAt
      ? Math.max(0, outcome.completedAt.getTime() - execution.startedAt.getTime())
      : null,
    leasedUntil: null,
  };
}

/** Records one finished run if the row is still `running` under the same claim. */
const FINISH_ONE = `UPDATE executions SET status = ?, output = ?, error = ?, logs = ?, completed_at = ?,
  duration_ms = ?, leased_until = NULL WHERE id = ? AND status = 'running' AND attempts = ?`;

/**
 * The transitions of an execution to a final state (CONTRACT §4): each is one transaction
 * that changes the row only if it is still in the state the caller saw (so a cancel and a
 * finishing run never both win), writes the callback into the outbox and, for `completed` and
 * `failed`, the agent's daily counters (DailyCounters, last, so that the counter row is
 * locked for the shortest time). The finish signal goes out after the commit, with the final
 * record for waiters in this process.
 */
@Injectable()
export class ExecutionLifecycleService {
  private readonly raw: RawColumns<Execution>;
  private readonly mysql: boolean;
  private readonly counters: DailyCounters;
  private readonly steps: RunStepsWriter;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(EXECUTION_NOTICES) private readonly notices: ExecutionNotices,
    private readonly bus: LocalBus,
    private readonly metrics: MetricsService,
    @Inject(RUN_QUEUE) private readonly queue: RunQueue,
  ) {
    this.raw = new RawColumns(dataSource, Execution);
    this.mysql = dataSource.options.type !== 'better-sqlite3';
    this.counters = new DailyCounters(dataSource);
    this.steps = new RunStepsWriter(dataSource);
  }

  /**
   * Records the end of a run. Applies only while the row is still `running` under the same
   * claim (`attempts`), and, with `leaseExpiredBefore`, only if that claim's lease expired
   * (recovery). Returns false when the row had moved on (cancelled, or reclaimed).
   */
  async finish(
    execution: Execution,
    outcome: RunOutcome,
    options: { leaseExpiredBefore?: Date } = {},
  ): Promise<boolean> {
    const changes = finalChanges(execution, outcome);
    let noticed = false;
    await this.notices.load([execution.accountId]);
    const finished = await retrying(this.dataSource, TRANSITION).transaction(async (manager) => {
      const update = manager
        .createQueryBuilder()
        .update(Execution)
        .set(changes as QueryDeepPartialEntity<Execution>)
        .where('id = :id AND status = :running AND attempts = :attempts', {
          id: execution.id,
          running: 'running',
          attempts: execution.attempts,
        });
      if (options.leaseExpiredBefore) {
        update.andWhere('(leased_until IS NULL OR leased_until < :expired)', {
          expired: options.leaseExpiredBefore,
        });
      }
      const result = await update.execute();
      if (result.affected !== 1) return false;
      Object.assign(execution, changes);
      const steps = outcome.steps;
      if (steps) await this.steps.store(manager, [{ executionId: execution.id, steps }]);
      noticed = (await this.notices.write(manager, [{ execution, steps: steps?.records }])) > 0;
      await executeAll(manager, [this.counters.finished([execution])!]);
      return true;
    });
    if (noticed) this.notices.wake();
    if (finished) {
      this.metrics.executionFinished(execution.agentKind, outcome.status, changes.durationMs);
      await this.announceFinished(execution.id, execution);
    }
    return finished;
  }

  /**
   * Records the end of many runs in one transaction: for each, the same conditional UPDATE
   * as `finish` (still `running` under the same claim), then the step records and callbacks
   * of those that changed, then one upsert of their daily counters. Resolves, in order, whether each was
   * recorded (false: the row had moved on).
   * Throws when the transaction failed (nothing recorded): the caller then records each run
   * on its own (`finish`), so that one row the database refuses does not hold up the others.
   * Statements per batch: SQLite one UPDATE per run (prepared, no round trips); MySQL one
   * locking read and one UPDATE per final status, or for a lone run its UPDATE (with its
   * counter in one round trip, when it has no callback).
   */
  async finishMany(runs: { execution: Execution; outcome: RunOutcome }[]): Promise<boolean[]> {
    const changes = runs.map(({ execution, outcome }) => finalChanges(execution, outcome));
    let notices = 0;
    await this.notices.load(runs.map(({ execution }) => execution.accountId));
    const lone = runs.length === 1 ? runs[0].execution : null;
    const results =
      lone &&
      !runs[0].outcome.steps &&
      this.mysql &&
      !this.notices.wants({ ...lone, status: changes[0].status })
        ? [await this.finishAlone(runs[0].execution, changes[0])]
        : await retrying(this.dataSource, TRANSITION).transaction(async (manager) => {
            // One run: its conditional UPDATE alone is cheaper than a locking read first.
            const changed =
              this.mysql && runs.length > 1
                ? await this.finishOwned(manager, runs, changes)
                : await this.finishEach(manager, runs, changes);
            const finished = runs.flatMap((run, i) => {
              if (!changed[i]) return [];
              Object.assign(run.execution, changes[i]);
              return [{ execution: run.execution, steps: run.outcome.steps }];
            });
            await this.steps.store(
              manager,
              finished.flatMap(({ execution, steps }) =>
                steps ? [{ executionId: execution.id, steps }] : [],
              ),
            );
            notices = await this.notices.write(
              manager,
              finished.map(({ execution, steps }) => ({ execution, steps: steps?.records })),
            );
            const counters = this.counters.finished(finished.map(({ execution }) => execution));
            if (counters) await executeAll(manager, [counters]);
            return changed;
          });
    if (notices > 0) this.notices.wake();
    for (let i = 0; i < runs.length; i++) {
      if (!results[i]) continue;
      const { execution } = runs[i];
      this.metrics.executionFinished(execution.agentKind, changes[i].status, changes[i].durationMs);
      await this.announceFinished(execution.id, execution);
    }
    return results;
  }

  /**
   * MySQL, one run without a callback: its conditional UPDATE and its counter, which applies
   * only if the UPDATE changed the row (`ROW_COUNT()`), as one transaction in one round trip.
   * Retried after a lost connection too: applied twice, the second changes nothing, counter
   * included (and reports false).
   */
  private async finishAlone(execution: Execution, change: FinalChanges): Promise<boolean> {
    const changed = await retrying(this.dataSource, TRANSITION).atomic([
      [FINISH_ONE, this.finishOneValues(execution, change)],
      this.counters.finishedIfChanged({ agentId: execution.agentId, ...change })!,
    ]);
    if (changed?.[0] !== 1) return false;
    Object.assign(execution, change);
    return true;
  }

  /** One conditional UPDATE per run (SQLite: prepared once, no round trips; MySQL: one run). */
  private async finishEach(
    manager: EntityManager,
    runs: { execution: Execution }[],
    changes: FinalChanges[],
  ): Promise<boolean[]> {
    const changed: boolean[] = [];
    for (let i = 0; i < runs.length; i++) {
      const values = this.finishOneValues(runs[i].execution, changes[i]);
      changed.push((await execute(manager, FINISH_ONE, values)) === 1);
    }
    return changed;
  }

  /** The parameters of FINISH_ONE for a run. */
  private finishOneValues(execution: Execution, change: FinalChanges): unknown[] {
    return [...this.finalValues(change), execution.id, execution.attempts];
  }

  /**
   * MySQL: a round trip per row would cost more than the commit. One locking read finds the
   * runs still `running` under their claim (`attempts`); the others moved on (a cancel won).
   * Then one UPDATE per final status sets the owned rows, each its own values (CASE on id).
   */
  private async finishOwned(
    manager: EntityManager,
    runs: { execution: Execution }[],
    changes: FinalChanges[],
  ): Promise<boolean[]> {
    const q = (name: string) => this.dataSource.driver.escape(name);
    const list = (n: number) => Array.from({ length: n }, () => '?').join(', ');
    const rows: { id: string; attempts: number }[] = await manager.query(
      `SELECT ${q('id')}, ${q('attempts')} FROM ${q('executions')}
       WHERE ${q('id')} IN (${list(runs.length)}) AND ${q('status')} = 'running' FOR UPDATE`,
      runs.map(({ execution }) => execution.id),
    );
    const claims = new Map(rows.map((row) => [row.id, Number(row.attempts)]));
    const changed = runs.map(({ execution }) => claims.get(execution.id) === execution.attempts);
    for (const status of ['completed', 'failed'] as const) {
      const owned = runs.flatMap((run, i) =>
        changed[i] && changes[i].status === status
          ? [{ id: run.execution.id, values: this.finalValues(changes[i]) }]
          : [],
      );
      if (owned.length === 0) continue;
      const cases = (column: string) =>
        `${q(column)} = CASE ${q('id')} ${owned.map(() => 'WHEN ? THEN ?').join(' ')} END`;
      const columns = ['output', 'error', 'logs', 'completed_at', 'duration_ms'];
      const count = await execute(
        manager,
        `UPDATE ${q('executions')} SET ${q('status')} = '${status}', ${columns.map(cases).join(', ')},
           ${q('leased_until')} = NULL
         WHERE ${q('id')} IN (${list(owned.length)}) AND ${q('status')} = 'running'`,
        [
          ...columns.flatMap((_, c) => owned.flatMap(({ id, values }) => [id, values[c + 1]])),
          ...owned.map(({ id }) => id),
        ],
      );
      // The rows are locked: anything else is a bug, and the transaction is rolled back.
      if (count !== owned.length) throw new Error(`Finished ${count} of ${owned.length} runs`);
    }
    return changed;
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

  /**
   * Fails a claimed execution whose stored data cannot be read (a broken JSON document in
   * its row): it can never run. Its error is `agent_error`; no callback is sent, as its
   * payload cannot be built from the row.
   */
  async failUnreadable(
    claim: Pick<Execution, 'id' | 'agentId' | 'agentKind' | 'attempts' | 'startedAt'>,
    reason: string,
  ): Promise<boolean> {
    const completedAt = now();
    const message = `The execution's stored data could not be read: ${reason}`;
    const changes = {
      status: 'failed' as const,
      output: null,
      error: { code: 'agent_error', message },
      logs: [{ timestamp: completedAt.toISOString(), level: 'error' as const, message }],
      completedAt,
      durationMs: claim.startedAt
        ? Math.max(0, completedAt.getTime() - claim.startedAt.getTime())
        : null,
      leasedUntil: null,
    };
    const failed = await retrying(this.dataSource, TRANSITION).transaction(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(Execution)
        .set(changes as QueryDeepPartialEntity<Execution>)
        .where('id = :id AND status = :running AND attempts = :attempts', {
          id: claim.id,
          running: 'running',
          attempts: claim.attempts,
        })
        .execute();
      if (result.affected !== 1) return false;
      await executeAll(manager, [
        this.counters.finished([{ agentId: claim.agentId, ...changes }])!,
      ]);
      return true;
    });
    if (failed) {
      this.metrics.executionFinished(claim.agentKind, 'failed', changes.durationMs);
      await this.announceFinished(claim.id);
    }
    return failed;
  }

  /**
   * Cancels a queued or running execution (409 `conflict` otherwise). A running run is
   * told to abort through the local bus; a worker elsewhere notices when it renews its
   * lease, and its own final update then changes nothing.
   */
  async cancel(execution: Execution): Promise<Execution> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const seen: ExecutionStatus = execution.status;
      if (seen !== 'queued' && seen !== 'running') {
        throw ApiError.conflict(
          `The execution is ${seen}; only queued or running ones can be cancelled`,
        );
      }
      const completedAt = now();
      const changes = {
        status: 'cancelled' as const,
        completedAt,
        durationMs: execution.startedAt
          ? Math.max(0, completedAt.getTime() - execution.startedAt.getTime())
          : null,
        leasedUntil: null,
        logs: [
          ...(execution.logs ?? []),
          {
            timestamp: completedAt.toISOString(),
            level: 'warn' as const,
            message: 'Cancelled on request',
          },
        ],
      };
      let noticed = false;
      await this.notices.load([execution.accountId]);
      const cancelled = await retrying(this.dataSource, TRANSITION).transaction(async (manager) => {
        const moved = await this.move(manager, execution, seen, changes);
        if (!moved) return false;
        noticed = (await this.notices.write(manager, [{ execution }])) > 0;
        return true;
      });
      if (noticed) this.notices.wake();
      if (cancelled) {
        this.metrics.executionFinished(execution.agentKind, 'cancelled', changes.durationMs);
        this.bus.emit('execution.cancel', execution.id);
        await this.announceFinished(execution.id, execution);
        return execution;
      }
      // The row changed meanwhile (claimed, or finished): judge again on what it is now.
      const current = await this.dataSource
        .getRepository(Execution)
        .findOneBy({ id: execution.id });
      if (!current) throw ApiError.notFound('Execution');
      execution = current;
    }
    throw ApiError.conflict('The execution kept changing state; try again');
  }

  /**
   * The log so far of a run in progress (its page shows it live). Only this attempt's row
   * while it is running: once the run is finished, cancelled or taken over, nothing changes.
   */
  async writeLiveLogs(execution: Execution, logs: LogEntry[]): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(Execution)
      .set({ logs } as QueryDeepPartialEntity<Execution>)
      .where('id = :id AND status = :status AND attempts = :attempts', {
        id: execution.id,
        status: 'running',
        attempts: execution.attempts,
      })
      .execute();
  }

  /**
   * Keeps the logs a run wrote before it was cancelled (they go before the cancel entry), and
   * the step records it ended with if it had ended when the cancel won.
   * Only touches a row that is cancelled (never a final record of another kind). Entries
   * already written while the run was in progress are not repeated.
   */
  async keepLogsOfCancelledRun(
    executionId: string,
    runLogs: LogEntry[],
    steps?: RunSteps,
  ): Promise<void> {
    if (runLogs.length === 0 && !steps) return;
    const key = (entry: LogEntry) => `${entry.timestamp} ${entry.level} ${entry.message}`;
    const ours = new Set(runLogs.map(key));
    // Not idempotent for entries without a twin (merged twice, those would repeat): retried
    // only when rolled back.
    await retrying(this.dataSource).transaction(async (manager) => {
      const current = await manager.findOneBy(Execution, { id: executionId });
      if (!current || current.status !== 'cancelled') return;
      const earlier = (current.logs ?? []).filter((entry) => !ours.has(key(entry)));
      const logs = [...runLogs, ...earlier].sort((a, b) =>
        a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0,
      );
      await manager.update(Execution, { id: executionId, status: 'cancelled' }, { logs });
      if (steps) await this.steps.store(manager, [{ executionId, steps }]);
    });
  }

  private async move(
    manager: EntityManager,
    execution: Execution,
    from: ExecutionStatus,
    changes: Partial<Execution>,
  ): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(Execution)
      .set(changes as QueryDeepPartialEntity<Execution>)
      .where('id = :id AND status = :from AND attempts = :attempts', {
        id: execution.id,
        from,
        attempts: execution.attempts,
      })
      .execute();
    if (result.affected !== 1) return false;
    Object.assign(execution, changes);
    return true;
  }

  /** After the commit: `execution` (the final record, if at hand) goes to waiters here. */
  private async announceFinished(executionId: string, execution?: Execution): Promise<void> {
    const snapshot = execution && Object.assign(new Execution(), execution);
    await this.queue.notifyFinished(executionId, snapshot).catch(() => undefined);
  }
}

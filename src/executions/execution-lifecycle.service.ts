import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ApiError } from '../common/api-error';
import { now } from '../common/time';
import { executeAll, pipelinedTransaction, retrying } from '../database/transactions';
import { DailyCounters } from '../agents/daily-counters';
import { MetricsService } from '../metrics/metrics.service';
import { LocalBus } from '../queue/local-bus';
import { RUN_QUEUE, type RunQueue } from '../queue/run-queue';
import { Execution, ExecutionError, ExecutionStatus, LogEntry } from './execution.entity';
import { EXECUTION_NOTICES, type ExecutionNotices } from './execution-notices';
import { type FinalChanges, finalChanges, RunFinish, TRANSITION } from './run-finish';
import { type RunSteps, RunStepsWriter, stepsOf } from './step-rows';

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
 * The transitions of an execution to a final state (docs/api.md, Trigger and executions): each is
 * one transaction that changes the row only if it is still in the state the caller saw (so a cancel
 * and a finishing run never both win), writes the callback into the outbox and, for `completed` and
 * `failed`, the agent's daily counters (DailyCounters, last, so that the counter row is
 * locked for the shortest time). The finish signal goes out after the commit, with the final
 * record for waiters in this process.
 */
@Injectable()
export class ExecutionLifecycleService {
  private readonly counters: DailyCounters;
  private readonly finishes: RunFinish;
  private readonly steps: RunStepsWriter;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(EXECUTION_NOTICES) private readonly notices: ExecutionNotices,
    private readonly bus: LocalBus,
    private readonly metrics: MetricsService,
    @Inject(RUN_QUEUE) private readonly queue: RunQueue,
  ) {
    this.counters = new DailyCounters(dataSource);
    this.finishes = new RunFinish(dataSource, this.counters);
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
    return (await this.finishMany([{ execution, outcome }], options))[0];
  }

  /**
   * Records the end of many runs in one transaction: for each, the conditional UPDATE of
   * RunFinish (still `running` under the same claim), then the step records and notices
   * (callbacks, events) of those that changed, then one upsert of their daily counters.
   * Resolves, in order, whether each was recorded (false: the row had moved on).
   * Throws when the transaction failed (nothing recorded): the caller then records each run
   * on its own, so that one row the database refuses does not hold up the others. A lone run
   * on MySQL with nothing else to write is one round trip (`RunFinish.alone`).
   */
  async finishMany(
    runs: { execution: Execution; outcome: RunOutcome }[],
    options: { leaseExpiredBefore?: Date } = {},
  ): Promise<boolean[]> {
    const changes = runs.map(({ execution, outcome }) =>
      finalChanges(execution.startedAt, outcome),
    );
    let notices = 0;
    const loaded = await this.notices.load(runs.map(({ execution }) => execution.accountId));
    // No notice to write (no callback, no endpoint wants the event), and not a recovery.
    const quiet =
      !options.leaseExpiredBefore &&
      runs.every(({ execution }, i) => !loaded.wants({ ...execution, status: changes[i].status }));
    const lone = runs.length === 1 ? runs[0].execution : null;
    const alone = lone && quiet && this.finishes.mysql && !runs[0].outcome.steps;
    const results = alone
      ? [await this.finishes.alone(lone, changes[0])]
      : quiet
        ? await this.finishQuietly(runs, changes)
        : await retrying(this.dataSource, TRANSITION).transaction(async (manager) => {
            const changed = await this.finishes.many(
              manager,
              runs.map(({ execution }) => execution),
              changes,
              options,
            );
            const finished = finishedRuns(runs, changes, changed);
            await this.steps.store(manager, stepsOf(finished));
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
      Object.assign(execution, changes[i]);
      this.metrics.executionFinished(execution.agentKind, changes[i].status, changes[i].durationMs);
      await this.announceFinished(execution.id, execution);
    }
    return results;
  }

  /**
   * finishMany for runs whose ends write no notices (no callback, no endpoint wants them):
   * their UPDATEs, step records and counters are sent with the commit (RunFinish.inPipeline),
   * two round trips on MySQL for the whole batch.
   */
  private finishQuietly(
    runs: { execution: Execution; outcome: RunOutcome }[],
    changes: FinalChanges[],
  ): Promise<boolean[]> {
    return pipelinedTransaction(this.dataSource, TRANSITION, (pipeline) =>
      this.finishes.inPipeline(
        pipeline,
        runs.map(({ execution }) => execution),
        changes,
        (changed) => {
          const finished = finishedRuns(runs, changes, changed);
          const counters = this.counters.finished(finished.map(({ execution }) => execution));
          return [...this.steps.statements(stepsOf(finished)), ...(counters ? [counters] : [])];
        },
      ),
    );
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
    const changes = finalChanges(claim.startedAt, {
      status: 'failed',
      output: null,
      error: { code: 'agent_error', message },
      logs: [{ timestamp: completedAt.toISOString(), level: 'error', message }],
      completedAt,
    });
    const failed = await retrying(this.dataSource, TRANSITION).transaction(async (manager) => {
      const [changed] = await this.finishes.many(manager, [claim], [changes]);
      if (!changed) return false;
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
      // Read before the transaction (and cached): its `write` then needs no other statement.
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

/** The runs that changed, each as now stored (the objects change after the commit). */
function finishedRuns(
  runs: { execution: Execution; outcome: RunOutcome }[],
  changes: FinalChanges[],
  changed: boolean[],
): { execution: Execution; steps?: RunSteps }[] {
  return runs.flatMap(({ execution, outcome }, i) =>
    changed[i] ? [{ execution: { ...execution, ...changes[i] }, steps: outcome.steps }] : [],
  );
}

import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, LessThanOrEqual } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ApiError } from '../common/api-error';
import { now } from '../common/time';
import { executeAll, pipelinedTransaction, retrying } from '../database/transactions';
import { DailyCounters } from '../agents/daily-counters';
import { MetricsService } from '../metrics/metrics.service';
import { LocalBus } from '../queue/local-bus';
import { RUN_QUEUE, type RunQueue } from '../queue/run-queue';
import { ExecutionStep } from './execution-step.entity';
import { FlowRun } from './flow-run.entity';
import {
  Execution,
  ExecutionError,
  ExecutionStatus,
  HELD,
  type ExecutionWaiting,
  LogEntry,
} from './execution.entity';
import { EXECUTION_NOTICES, type ExecutionNotices } from './execution-notices';
import { type FinalChanges, finalChanges, RunFinish, TRANSITION } from './run-finish';
import { WaitToken } from './wait-token.entity';
import { WaitTokens } from './wait-tokens';
import { childFinished, waitedChildren, wakeParents } from './parent-wakeups';
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

/** How a run paused, as the worker reports it (the kinds' RunWaiting). */
export interface RunPause {
  wait: { step: string; wakeAt: Date; timed: boolean; tokenId?: string; childId?: string };
  logs: LogEntry[];
  /** The step records it paused with (the waiting one among them). */
  steps?: RunSteps;
}

/** How many waiting rows one pass of `wakeDue` puts back in the queue at most. */
export const WAKE_BATCH = 200;

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
  private readonly tokens: WaitTokens;

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
    this.tokens = new WaitTokens(dataSource);
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
    let parentsDue = 0;
    const loaded = await this.notices.load(runs.map(({ execution }) => execution.accountId));
    // No notice to write (no callback, no endpoint wants the event), not a recovery, and
    // no parent to wake (a child of an `agent` step).
    const quiet =
      !options.leaseExpiredBefore &&
      runs.every(
        ({ execution, outcome }, i) =>
          !outcome.steps?.tokens &&
          execution.source !== 'agent' &&
          !loaded.wants({ ...execution, status: changes[i].status }),
      );
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
            // Tokens it did not wait for: nobody can complete them into a finished run.
            for (const { execution, steps } of finished) {
              if (steps?.tokens) await this.tokens.cancelOf(manager, execution.id);
            }
            parentsDue += await wakeParents(
              manager,
              finished.flatMap(({ execution }) =>
                execution.source === 'agent' ? [execution.id] : [],
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
    if (parentsDue > 0) this.bus.emit('executions.due');
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
   * A run paused (`running` → `waiting`, only under the claim that ran it): the row keeps what
   * it waits for (`waiting`), when it wakes (`wake_at`), its log so far and its step records,
   * and gives up its lease; the worker forgets it. No callback: it is not finished. Waiters
   * in this process (a synchronous trigger) are told after the commit. False when the row
   * had moved on (cancelled, or taken over).
   */
  async suspend(execution: Execution, pause: RunPause): Promise<boolean> {
    const { wait } = pause;
    const waiting: ExecutionWaiting = { step: wait.step };
    if (wait.timed) waiting.until = wait.wakeAt.toISOString();
    if (wait.tokenId) waiting.token_id = wait.tokenId;
    const changes = {
      status: 'waiting' as const,
      waiting,
      wakeAt: wait.wakeAt,
      logs: pause.logs,
      leasedUntil: null,
    };
    let noticed = false;
    let dueAtOnce = false;
    await this.notices.load([execution.accountId]);
    const moved = await retrying(this.dataSource, TRANSITION).transaction(async (manager) => {
      // A token completed before the pause is written (even before its wait was reached):
      // the execution is due at once. The token's row is locked first, as a completion does.
      const tokenId = wait.tokenId;
      // Likewise a child (an `agent` step) that ended before the pause is written.
      const due =
        (tokenId !== undefined && !(await this.tokens.stillWaiting(manager, tokenId))) ||
        (wait.childId !== undefined && (await childFinished(manager, wait.childId)));
      const write = due ? { ...changes, wakeAt: now() } : changes;
      if (!(await this.move(manager, execution, 'running', write))) return false;
      dueAtOnce = due;
      const steps = pause.steps;
      if (steps) await this.steps.store(manager, [{ executionId: execution.id, steps }]);
      // `execution.waiting` for the endpoints that want it; a callback waits for the end.
      noticed = (await this.notices.write(manager, [{ execution, steps: steps?.records }])) > 0;
      return true;
    });
    if (noticed) this.notices.wake();
    if (dueAtOnce) this.bus.emit('executions.due');
    if (moved) await this.announceFinished(execution.id, execution);
    return moved;
  }

  /**
   * Puts the waiting executions whose `wake_at` has come back in the queue (`waiting` →
   * `queued`, conditional on both, so that two workers polling at once wake each row once and a
   * cancel wins or loses cleanly), then announces them to the run queue: any worker claims them
   * as it claims new rows, and the run goes on from its waiting step. Resolves how many rows
   * it woke. Run by every worker (WaitPoller), so a wake-up never depends on the process that
   * started the wait.
   */
  async wakeDue(at: Date = now(), limit = WAKE_BATCH): Promise<number> {
    const repository = this.dataSource.getRepository(Execution);
    const due = await repository.find({
      select: {
        id: true,
        attempts: true,
        waiting: true,
        agentId: true,
        flowKey: true,
        createdAt: true,
      },
      where: { status: 'waiting', wakeAt: LessThanOrEqual(at) },
      order: { wakeAt: 'ASC' },
      take: limit,
    });
    if (due.length === 0) return 0;
    // Under flow control a resumed run takes its turn for a slot again (held, in its key).
    const plain = due.filter((row) => row.flowKey === null);
    const flowing = due.filter((row) => row.flowKey !== null);
    const woken = await retrying(this.dataSource, TRANSITION).transaction(async (manager) => {
      const wake = async (rows: Execution[], status: ExecutionStatus) => {
        if (rows.length === 0) return [];
        const moved: Execution[] = [];
        for (const row of rows) {
          const result = await manager
            .createQueryBuilder()
            .update(Execution)
            .set({
              status,
              waiting: null,
              wakeAt: null,
              leasedUntil: null,
              held: status === HELD ? 'concurrency' : null,
              // The next claim is a resumption, not a restart: recovery does not count it.
              resumes: () => 'resumes + 1',
            })
            .where('id = :id AND status = :waiting AND wake_at <= :at', {
              id: row.id,
              waiting: 'waiting',
              at,
            })
            .execute();
          if (result.affected === 1) moved.push(row);
        }
        return moved;
      };
      const woke =
        plain.length === 0
          ? 0
          : ((
              await manager
                .createQueryBuilder()
                .update(Execution)
                .set({
                  status: 'queued',
                  waiting: null,
                  wakeAt: null,
                  leasedUntil: null,
                  // The next claim is a resumption, not a restart: recovery does not count it.
                  resumes: () => 'resumes + 1',
                })
                .where('id IN (:...ids) AND status = :waiting AND wake_at <= :at', {
                  ids: plain.map((row) => row.id),
                  waiting: 'waiting',
                  at,
                })
                .execute()
            ).affected ?? 0);
      const held = await wake(flowing, HELD);
      for (const row of held) {
        // No throttle key: a resumption is not a new start, only the concurrency holds it.
        await manager.insert(FlowRun, {
          executionId: row.id,
          agentId: row.agentId,
          flowKey: row.flowKey!,
          throttleKey: null,
          debounceKey: null,
          reason: 'concurrency',
          createdAt: row.createdAt,
          dueAt: null,
          releasedAt: null,
        });
      }
      return woke + held.length;
    });
    if (woken > 0) await this.countWakeUps(due, woken);
    // Announcing a row another worker woke at the same moment costs nothing: a run queue
    // job's id names the row's incarnation (BullMQ keeps one), and a claim takes a row once.
    if (woken > 0) {
      await this.queue
        .requeue(due.map((row) => ({ id: row.id, attempts: row.attempts })))
        .catch(() => undefined); // the reconciliation sweep or the poll finds them
    }
    return woken;
  }

  /**
   * Counts `woken` of the `due` rows in the wake-up metric by reason: a time wait's time, or
   * for a token wait its token's state (completed: `token`; else its expiry came). When
   * another worker woke some of the same rows at the same moment, the first `woken` rows
   * stand for the ones this process woke: the total is exact, the split nearly so.
   */
  private async countWakeUps(
    due: Pick<Execution, 'id' | 'waiting'>[],
    woken: number,
  ): Promise<void> {
    const rows = due.slice(0, woken);
    const tokenIds = rows.flatMap((row) => (row.waiting?.token_id ? [row.waiting.token_id] : []));
    let completed = 0;
    if (tokenIds.length > 0) {
      const found = await this.dataSource
        .getRepository(WaitToken)
        .find({ select: { id: true }, where: { id: In(tokenIds), status: 'completed' } })
        .catch(() => []);
      completed = found.length;
    }
    this.metrics.executionsWoken('time', rows.length - tokenIds.length);
    this.metrics.executionsWoken('token', completed);
    this.metrics.executionsWoken('expired', tokenIds.length - completed);
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
      if (seen !== 'queued' && seen !== 'running' && seen !== 'waiting' && seen !== HELD) {
        throw ApiError.conflict(
          `The execution is ${seen}; only queued, running or waiting ones can be cancelled`,
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
        waiting: null,
        wakeAt: null,
        held: null,
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
      let parentDue = false;
      // Read before the transaction (and cached): its `write` then needs no other statement.
      await this.notices.load([execution.accountId]);
      const cancelled = await retrying(this.dataSource, TRANSITION).transaction(async (manager) => {
        const moved = await this.move(manager, execution, seen, changes);
        if (!moved) return false;
        if (seen === 'waiting') await this.endWaitingSteps(manager, execution.id, completedAt);
        // A held execution leaves flow control's queue (its key's turn passes on).
        if (seen === HELD) {
          await manager.query('DELETE FROM flow_runs WHERE execution_id = ?', [execution.id]);
        }
        await this.tokens.cancelOf(manager, execution.id);
        parentDue = (await wakeParents(manager, [execution.id])) > 0;
        noticed = (await this.notices.write(manager, [{ execution }])) > 0;
        return true;
      });
      if (noticed) this.notices.wake();
      if (parentDue) this.bus.emit('executions.due');
      if (cancelled) {
        this.metrics.executionFinished(execution.agentKind, 'cancelled', changes.durationMs);
        this.bus.emit('execution.cancel', execution.id);
        await this.announceFinished(execution.id, execution);
        await this.cancelChildren(execution.id);
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
   * A cancelled parent's unfinished `wait: true` children are cancelled too (and theirs in
   * turn). One that finishes meanwhile keeps its end; a failure here leaves the child running.
   */
  private async cancelChildren(parentId: string): Promise<void> {
    const children = await waitedChildren(this.dataSource.manager, parentId).catch(() => []);
    for (const child of children) {
      await this.cancel(child).catch(() => undefined);
    }
  }

  /** A cancelled waiting execution: its `waiting` step records end `failed` (`cancelled`). */
  private async endWaitingSteps(
    manager: EntityManager,
    executionId: string,
    at: Date,
  ): Promise<void> {
    const rows = await manager.find(ExecutionStep, { where: { executionId } });
    for (const row of rows) {
      const record = row.record as Record<string, unknown>;
      if (record.status !== 'waiting') continue;
      const started = Date.parse(String(record.started_at));
      const ended = {
        ...record,
        status: 'failed',
        error: { code: 'cancelled', message: 'The execution was cancelled while the step waited' },
        completed_at: at.toISOString(),
        duration_ms: Number.isNaN(started) ? null : Math.max(0, at.getTime() - started),
      };
      await manager.update(ExecutionStep, { executionId, stepId: row.stepId }, {
        record: ended,
      } as QueryDeepPartialEntity<ExecutionStep>);
    }
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

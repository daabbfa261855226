import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { Agent } from '../agents/agent.entity';
import { DailyCounters } from '../agents/daily-counters';
import { inputProblem } from '../agents/input-schema';
import { isUniqueViolation } from '../common/database-errors';
import { now } from '../common/time';
import { executeAll, retrying } from '../database/transactions';
import { RUN_QUEUE, type RunQueue } from '../queue/run-queue';
import {
  CHILD_EXECUTIONS,
  type ChildExecutionPort,
  type ChildExecutions,
  type ChildState,
} from './context';
import { StepError, WorkflowErrorCode } from './errors';
import { Execution } from '../executions/execution.entity';
import { EXECUTION_NOTICES, type ExecutionNotices } from '../executions/execution-notices';
import { build, claimAt, NewExecutionRows } from '../executions/new-executions';
import { finalChanges } from '../executions/run-finish';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { MetricsService } from '../metrics/metrics.service';
import { LocalBus } from '../queue/local-bus';
import { LocalDispatch } from '../queue/local-dispatch';
import type { RunOutcome } from '../executions/execution-lifecycle.service';

/** How many levels of `agent` steps may lie below a root execution. */
export const MAX_AGENT_DEPTH = 5;

/**
 * The child executions of `agent` steps (docs/workflows.md, Agents as steps). A child is a
 * plain execution (`source: "agent"`) of the agent's current version, created as the intake's
 * one-by-one path creates one (row, counters, notices in one transaction, then announced to
 * the run queue), with its parent, its root and the parent's step attempt (`parent_step`).
 * That pair is unique, so a resumed parent that starts the same step attempt again gets the
 * child it started before, whatever crashed in between.
 *
 * A child the parent waits for, of a pure kind (no effect outside its run) and without flow
 * control, is run first in the parent's worker slot (the parent only waits for it), as a
 * synchronous trigger's run is: then stored once, finished, in the transaction that would
 * have stored it queued. Its parent goes on at once, without waiting durably; a crash before
 * that commit left no trace of the child, and the parent's next attempt starts it again.
 */
@Injectable()
export class ChildExecutionService implements ChildExecutions {
  private readonly counters: DailyCounters;
  private readonly rows: NewExecutionRows;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(RUN_QUEUE) private readonly queue: RunQueue,
    @Inject(EXECUTION_NOTICES) private readonly notices: ExecutionNotices,
    private readonly bus: LocalBus,
    private readonly dispatch: LocalDispatch,
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.counters = new DailyCounters(dataSource);
    this.rows = new NewExecutionRows(dataSource);
  }

  port(parent: { executionId: string; accountId: string }): ChildExecutionPort {
    return {
      start: (request) => this.start(parent, request),
      get: async (id) => {
        const row = await this.executions().findOne({
          select: { id: true, status: true, output: true, error: true },
          where: { id, parentExecutionId: parent.executionId },
        });
        return row && stateOf(row);
      },
      finishedHere: (id, ms, signal) => this.finishedHere(id, ms, signal),
      inputSchema: async (agentId) => {
        const agent = await this.dataSource.getRepository(Agent).findOne({
          select: { id: true, inputSchema: true },
          where: { id: agentId, accountId: parent.accountId, deletedAt: IsNull() },
        });
        return agent?.inputSchema ?? null;
      },
    };
  }

  private finishedHere(id: string, ms: number, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (finished: boolean) => {
        clearTimeout(timer);
        stop();
        signal.removeEventListener('abort', aborted);
        resolve(finished);
      };
      const aborted = () => done(false);
      const stop = this.bus.onFinished(id, () => done(true));
      const timer = setTimeout(() => done(false), ms);
      signal.addEventListener('abort', aborted);
      if (signal.aborted) done(false);
    });
  }

  private async start(
    parent: { executionId: string; accountId: string },
    request: Parameters<ChildExecutionPort['start']>[0],
  ): Promise<ChildState> {
    const known = await this.findChild(parent.executionId, request.step);
    if (known) return stateOf(known);
    const row = await this.executions().findOne({
      select: { id: true, rootExecutionId: true, agentDepth: true, traceParent: true },
      where: { id: parent.executionId },
    });
    if (!row) throw new StepError(WorkflowErrorCode.agentFailed, 'The parent execution is gone');
    if (row.agentDepth >= MAX_AGENT_DEPTH) {
      throw new StepError(
        WorkflowErrorCode.agentDepthExceeded,
        `An execution ${MAX_AGENT_DEPTH} levels below its root cannot start another agent`,
      );
    }
    const agent = await this.dataSource.getRepository(Agent).findOneBy({
      id: request.agentId,
      accountId: parent.accountId,
      deletedAt: IsNull(),
    });
    if (!agent) {
      throw new StepError(WorkflowErrorCode.agentFailed, `Agent ${request.agentId} does not exist`);
    }
    if (agent.status === 'paused') {
      throw new StepError(WorkflowErrorCode.agentPaused, `Agent ${agent.id} is paused`);
    }
    const problem = inputProblem(agent.inputSchema, request.input);
    if (problem) {
      throw new StepError(
        WorkflowErrorCode.invalidInput,
        `The input breaks the input_schema of agent ${agent.id}: ${problem.message}`,
      );
    }
    const child = build(
      {
        agent,
        input: request.input,
        source: 'agent',
        traceParent: row.traceParent,
        parent: {
          id: parent.executionId,
          rootId: row.rootExecutionId ?? parent.executionId,
          step: request.step,
          waits: request.wait,
          depth: row.agentDepth + 1,
        },
      },
      now(),
    );
    // The states it passes through, for its notices: queued, and if run first, running, final.
    const queued = { ...child };
    const ran = request.wait && !agent.flow ? await this.runFirst(child, agent) : null;
    const states = [queued, ...(ran ?? [])];
    let wake = false;
    try {
      await retrying(this.dataSource).transaction(async (manager) => {
        await executeAll(manager, [
          ...this.rows.statements([child]),
          this.counters.inserted([child])!,
        ]);
        const changes = states.map((execution) => ({ execution }));
        if ((await this.notices.write(manager, changes)) > 0) wake = true;
      });
    } catch (error) {
      // The same step attempt started its child meanwhile (a run taken over): that one stands.
      const other = isUniqueViolation(error)
        ? await this.findChild(parent.executionId, request.step)
        : null;
      if (other) return stateOf(other);
      throw error;
    }
    if (wake) this.notices.wake();
    if (ran) this.metrics.executionFinished(child.agentKind, child.status, child.durationMs);
    else await this.queue.enqueue([child.id]).catch(() => undefined); // the poll finds it
    return stateOf(child);
  }

  /**
   * Runs `child` (not stored yet) in the parent's worker slot if its kind is pure: the parent
   * only waits for it meanwhile. If it ran, `child` is made the finished row and the states
   * it passed through (running, final) are returned; null if it did not run.
   */
  private async runFirst(child: Execution, agent: Agent): Promise<Execution[] | null> {
    const running = { ...child };
    claimAt(running, child.createdAt, this.config.workerLeaseMs);
    const outcome = (await this.dispatch.runWithin({ ...running }, agent)) as RunOutcome | null;
    if (!outcome) return null;
    Object.assign(child, running, finalChanges(child.createdAt, outcome));
    return [running, { ...child }];
  }

  private findChild(parentId: string, step: string): Promise<Execution | null> {
    return this.executions().findOne({
      select: { id: true, status: true, output: true, error: true },
      where: { parentExecutionId: parentId, parentStep: step },
    });
  }

  private executions() {
    return this.dataSource.getRepository(Execution);
  }
}

function stateOf(row: Pick<Execution, 'id' | 'status' | 'output' | 'error'>): ChildState {
  const error = row.error && { code: row.error.code, message: row.error.message };
  return { id: row.id, status: row.status, output: row.output, error };
}

/** Global, so that the `workflow` kind finds CHILD_EXECUTIONS without importing this module. */
@Global()
@Module({
  providers: [
    ChildExecutionService,
    { provide: CHILD_EXECUTIONS, useExisting: ChildExecutionService },
  ],
  exports: [CHILD_EXECUTIONS],
})
export class ChildExecutionsModule {}

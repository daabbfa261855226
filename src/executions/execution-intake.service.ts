import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
import { isUniqueViolation } from '../common/database-errors';
import { now } from '../common/time';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { executeAll, retrying, type Statement } from '../database/transactions';
import { DailyCounters } from '../agents/daily-counters';
import { MetricsService } from '../metrics/metrics.service';
import { LocalBus } from '../queue/local-bus';
import { LocalDispatch } from '../queue/local-dispatch';
import { IntakePressure } from '../queue/intake-pressure';
import { RUN_QUEUE, type RunQueue } from '../queue/run-queue';
import { Execution, isHeld } from './execution.entity';
import { EXECUTION_NOTICES, type ExecutionNotices, type LoadedNotices } from './execution-notices';
import {
  build,
  claimAt,
  type IntakeResult,
  type NewExecution,
  NewExecutionRows,
  storedKeys,
} from './new-executions';
import { IntakeBatches, MAX_IN_FLIGHT } from './intake-batches';
import { KeyedIntake } from './keyed-intake';
import { admissible, FlowIntake } from './flow-intake';
import {
  type AgentFlow,
  CONSTANT_FLOW_KEYS,
  FLOW_KEYS,
  type FlowKeyCompiler,
} from '../agents/flow';
import { finalChanges } from './run-finish';
import { tracing } from '../tracing/tracing';

/** A submit waiting for its batch. */
interface Pending {
  request: NewExecution;
  resolve(result: IntakeResult): void;
  reject(error: unknown): void;
}

/** One row of a batch and the submits it answers: the first created it, the others repeat its key. */
interface Leader {
  entry: Pending;
  followers: Pending[];
  execution?: Execution;
  /** Committed already claimed by this process's worker (LocalDispatch). */
  dispatched?: boolean;
}

/**
 * The one way executions are created (API trigger, webhook, retry): the row is committed as
 * `queued` together with the agent's daily counter (DailyCounters, same transaction), and only
 * then announced to the run queue; or, for webhooks and synchronous triggers while this
 * process's worker has free slots and no backlog, committed already claimed by that worker
 * (`running`) and handed to it (LocalDispatch); or, for a synchronous trigger's run that
 * ended before anything was written (`NewExecution.ran`), committed finished. A caller
 * acknowledges the client only after `submit` resolved, so an acknowledged execution is
 * always durable.
 *
 * Group commit (IntakeBatches): submits are collected for INTAKE_BATCH_WINDOW_MS (or until
 * INTAKE_BATCH_MAX are waiting, or while the previous batch is still being written) and
 * written together (a lone request pays no window: `batchWindowMs`):
 * one multi-row INSERT and one upsert of the daily counters, in one transaction (MySQL, when
 * no key is to be looked up: `START TRANSACTION; INSERT; upsert; COMMIT` in one round trip,
 * atomicWithRetry). Every submit
 * of a batch resolves after its commit; if the batch cannot be written, every submit of it
 * fails with 503 `service_unavailable` and none was stored. Ids are given in submit order.
 * Idempotency keys: submits repeating a key within one batch share the first one's execution
 * (`created: false`); a key already stored takes the one-by-one path after the batch.
 */
@Injectable()
export class ExecutionIntakeService {
  private readonly logger = new Logger('ExecutionIntake');
  private readonly sqlite: boolean;
  private readonly batches: IntakeBatches<Pending>;
  private readonly counters: DailyCounters;
  private readonly rows: NewExecutionRows;
  private readonly keyed: KeyedIntake;
  private readonly flows: FlowIntake;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(RUN_QUEUE) private readonly queue: RunQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dispatch: LocalDispatch,
    pressure: IntakePressure,
    @Inject(EXECUTION_NOTICES) private readonly notices: ExecutionNotices,
    private readonly metrics: MetricsService,
    private readonly bus: LocalBus,
    @Optional() @Inject(FLOW_KEYS) flowKeys?: FlowKeyCompiler,
  ) {
    this.sqlite = dataSource.options.type === 'better-sqlite3';
    const limits = {
      windowMs: config.intakeBatchWindowMs,
      max: config.intakeBatchMax,
      maxInFlight: this.sqlite ? MAX_IN_FLIGHT.sqlite : MAX_IN_FLIGHT.mysql,
    };
    this.batches = new IntakeBatches(limits, pressure, (batch) => this.flush(batch));
    this.counters = new DailyCounters(dataSource);
    this.rows = new NewExecutionRows(dataSource);
    this.flows = new FlowIntake(
      dataSource,
      flowKeys ?? CONSTANT_FLOW_KEYS,
      this.rows,
      this.counters,
      notices,
      queue,
    );
    this.keyed = new KeyedIntake(dataSource, this.rows, this.counters, notices, queue, (row, r) =>
      this.flows.statement([row], [r]),
    );
  }

  /**
   * Stores a new execution (see above); resolves once it is committed and announced. An
   * execution of an agent with `flow` is stored held, its keys evaluated first (FlowIntake),
   * unless the intake admits it at once (a concurrency limit alone, its key with room and
   * nothing held: FlowIntake.admit); with a debounce, it may instead replace the input of the
   * key's pending execution.
   */
  submit(request: NewExecution): Promise<IntakeResult> {
    // The trace context to keep, taken now: the caller's request's (`trace`), else a new one.
    const traces = tracing();
    if (traces && request.traceParent === undefined) {
      const { trace, ...rest } = request;
      request = { ...rest, traceParent: traces.traceParentForNew(trace) };
    }
    const flow = request.agent.flow;
    if (flow && !request.ran && !request.flow) return this.submitHeld(request, flow);
    return new Promise<IntakeResult>((resolve, reject) =>
      this.batches.add({ request, resolve, reject }),
    );
  }

  /** An execution of an agent with `flow`: its keys first, then stored held or debounced. */
  private async submitHeld(request: NewExecution, flow: AgentFlow): Promise<IntakeResult> {
    const placed = await this.flows.place(request, flow);
    const result = flow.debounce
      ? await this.flows.debounce(placed, flow)
      : await this.submit(placed);
    if (isHeld(result.execution)) this.bus.emit('flow.held');
    return result;
  }

  /** A slot may be reserved for it: it may be handed off, if admitted when it has `flow`. */
  private mayReserve(leader: Leader): boolean {
    const { request } = leader.entry;
    if (!request.flow) return mayDispatch(leader);
    return request.dispatch === true && this.sqlite && admissible(request.agent.flow);
  }

  private async flush(batch: Pending[]): Promise<void> {
    const leaders: Leader[] = [];
    const keyed = new Map<string, Leader>();
    for (const entry of batch) {
      const key = keyOf(entry.request);
      const first = key === null ? undefined : keyed.get(key);
      if (first) {
        first.followers.push(entry);
        continue;
      }
      const leader: Leader = { entry, followers: [] };
      leaders.push(leader);
      if (key !== null) keyed.set(key, leader);
    }

    const written = await this.write(batch, leaders, keyed);
    if (!written) return;
    const [inserted, oneByOne] = written;
    if (inserted.length > 0) {
      // The worker gets its own copies: it changes them as the runs go on.
      const dispatched = inserted.filter((leader) => leader.dispatched);
      this.dispatch.start(
        dispatched.map((leader) => Object.assign(new Execution(), leader.execution)),
        new Map(dispatched.map(({ entry }) => [entry.request.agent.id, entry.request.agent])),
      );
      try {
        await this.queue.enqueue(inserted.filter(isQueued).map((leader) => leader.execution!.id));
        for (const { entry, followers, execution } of inserted) {
          // Stored finished: its run is counted here, as the worker's are when they finish.
          if (entry.request.ran) {
            this.metrics.executionFinished(
              execution!.agentKind,
              execution!.status,
              execution!.durationMs,
            );
          }
          entry.resolve({ execution: execution!, created: true });
          for (const follower of followers)
            follower.resolve({ execution: execution!, created: false });
        }
      } catch (error) {
        for (const { entry, followers } of inserted) {
          for (const waiting of [entry, ...followers]) waiting.reject(error);
        }
      }
    }
    for (const { entry, followers } of oneByOne) {
      try {
        const result = await this.keyed.submit(entry.request);
        entry.resolve(result);
        for (const follower of followers) {
          follower.resolve({ execution: result.execution, created: false });
        }
      } catch (error) {
        for (const waiting of [entry, ...followers]) waiting.reject(error);
      }
    }
  }

  /**
   * Writes the leaders whose key is not stored yet in one transaction (MySQL, without keys and
   * in one statement: that statement alone). Resolves the leaders written and those left for
   * the one-by-one path, or null after failing the whole batch.
   */
  private async write(
    batch: Pending[],
    leaders: Leader[],
    keyed: Map<string, Leader>,
  ): Promise<[Leader[], Leader[]] | null> {
    // Slots of this process's worker: the first rows that may be are committed claimed by it.
    // Executions of a flow the intake may admit (FlowIntake.admit) reserve one too.
    const grant = this.dispatch.reserve(
      leaders
        .filter((leader) => this.mayReserve(leader))
        .map((leader) => leader.entry.request.agent.accountId),
    );
    let noticed = false;
    /** Builds the rows of the leaders whose key is not stored (`taken`), in submit order. */
    const prepare = (
      loaded: LoadedNotices,
      taken: Set<string> | null,
    ): [Leader[], Leader[], Statement[]] => {
      const isTaken = (leader: Leader) => taken?.has(keyOf(leader.entry.request)!) ?? false;
      const fresh = leaders.filter((leader) => !isTaken(leader));
      const createdAt = now();
      grant.reset();
      const notices = loaded.batch();
      for (const leader of fresh) {
        const { ran } = leader.entry.request;
        const execution = build(leader.entry.request, ran?.startedAt ?? createdAt);
        leader.execution = execution;
        notices.add(execution);
        if (ran) {
          claimAt(execution, ran.startedAt, this.config.workerLeaseMs);
          notices.add(execution);
          Object.assign(execution, finalChanges(ran.startedAt, ran.outcome));
          notices.add(execution);
          continue;
        }
        leader.dispatched = mayDispatch(leader) && grant.take(execution.accountId);
        if (leader.dispatched) {
          claimAt(execution, createdAt, this.config.workerLeaseMs);
          notices.add(execution);
        }
      }
      const rows = fresh.map((leader) => leader.execution!);
      const counters = this.counters.inserted(rows);
      const statements = [...this.rows.statements(rows), ...(counters ? [counters] : [])];
      // Held executions (flow control): their `flow_runs` rows, in the same commit.
      const held = fresh.some((leader) => leader.entry.request.flow)
        ? this.flows.statement(
            rows,
            fresh.map((leader) => leader.entry.request),
          )
        : null;
      if (held) statements.push(held);
      // Events of accounts with webhook endpoints: in the same commit (the fast path below
      // takes exactly two statements, so these go through the transaction).
      const noticeRows = notices.statement();
      if (noticeRows) statements.push(noticeRows);
      noticed = noticeRows !== null;
      return [fresh, leaders.filter(isTaken), statements];
    };
    try {
      let written: [Leader[], Leader[]];
      const loaded = await this.notices.load(
        leaders.map((leader) => leader.entry.request.agent.accountId),
      );
      const prepared = keyed.size === 0 && !this.sqlite ? prepare(loaded, null) : null;
      if (prepared && prepared[2].length === 2) {
        // MySQL, no key to look up, one INSERT: it and the counters' upsert in one round trip
        // instead of a transaction's four.
        await this.rows.insertAtomically(prepared[2]);
        written = [prepared[0], []];
      } else {
        // Retried after a deadlock or a connection lost before the commit (nothing was stored).
        written = await retrying(this.dataSource).transaction(async (manager) => {
          const taken =
            keyed.size > 0
              ? await storedKeys(
                  manager,
                  [...keyed.values()].map((leader) => leader.entry.request),
                )
              : null;
          if (this.sqlite && leaders.some((leader) => leader.entry.request.flow)) {
            const fresh = leaders.filter((leader) => !taken?.has(keyOf(leader.entry.request)!));
            await this.flows.admit(
              manager,
              fresh.map((leader) => leader.entry.request),
            );
          }
          const [inserted, stored, statements] = prepared ?? prepare(loaded, taken);
          await executeAll(manager, statements);
          return [inserted, stored];
        });
      }
      this.dispatch.release(grant);
      if (noticed) this.notices.wake();
      return written;
    } catch (error) {
      this.dispatch.release(grant, true);
      // A key was stored meanwhile by another process: settle every key one by one.
      if (isUniqueViolation(error)) return [[], leaders];
      this.logger.error(
        `Storing a batch of ${batch.length} execution(s) failed: ${describe(error)}`,
      );
      const failure = ApiError.unavailable(
        'The execution could not be stored; nothing was accepted. Retry later.',
      );
      for (const entry of batch) entry.reject(failure);
      return null;
    }
  }
}

/** Committed `queued` or held: neither handed to this process's worker nor stored finished. */
function isQueued(leader: Leader): boolean {
  return !leader.dispatched && !leader.entry.request.ran;
}

function mayDispatch(leader: Leader): boolean {
  const { request } = leader.entry;
  return (
    request.dispatch === true && !request.ran && (!request.flow || request.flow.admitted === true)
  );
}

function keyOf(request: NewExecution): string | null {
  return request.idempotencyKey ? `${request.agent.id}\n${request.idempotencyKey}` : null;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

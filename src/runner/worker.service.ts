import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { ShutdownClock } from '../common/shutdown';
import type { Agent } from '../agents/agent.entity';
import type { Execution } from '../executions/execution.entity';
import {
  ExecutionLifecycleService,
  type RunOutcome,
} from '../executions/execution-lifecycle.service';
import { ExecutionLogs } from '../executions/execution-logs';
import { IntakePressure } from '../queue/intake-pressure';
import { LocalBus } from '../queue/local-bus';
import {
  type QueuedRun,
  RUN_QUEUE,
  type RunConsumer,
  type RunConsumption,
  type RunQueue,
} from '../queue/run-queue';
import { AccountSlots } from './account-slots';
import { ClaimPump } from './claim-pump';
import { FlowGate } from '../executions/flow-gate';
import { FlowTurns } from './flow-turns';
import { describeError } from './describe-error';
import { ExecutionLeases } from '../executions/execution-leases';
import { ExecutionRunner, RunAborted } from './execution-runner';
import { type ActiveRun, LeaseKeeper } from './lease-keeper';
import { RunClaims } from './run-claims';
import { RunRecorder } from './run-recorder';
import { type RunSlot, RunSlots } from './run-slots';

/** How long past the shutdown grace the run queue may take to hand in its jobs. */
const RELEASE_WAIT_MS = 2000;

/**
 * The worker (worker role): claims queued executions and runs up to WORKER_CONCURRENCY of
 * them at once, each account at most its plan's cap (AccountSlots); a run waiting on the
 * network (`RunContext.idle`) holds no slot meanwhile (RunSlots). Accounts take turns
 * (RunClaims). When to claim is the run queue's business (RunQueue.consume:
 * a local wake-up and polling, or BullMQ jobs and sweeps); the worker only claims, runs and
 * records. Its leases are kept by LeaseKeeper (renewal, recovery of runs whose worker died,
 * hand-back), finished runs are recorded by RunRecorder, what it claims is RunClaims'
 * (batches, or one by one when a batch fails) and when it claims is ClaimPump's. Nothing it
 * reads can crash it: every step catches and logs.
 */
@Injectable()
export class Worker implements OnApplicationBootstrap, OnModuleDestroy, RunConsumer {
  private readonly logger = new Logger('Worker');
  private readonly runs = new Map<string, ActiveRun>();
  private readonly timers: NodeJS.Timeout[] = [];
  private stopping = false;
  private consumption: RunConsumption | null = null;
  /**
   * The WORKER_CONCURRENCY slots: held by runs, reserved for the hand-off, per account; runs
   * waiting on the network give theirs up meanwhile (`idle`).
   */
  private readonly slots: RunSlots;
  /** Callers of freeSlot() waiting for one. */
  private slotWaiters: (() => void)[] = [];
  private readonly keeper: LeaseKeeper;
  private readonly recorder: RunRecorder;
  private readonly claims: RunClaims;
  private readonly pump: ClaimPump;
  private readonly flow: FlowTurns;

  private readonly onCancel = (executionId: string) =>
    this.runs.get(executionId)?.controller.abort(new RunAborted('cancelled'));

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly bus: LocalBus,
    private readonly leases: ExecutionLeases,
    private readonly runner: ExecutionRunner,
    private readonly lifecycle: ExecutionLifecycleService,
    private readonly logs: ExecutionLogs,
    private readonly shutdown: ShutdownClock,
    @Inject(RUN_QUEUE) private readonly queue: RunQueue,
    pressure: IntakePressure,
    gate: FlowGate,
  ) {
    const accounts = new AccountSlots(
      config.workerConcurrency,
      config.accountConcurrency,
      (ids) => leases.plans(ids),
      config.workerMaxWaiting,
    );
    this.slots = new RunSlots(
      config.workerConcurrency,
      config.workerMaxWaiting,
      accounts,
      (withAccount) => this.slotFreed(withAccount),
    );
    this.keeper = new LeaseKeeper(config, leases, lifecycle, queue, this.runs, () => this.stopping);
    this.recorder = new RunRecorder(lifecycle);
    this.claims = new RunClaims(config, leases, runner, lifecycle, accounts);
    this.flow = new FlowTurns(gate, queue, () => this.pump.soon(), this.logger);
    this.pump = new ClaimPump(
      config,
      pressure,
      this.claims,
      this.slots,
      () => this.stopping,
      (execution, agent) => this.startRun(execution, agent),
      this.logger,
      () => this.flow.turn(),
    );
  }

  private readonly onFlowHeld = () => {
    this.flow.mark();
    this.pump.soon();
  };

  private readonly onAgentChanged = () => this.flow.woken();

  onApplicationBootstrap(): void {
    this.bus.on('execution.cancel', this.onCancel);
    this.bus.on('flow.held', this.onFlowHeld);
    this.bus.on('agent.changed', this.onAgentChanged);
    const lease = this.config.workerLeaseMs;
    // These timers also keep a worker-only process alive.
    this.timers.push(
      setInterval(() => void this.keeper.renew(), Math.max(50, Math.floor(lease / 3))),
    );
    this.timers.push(
      setInterval(() => void this.keeper.recover(), Math.max(50, Math.floor(lease / 2))),
    );
    this.timers.push(setInterval(() => void this.flow.poll(), this.config.workerPollMs));
    this.consumption = this.queue.consume(this, this.keeper.recover());
  }

  /**
   * Shutdown: stop claiming, let in-flight runs finish until the process's shutdown deadline
   * (SHUTDOWN_GRACE_MS), then abort the others and put them back in the queue for the next
   * worker. If even that fails, their leases expire and recovery takes them over.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.slots.stop();
    this.wakeSlotWaiters();
    for (const timer of this.timers) clearInterval(timer);
    this.pump.stop();
    this.flow.stop();
    const consumptionStopped = this.consumption?.stop(
      this.shutdown.remainingMs(this.config.shutdownGraceMs) + RELEASE_WAIT_MS,
    );
    await Promise.all([this.pump.running, this.keeper.recovery]);
    const grace = this.shutdown.remainingMs(this.config.shutdownGraceMs);
    const inFlight = Promise.all([...this.runs.values()].map((run) => run.done));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      inFlight,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, grace))),
    ]);
    clearTimeout(timer);
    const unfinished = [...this.runs.values()];
    for (const run of unfinished) {
      run.abandoned = true;
      run.controller.abort(new RunAborted('shutdown'));
    }
    this.bus.off('execution.cancel', this.onCancel);
    this.bus.off('flow.held', this.onFlowHeld);
    this.bus.off('agent.changed', this.onAgentChanged);
    await this.keeper.handBack(unfinished.map((run) => run.execution));
    if (unfinished.length > 0) {
      this.logger.warn(`Put ${unfinished.length} unfinished execution(s) back in the queue`);
    }
    await consumptionStopped;
  }

  /** RunConsumer: rows were queued, the queue is not empty (whatever the last claim found). */
  wake(): Promise<void> {
    this.claims.drained = false;
    this.flow.woken();
    return this.pump.pump();
  }

  /** RunConsumer: a poll. */
  claim(): Promise<void> {
    return this.pump.pump();
  }

  async freeSlot(): Promise<boolean> {
    while (!this.stopping && this.slots.full()) {
      await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
    }
    return !this.stopping;
  }

  queuedBefore(before: Date, limit: number): Promise<QueuedRun[]> {
    return this.claims.queuedBefore(before, limit);
  }

  /**
   * LocalDispatch: slots for executions the intake commits already claimed, within each
   * account's cap; only while the queue is known empty and no claim is under way, so that
   * new executions never overtake queued ones.
   */
  reserve(wanted: Map<string, number>): Map<string, number> {
    if (this.stopping || !this.claims.drained || this.claims.claiming || this.pump.yielding()) {
      return new Map();
    }
    return this.slots.reserve(wanted);
  }

  release(counts: Map<string, number>): void {
    this.slots.release(counts);
    this.wakeSlotWaiters();
    if (counts.size > 0 && !this.claims.drained) this.pump.soon();
  }

  /** LocalDispatch: runs executions committed as claimed by it (handed back if stopping). */
  start(executions: Execution[], agents: Map<string, Agent>): void {
    if (!this.stopping) {
      for (const execution of executions) {
        this.startRun(execution, agents.get(execution.agentId), true);
      }
      return;
    }
    this.slots.unreserve(executions.map((execution) => execution.accountId));
    void this.keeper.handBack(executions);
  }

  /**
   * LocalDispatch: runs an execution of a pure kind not stored yet (a synchronous trigger's,
   * which stores it once finished) in a slot reserved as for the hand-off; null if not run.
   */
  async runNow(execution: Execution, agent: Agent): Promise<RunOutcome | null> {
    if (!this.runner.isPure(execution.agentKind)) return null;
    const wanted = new Map([[execution.accountId, 1]]);
    if (!this.reserve(wanted).get(execution.accountId)) return null;
    const controller = new AbortController();
    const slot = this.slots.start(execution.accountId, controller.signal, true);
    try {
      const result = await this.runner.run(execution, controller, agent);
      return result.kind === 'finished' ? result.outcome : null;
    } finally {
      this.endSlot(slot);
    }
  }

  /** LocalDispatch: runs a pure execution not stored yet in the slot of the run that asks. */
  async runWithin(execution: Execution, agent: Agent): Promise<RunOutcome | null> {
    if (this.stopping || !this.runner.isPure(execution.agentKind)) return null;
    const result = await this.runner.run(execution, new AbortController(), agent);
    return result.kind === 'finished' ? result.outcome : null;
  }

  /**
   * A run gave the worker's slot up (to wait, or while its result is written): the slot may
   * start another run, unless what the last claim left queued belongs to accounts at their
   * caps and the run keeps its account's slot (its result is being written): a claim would
   * find nothing. The end of a run, or new rows, pump again.
   */
  private slotFreed(withAccount: boolean): void {
    this.wakeSlotWaiters();
    if (!this.claims.drained && (withAccount || !this.claims.capped)) this.pump.soon();
  }

  private wakeSlotWaiters(): void {
    const waiters = this.slotWaiters;
    this.slotWaiters = [];
    for (const wake of waiters) wake();
  }

  /** Starts a run in a slot it takes now, or (`reserved`) one reserved for it by the hand-off. */
  private startRun(execution: Execution, agent?: Agent, reserved = false): void {
    const controller = new AbortController();
    const run: ActiveRun = { execution, controller, abandoned: false, done: Promise.resolve() };
    this.runs.set(execution.id, run);
    const slot = this.slots.start(execution.accountId, controller.signal, reserved);
    run.done = this.execute(run, agent, slot).finally(() => {
      this.runs.delete(execution.id);
      // A run under flow control gave its key's slot back: the gate may release the next.
      if (execution.flowKey !== null && execution.flowKey !== undefined) {
        this.flow.mark();
        this.pump.soon();
      }
      this.endSlot(slot);
    });
  }

  private endSlot(slot: RunSlot): void {
    this.slots.end(slot);
    this.wakeSlotWaiters();
    // A freed slot is worth a claim only if the last one left rows waiting.
    if (!this.claims.drained) this.pump.soon();
  }

  private async execute(run: ActiveRun, agent: Agent | undefined, slot: RunSlot): Promise<void> {
    const { execution } = run;
    try {
      const result = await this.runner.run(
        execution,
        run.controller,
        agent,
        (logs) => this.logs.writeLive(execution, logs),
        (work) => this.slots.idle(slot, work),
      );
      if (run.abandoned || result.kind === 'abandoned') return;
      if (result.kind === 'cancelled') {
        await this.logs.keepOfCancelledRun(execution.id, result.logs.toJSON(), result.steps);
        return;
      }
      if (result.kind === 'waiting') {
        // Not recorded (the database is away): the lease expires and the run starts again.
        await this.lifecycle.suspend(execution, result);
        return;
      }
      const givenUp = () => this.stopping || run.abandoned || run.controller.signal.aborted;
      this.slots.writeResult(slot);
      await this.recorder.record(execution, result.outcome, givenUp);
    } catch (error) {
      // The row keeps its lease; once it expires, recovery runs it again or fails it.
      this.logger.error(`Finishing execution ${execution.id} failed: ${describeError(error)}`);
    }
  }
}

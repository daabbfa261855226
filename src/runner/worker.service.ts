import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { isDatabaseUnavailable } from '../common/database-errors';
import { ShutdownClock } from '../common/shutdown';
import { now } from '../common/time';
import type { Agent } from '../agents/agent.entity';
import type { Execution } from '../executions/execution.entity';
import {
  ExecutionLifecycleService,
  type RunOutcome,
} from '../executions/execution-lifecycle.service';
import type { RunJobData } from '../queue/bullmq-run-queue';
import { AccountSlots } from './account-slots';
import { Claim, ExecutionLeases, type FairClaim } from './execution-leases';
import { ExecutionRunner, RunAborted } from './execution-runner';
import { LocalBus } from '../queue/local-bus';
import { type DispatchTarget, LocalDispatch } from '../queue/local-dispatch';
import { type ConsumedJob, type Consumer, REDIS_QUEUES, RedisQueues } from '../queue/redis-queues';
import { type QueuedRun, RUN_QUEUE, type RunQueue } from '../queue/run-queue';

/** A run interrupted this many times (its worker died each time) is failed, not re-run. */
export const MAX_RUN_ATTEMPTS = 3;
const RECOVERY_BATCH = 100;
/** A queued row whose claim failed is tried again after this long (at most this many kept). */
const SKIP_MS = 60_000;
const MAX_SKIPPED = 100;
/** Finished runs recorded in one transaction at most. */
const MAX_FINISH_BATCH = 100;
/** Queued rows the reconciliation sweep (BullMQ) checks at a time, oldest first. */
const SWEEP_BATCH = 500;

interface PendingFinish {
  execution: Execution;
  outcome: RunOutcome;
  resolve(recorded: boolean): void;
  reject(error: unknown): void;
}

interface ActiveRun {
  execution: Execution;
  controller: AbortController;
  done: Promise<void>;
  /** Set at shutdown: the run's result is not written; the row is put back in the queue. */
  abandoned: boolean;
}

/**
 * The worker (worker role): claims queued executions and runs up to WORKER_CONCURRENCY of
 * them at once, each account at most its plan's cap (AccountSlots), accounts taking turns
 * (ExecutionLeases.claimNext). Embedded queue: woken by the local bus's `wake` signal and
 * polling every WORKER_POLL_MS. BullMQ (REDIS_URL): the jobs of the `runs` queue are
 * wake-ups; the worker takes one only when it has a free slot and then claims as the
 * embedded worker does, so one account's thousands of jobs never stand before another's
 * run (a job whose row is not queued wakes it for nothing); every QUEUE_SWEEP_MS it re-adds
 * the jobs of queued rows that have none (reconciliation).
 * Either way it renews the leases of its runs and recovers runs whose lease expired (their
 * worker died): re-queued (and announced to the queue), or failed `interrupted` after
 * MAX_RUN_ATTEMPTS claims. Nothing it reads can crash it: every step catches and logs.
 */
@Injectable()
export class Worker implements OnApplicationBootstrap, OnModuleDestroy, DispatchTarget {
  private readonly logger = new Logger('Worker');
  private readonly runs = new Map<string, ActiveRun>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly skipUntil = new Map<string, number>();
  private stopping = false;
  private pumping: Promise<void> | null = null;
  private pumpAgain = false;
  private recovering: Promise<void> | null = null;
  private readonly finishes: PendingFinish[] = [];
  private finishing: Promise<void> | null = null;
  private finishScheduled = false;
  private pumpScheduled = false;
  /** The last batch claim found fewer queued rows than it asked for. */
  private drained = false;
  private reconciling: Promise<void> | null = null;
  /** BullMQ mode: the consumer of the `runs` queue. */
  private consumer: Consumer | null = null;
  /** Slots promised to the intake of this process (LocalDispatch), not yet started. */
  private reserved = 0;
  /** Slots held per account and the caps of their plans. */
  private readonly slots: AccountSlots;
  /** The last account served by a claim: the next one starts after it. */
  private cursor = '';
  /** A claim is under way: no slot is reserved meanwhile (its rows are not counted yet). */
  private claiming = false;
  /** BullMQ: wake-ups waiting for a free slot. */
  private slotWaiters: (() => void)[] = [];

  /** Rows were queued: the queue is not empty (whatever the last claim found). */
  private readonly onWake = () => {
    this.drained = false;
    void this.pump();
  };
  private readonly onCancel = (executionId: string) =>
    this.runs.get(executionId)?.controller.abort(new RunAborted('cancelled'));

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly bus: LocalBus,
    private readonly leases: ExecutionLeases,
    private readonly runner: ExecutionRunner,
    private readonly lifecycle: ExecutionLifecycleService,
    private readonly shutdown: ShutdownClock,
    private readonly dispatch: LocalDispatch,
    @Inject(RUN_QUEUE) private readonly queue: RunQueue,
    @Inject(REDIS_QUEUES) private readonly redis: RedisQueues | null,
  ) {
    this.slots = new AccountSlots(config.workerConcurrency, config.accountConcurrency, (ids) =>
      leases.plans(ids),
    );
  }

  onApplicationBootstrap(): void {
    this.bus.on('execution.cancel', this.onCancel);
    const lease = this.config.workerLeaseMs;
    this.every(Math.max(50, Math.floor(lease / 3)), () => this.renewLeases());
    this.every(Math.max(50, Math.floor(lease / 2)), () => this.recover());
    if (this.redis) {
      // One wake-up at a time, taken only with a free slot: the others stay for other workers.
      this.consumer = this.redis.consume<RunJobData>(
        'runs',
        { concurrency: 1, lockMs: lease },
        (job) => this.onJob(job),
      );
      this.every(this.config.queueSweepMs, () => this.reconcile());
      void this.recover().then(() => this.reconcile());
    } else {
      this.bus.on('executions.queued', this.onWake);
      this.dispatch.attach(this);
      this.every(this.config.workerPollMs, () => this.pump());
      void this.recover().then(() => this.pump());
    }
  }

  /**
   * Shutdown: stop claiming, let in-flight runs finish until the process's shutdown deadline
   * (SHUTDOWN_GRACE_MS), then abort the others and put them back in the queue for the next
   * worker. If even that fails, their leases expire and recovery takes them over.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.wakeSlotWaiters();
    this.dispatch.detach(this);
    for (const timer of this.timers) clearInterval(timer);
    this.bus.off('executions.queued', this.onWake);
    // BullMQ: no new jobs from now on; the jobs in hand return once their runs ended below.
    const consumerClosed = this.consumer?.close(
      this.shutdown.remainingMs(this.config.shutdownGraceMs) + RELEASE_WAIT_MS,
    );
    await Promise.all([this.pumping, this.recovering, this.reconciling]);
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
    await this.handBack(unfinished.map((run) => run.execution));
    if (unfinished.length > 0) {
      this.logger.warn(`Put ${unfinished.length} unfinished execution(s) back in the queue`);
    }
    await consumerClosed;
  }

  /**
   * LocalDispatch: slots for executions the intake of this process commits already claimed,
   * within each account's cap. Only while the queue is known to be empty (the last claim left
   * no queued row) and no claim is under way, so that new executions never overtake queued
   * ones.
   */
  reserve(wanted: Map<string, number>): Map<string, number> {
    if (this.stopping || !this.drained || this.claiming) return new Map();
    const granted = this.slots.grant(
      wanted,
      this.config.workerConcurrency - this.runs.size - this.reserved,
    );
    for (const count of granted.values()) this.reserved += count;
    return granted;
  }

  release(counts: Map<string, number>): void {
    this.reserved = Math.max(0, this.reserved - this.slots.giveAll(counts));
    this.wakeSlotWaiters();
    if (counts.size > 0 && !this.drained) this.pumpSoon();
  }

  /**
   * LocalDispatch: runs executions committed as claimed by this worker. Should the worker be
   * stopping by then, they are put back in the queue (or recovered once their lease expires).
   */
  start(executions: Execution[], agents: Map<string, Agent>): void {
    this.reserved = Math.max(0, this.reserved - executions.length);
    for (const execution of executions) this.slots.give(execution.accountId);
    if (!this.stopping) {
      for (const execution of executions) this.startRun(execution, agents.get(execution.agentId));
      return;
    }
    void this.handBack(executions);
  }

  /**
   * Puts runs this worker gives up back in the queue (conditional on its claim) and announces
   * those it could. One that fails stays `running` until its lease expires; recovery then
   * takes it over.
   */
  private async handBack(executions: Execution[]): Promise<void> {
    const released = await Promise.all(
      executions.map((execution) =>
        this.leases.release(execution).catch((error: unknown) => {
          this.logger.warn(`Releasing ${execution.id} failed: ${describe(error)}`);
          return false;
        }),
      ),
    );
    const back = executions.filter((_, i) => released[i]).map(queuedRun);
    await this.queue.requeue(back).catch((error: unknown) => {
      // The rows are queued: another worker's sweep adds their jobs.
      this.logger.warn(
        `Announcing ${back.length} released execution(s) failed: ${describe(error)}`,
      );
    });
  }

  /** Number of runs in progress in this worker. */
  get activeRuns(): number {
    return this.runs.size;
  }

  /** A periodic task; these timers also keep a worker-only process alive. */
  private every(ms: number, task: () => Promise<void>): void {
    this.timers.push(setInterval(() => void task(), ms));
  }

  /**
   * BullMQ: a job is a wake-up ("executions are queued"), whichever execution it names. Taken
   * once this worker has a free slot, it makes the worker claim fairly (as the embedded worker
   * does) and is acknowledged; the claim may take other accounts' rows than the job's. During
   * shutdown the job is handed back.
   */
  private async onJob(job: ConsumedJob<RunJobData>): Promise<void> {
    while (!this.stopping && this.full()) {
      await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
    }
    if (this.stopping) return job.putBack(Date.now());
    this.drained = false;
    await this.pump();
  }

  private full(): boolean {
    return this.runs.size + this.reserved >= this.config.workerConcurrency;
  }

  private wakeSlotWaiters(): void {
    const waiters = this.slotWaiters;
    this.slotWaiters = [];
    for (const wake of waiters) wake();
  }

  /**
   * Pumps at the next turn of the event loop: runs finishing together (a batch) free their
   * slots first, so that one claim takes them all.
   */
  private pumpSoon(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      void this.pump();
    });
  }

  /** Claims and starts queued executions while there are free slots. One pass at a time. */
  private pump(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    if (this.pumping) {
      this.pumpAgain = true;
      return this.pumping;
    }
    this.pumping = this.fillSlots().finally(() => (this.pumping = null));
    return this.pumping;
  }

  private async fillSlots(): Promise<void> {
    do {
      this.pumpAgain = false;
      try {
        while (!this.stopping && !this.full()) {
          const free = this.config.workerConcurrency - this.runs.size - this.reserved;
          // None left that may start now: a freed slot, a signal or the poll looks again.
          if (!(await this.claimBatch(free))) break;
        }
      } catch (error) {
        this.logger.error(`Looking for queued executions failed: ${describe(error)}`);
      }
    } while (this.pumpAgain && !this.stopping);
  }

  /**
   * Claims up to `free` queued executions in one transaction (their whole rows), accounts
   * taking turns within their caps, reads their agents (cached), and starts them. Returns
   * whether more may be claimable now.
   */
  private async claimBatch(free: number): Promise<boolean> {
    const skipped = this.skippedIds();
    let claim: FairClaim;
    this.claiming = true;
    try {
      claim = await this.leases.claimNext(free, this.config.workerLeaseMs, skipped, {
        cursor: this.cursor,
        capped: this.slots.cappedCount(),
        remaining: (accountId, plan) => this.slots.remaining(accountId, plan),
      });
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error; // nothing to learn one by one
      // A row may refuse the update (a broken document): one by one, setting aside failures.
      this.logger.warn(`Claiming a batch failed, claiming one by one: ${describe(error)}`);
      return (await this.claimOneByOne(free, skipped)) >= free;
    } finally {
      this.claiming = false;
    }
    const { rows: claims } = claim;
    this.cursor = claim.cursor;
    this.drained = claim.drained;
    if (claims.length === 0) return false;
    const agents = await this.runner
      .loadAgents([...new Set(claims.map((claim) => claim.agentId))])
      .catch(() => new Map<string, Agent>()); // the runner reads each agent itself
    for (const execution of claims) this.startRun(execution, agents.get(execution.agentId));
    return !claim.exhausted;
  }

  /** The former way, one row per statement: used when a batch claim fails. */
  private async claimOneByOne(free: number, skipped: Set<string>): Promise<number> {
    this.drained = false;
    const queued = (await this.leases.nextQueued(free + skipped.size)).filter(
      (row) => !skipped.has(row.id),
    );
    let started = 0;
    for (const { id, accountId } of queued) {
      if (this.stopping || this.full()) break;
      if (this.slots.remaining(accountId) <= 0) continue;
      if (await this.claimAndStart(id)) started++;
    }
    return started;
  }

  private async claimAndStart(id: string): Promise<boolean> {
    let claim: Claim | null;
    try {
      claim = await this.leases.claim(id, this.config.workerLeaseMs);
    } catch (error) {
      // Not retried at once: a row the database refuses to update must not hold the queue.
      // (An unreachable database refuses every row: nothing to set aside then.)
      if (!isDatabaseUnavailable(error)) this.skip(id);
      this.logger.error(`Claiming execution ${id} failed: ${describe(error)}`);
      return false;
    }
    if (!claim) return false;
    const execution = await this.readClaimed(claim);
    if (!execution) return false;
    const agents = await this.runner
      .loadAgents([execution.agentId])
      .catch(() => new Map<string, Agent>());
    this.startRun(execution, agents.get(execution.agentId));
    return true;
  }

  /** The row of a claim; a row this worker cannot read is failed now (null). */
  private async readClaimed(claim: Claim): Promise<Execution | null> {
    try {
      return await this.leases.read(claim.id);
    } catch (error) {
      // A row this worker cannot read would be claimed again and again: fail it now.
      this.logger.error(`Execution ${claim.id} cannot be read, failing it: ${describe(error)}`);
      await this.lifecycle.failUnreadable(claim, describe(error)).catch(() => undefined);
      return null;
    }
  }

  /** Leaves a queued row that could not be claimed alone for a while (the list is bounded). */
  private skip(id: string): void {
    if (this.skipUntil.size >= MAX_SKIPPED) return;
    this.skipUntil.set(id, Date.now() + SKIP_MS);
  }

  private skippedIds(): Set<string> {
    const at = Date.now();
    for (const [id, until] of this.skipUntil) if (until <= at) this.skipUntil.delete(id);
    return new Set(this.skipUntil.keys());
  }

  private startRun(execution: Execution, agent?: Agent): void {
    const controller = new AbortController();
    const run: ActiveRun = { execution, controller, abandoned: false, done: Promise.resolve() };
    this.runs.set(execution.id, run);
    this.slots.take(execution.accountId);
    run.done = this.execute(run, agent).finally(() => {
      this.runs.delete(execution.id);
      this.slots.give(execution.accountId);
      this.wakeSlotWaiters();
      // A freed slot is worth a claim only if the last one left rows waiting.
      if (!this.drained) this.pumpSoon();
    });
  }

  private async execute(run: ActiveRun, agent?: Agent): Promise<void> {
    const { execution } = run;
    try {
      const result = await this.runner.run(execution, run.controller, agent, (logs) =>
        this.lifecycle.writeLiveLogs(execution, logs),
      );
      if (run.abandoned || result.kind === 'abandoned') return;
      if (result.kind === 'cancelled') {
        await this.lifecycle.keepLogsOfCancelledRun(execution.id, result.logs.toJSON());
        return;
      }
      await this.record(run, result.outcome);
    } catch (error) {
      // The row keeps its lease; once it expires, recovery runs it again or fails it.
      this.logger.error(`Finishing execution ${execution.id} failed: ${describe(error)}`);
    }
  }

  /**
   * Records a finished run; while the database is unavailable (down, stalled), tries again
   * with growing pauses (up to 5 s) instead of giving up: the run keeps its slot, its lease
   * keeps being renewed (once the database answers again) and recovery leaves it alone, so
   * its result is written once the database is back and the run is not run a second time.
   * It gives up when the process stops or the run was taken from it (lease lost, cancelled):
   * then the row is settled as any unfinished run is.
   */
  private async record(run: ActiveRun, outcome: RunOutcome): Promise<void> {
    for (let pause = 250; ; pause = Math.min(pause * 2, 5000)) {
      try {
        await this.finishSoon(run.execution, outcome);
        return;
      } catch (error) {
        const givenUp = () => this.stopping || run.abandoned || run.controller.signal.aborted;
        if (!isDatabaseUnavailable(error) || givenUp()) throw error;
        this.logger.warn(
          `Recording execution ${run.execution.id} failed, retrying in ${pause} ms: ${describe(error)}`,
        );
        await new Promise((resolve) => setTimeout(resolve, pause));
        if (givenUp()) throw error;
      }
    }
  }

  /**
   * Records a finished run together with the others finishing now: one transaction for all
   * (ExecutionLifecycleService.finishMany), written at the next turn of the event loop, or
   * after the batch being written. Resolves once it is committed (the run's slot stays taken
   * until then). If the batch fails, each run is recorded on its own.
   */
  private finishSoon(execution: Execution, outcome: RunOutcome): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.finishes.push({ execution, outcome, resolve, reject });
      if (this.finishing || this.finishScheduled) return;
      this.finishScheduled = true;
      setImmediate(() => {
        this.finishScheduled = false;
        this.flushFinishes();
      });
    });
  }

  private flushFinishes(): void {
    if (this.finishing || this.finishes.length === 0) return;
    const batch = this.finishes.splice(0, MAX_FINISH_BATCH);
    this.finishing = this.lifecycle
      .finishMany(batch)
      .then(
        (results) => batch.forEach((entry, i) => entry.resolve(results[i])),
        () => {
          for (const entry of batch) {
            this.lifecycle.finish(entry.execution, entry.outcome).then(entry.resolve, entry.reject);
          }
        },
      )
      .finally(() => {
        this.finishing = null;
        this.flushFinishes();
      });
  }

  /**
   * Extends the leases of this worker's runs, all with one statement; if some row moved on
   * (cancelled…), one by one to find it, and its run is aborted.
   */
  private async renewLeases(): Promise<void> {
    const runs = [...this.runs.values()].filter((run) => !run.controller.signal.aborted);
    if (this.stopping || runs.length === 0) return;
    try {
      const all = await this.leases.renewMany(
        runs.map((run) => run.execution),
        this.config.workerLeaseMs,
      );
      if (all) return;
    } catch (error) {
      this.logger.warn(`Renewing ${runs.length} lease(s) at once failed: ${describe(error)}`);
    }
    for (const run of runs) {
      if (this.stopping || run.controller.signal.aborted) continue;
      const { id, attempts } = run.execution;
      try {
        if (await this.leases.renew(id, attempts, this.config.workerLeaseMs)) continue;
        const status = await this.leases.status(id);
        run.controller.abort(new RunAborted(status === 'cancelled' ? 'cancelled' : 'lost'));
      } catch (error) {
        this.logger.warn(`Renewing the lease of ${id} failed: ${describe(error)}`);
      }
    }
  }

  /** Settles runs whose worker died: re-queued, or failed `interrupted` after too many tries. */
  private recover(): Promise<void> {
    if (this.stopping || this.recovering) return this.recovering ?? Promise.resolve();
    this.recovering = this.recoverExpired().finally(() => (this.recovering = null));
    return this.recovering;
  }

  private async recoverExpired(): Promise<void> {
    try {
      const at = now();
      const expired = await this.leases.expired(at, RECOVERY_BATCH);
      const requeued: QueuedRun[] = [];
      for (const execution of expired) {
        if (this.stopping) break;
        if (this.runs.has(execution.id)) continue; // ours: its lease is renewed
        try {
          if (execution.attempts >= MAX_RUN_ATTEMPTS) {
            await this.interrupt(execution, at);
          } else if (await this.leases.requeue(execution, at)) {
            requeued.push(queuedRun(execution));
          }
        } catch (error) {
          this.logger.error(`Recovering execution ${execution.id} failed: ${describe(error)}`);
        }
      }
      if (requeued.length > 0) {
        this.logger.warn(
          `Re-queued ${requeued.length} execution(s) left running by a stopped worker`,
        );
        // Embedded: wakes the pump. BullMQ: adds their jobs (else the sweep will).
        await this.queue.requeue(requeued).catch((error: unknown) => {
          this.logger.warn(`Announcing re-queued executions failed: ${describe(error)}`);
        });
      }
    } catch (error) {
      this.logger.error(`Looking for interrupted executions failed: ${describe(error)}`);
    }
  }

  /**
   * BullMQ: the reconciliation sweep. Queued rows older than QUEUE_SWEEP_MS whose job is
   * missing (the process died between the commit and the add, Redis was down, a job was
   * dropped) get it (again); job ids deduplicate, so several workers may sweep at once.
   */
  private reconcile(): Promise<void> {
    if (this.stopping || this.reconciling) return this.reconciling ?? Promise.resolve();
    this.reconciling = this.reconcileQueued().finally(() => (this.reconciling = null));
    return this.reconciling;
  }

  private async reconcileQueued(): Promise<void> {
    try {
      const before = new Date(now().getTime() - this.config.queueSweepMs);
      const skipped = this.skippedIds();
      const queued = (await this.leases.queuedBefore(before, SWEEP_BATCH)).filter(
        (run) => !skipped.has(run.id),
      );
      const added = await this.queue.requeue(queued);
      if (added > 0) this.logger.warn(`Added the missing jobs of ${added} queued execution(s)`);
    } catch (error) {
      this.redis?.warn('sweep', `The reconciliation sweep failed: ${describe(error)}`);
    }
  }

  private async interrupt(claim: Claim, expiredBefore: Date): Promise<void> {
    let execution: Execution | null;
    try {
      execution = await this.leases.read(claim.id);
    } catch (error) {
      await this.lifecycle.failUnreadable(claim, describe(error));
      return;
    }
    if (!execution) return;
    const completedAt = now();
    const message = `The run was interrupted ${execution.attempts} times (its worker stopped); giving up`;
    await this.lifecycle.finish(
      execution,
      {
        status: 'failed',
        output: null,
        error: { code: 'interrupted', message },
        logs: [
          ...(execution.logs ?? []),
          { timestamp: completedAt.toISOString(), level: 'error', message },
        ],
        completedAt,
      },
      { leaseExpiredBefore: expiredBefore },
    );
  }
}

/** How long past the shutdown grace the BullMQ consumer may take to hand in its jobs. */
const RELEASE_WAIT_MS = 2000;

function queuedRun(claim: Pick<Claim, 'id' | 'attempts'>): QueuedRun {
  return { id: claim.id, attempts: claim.attempts };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

import { Logger } from '@nestjs/common';
import { now } from '../common/time';
import type { AppConfig } from '../config/configuration';
import type { Execution } from '../executions/execution.entity';
import type { ExecutionLifecycleService } from '../executions/execution-lifecycle.service';
import type { QueuedRun, RunQueue } from '../queue/run-queue';
import { describeError } from './describe-error';
import type { Claim, ExecutionLeases } from '../executions/execution-leases';
import { RunAborted } from './execution-runner';

/** A run interrupted this many times (its worker died each time) is failed, not re-run. */
export const MAX_RUN_ATTEMPTS = 3;
const RECOVERY_BATCH = 100;
/**
 * Leases renewed per statement: a worker may hold 2 × WORKER_CONCURRENCY + WORKER_MAX_WAITING
 * runs (those whose result is being written included), and SQLite refuses an expression deeper
 * than 1000 terms.
 */
export const RENEW_BATCH = 200;

/** A run in progress in this worker (in a slot, or waiting on the network without one). */
export interface ActiveRun {
  execution: Execution;
  controller: AbortController;
  done: Promise<void>;
  /** Set at shutdown: the run's result is not written; the row is put back in the queue. */
  abandoned: boolean;
}

/**
 * The worker's leases: renews those of its runs (aborting a run whose row moved on), recovers
 * runs whose lease expired (their worker died: re-queued and announced to the run queue, or
 * failed `interrupted` after MAX_RUN_ATTEMPTS claims), and hands back runs the worker gives up.
 * Nothing it reads can crash the worker: every step catches and logs.
 */
export class LeaseKeeper {
  private readonly logger = new Logger('Worker');
  private recovering: Promise<void> | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly leases: ExecutionLeases,
    private readonly lifecycle: ExecutionLifecycleService,
    private readonly queue: RunQueue,
    private readonly runs: ReadonlyMap<string, ActiveRun>,
    private readonly stopping: () => boolean,
  ) {}

  /** The recovery under way, if any (awaited at shutdown). */
  get recovery(): Promise<void> | null {
    return this.recovering;
  }

  /**
   * Extends the leases of this worker's runs, waiting ones included, RENEW_BATCH per statement;
   * if some row of a batch moved on (cancelled…), one by one to find it, and its run is aborted.
   */
  async renew(): Promise<void> {
    const runs = [...this.runs.values()].filter((run) => !run.controller.signal.aborted);
    for (let at = 0; at < runs.length; at += RENEW_BATCH) {
      await this.renewBatch(runs.slice(at, at + RENEW_BATCH));
    }
  }

  private async renewBatch(runs: ActiveRun[]): Promise<void> {
    if (this.stopping() || runs.length === 0) return;
    const leaseMs = this.config.workerLeaseMs;
    try {
      if (
        await this.leases.renewMany(
          runs.map((run) => run.execution),
          leaseMs,
        )
      )
        return;
    } catch (error) {
      this.logger.warn(`Renewing ${runs.length} lease(s) at once failed: ${describeError(error)}`);
    }
    for (const run of runs) {
      if (this.stopping() || run.controller.signal.aborted) continue;
      const { id, attempts } = run.execution;
      try {
        if (await this.leases.renew(id, attempts, leaseMs)) continue;
        const status = await this.leases.status(id);
        run.controller.abort(new RunAborted(status === 'cancelled' ? 'cancelled' : 'lost'));
      } catch (error) {
        this.logger.warn(`Renewing the lease of ${id} failed: ${describeError(error)}`);
      }
    }
  }

  /** Settles runs whose worker died: re-queued, or failed `interrupted` after too many tries. */
  recover(): Promise<void> {
    if (this.stopping() || this.recovering) return this.recovering ?? Promise.resolve();
    this.recovering = this.recoverExpired().finally(() => (this.recovering = null));
    return this.recovering;
  }

  /**
   * Puts runs this worker gives up back in the queue (conditional on its claim) and announces
   * those it could. One that fails stays `running` until its lease expires; recovery then
   * takes it over.
   */
  async handBack(executions: Execution[]): Promise<void> {
    const released = await Promise.all(
      executions.map((execution) =>
        this.leases.release(execution).catch((error: unknown) => {
          this.logger.warn(`Releasing ${execution.id} failed: ${describeError(error)}`);
          return false;
        }),
      ),
    );
    const back = executions.filter((_, i) => released[i]).map(queuedRun);
    await this.queue.requeue(back).catch((error: unknown) => {
      // The rows are queued: another worker's sweep adds their jobs.
      this.logger.warn(
        `Announcing ${back.length} released execution(s) failed: ${describeError(error)}`,
      );
    });
  }

  private async recoverExpired(): Promise<void> {
    try {
      const at = now();
      const expired = await this.leases.expired(at, RECOVERY_BATCH);
      const requeued: QueuedRun[] = [];
      for (const execution of expired) {
        if (this.stopping()) break;
        if (this.runs.has(execution.id)) continue; // ours: its lease is renewed
        try {
          if (interruptions(execution) >= MAX_RUN_ATTEMPTS) {
            await this.interrupt(execution, at);
          } else if (await this.leases.requeue(execution, at)) {
            requeued.push(queuedRun(execution));
          }
        } catch (error) {
          this.logger.error(`Recovering execution ${execution.id} failed: ${describeError(error)}`);
        }
      }
      if (requeued.length > 0) {
        this.logger.warn(
          `Re-queued ${requeued.length} execution(s) left running by a stopped worker`,
        );
        // Embedded: wakes the worker. BullMQ: adds their jobs (else the sweep will).
        await this.queue.requeue(requeued).catch((error: unknown) => {
          this.logger.warn(`Announcing re-queued executions failed: ${describeError(error)}`);
        });
      }
    } catch (error) {
      this.logger.error(`Looking for interrupted executions failed: ${describeError(error)}`);
    }
  }

  private async interrupt(claim: Claim, expiredBefore: Date): Promise<void> {
    let execution: Execution | null;
    try {
      execution = await this.leases.read(claim.id);
    } catch (error) {
      await this.lifecycle.failUnreadable(claim, describeError(error));
      return;
    }
    if (!execution) return;
    const completedAt = now();
    const message = `The run was interrupted ${interruptions(execution)} times (its worker stopped); giving up`;
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

/** The starts of a run that were not resumptions after a wait: its tries so far. */
function interruptions(claim: Pick<Claim, 'attempts' | 'resumes'>): number {
  return claim.attempts - (claim.resumes ?? 0);
}

function queuedRun(claim: Pick<Claim, 'id' | 'attempts'>): QueuedRun {
  return { id: claim.id, attempts: claim.attempts };
}

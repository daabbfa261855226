import { Logger } from '@nestjs/common';
import { now } from '../common/time';
import type { JobsHost } from './bullmq-consumer';
import { waitForFinish } from './embedded-run-queue';
import { LocalBus, type CarriedExecution } from './local-bus';
import type { RedisQueues } from './redis-queues';
import type { FinishWait, QueuedRun, RunConsumer, RunConsumption, RunQueue } from './run-queue';

/** Queued rows the reconciliation sweep checks at a time, oldest first. */
const SWEEP_BATCH = 500;

/** What a `runs` job carries: nothing but the execution's id. */
export interface RunJobData {
  executionId: string;
}

/**
 * The job id of one queued incarnation of an execution: the execution id for a new row, and
 * `<id>.<attempts>` once it has been claimed `attempts` times and put back (lease recovery,
 * shutdown). Adding an id whose job exists does nothing, so announcing the same incarnation
 * twice (intake and sweep, two sweeps) gives one job; a new incarnation gets a new job even
 * while a stale job of the previous one is still held by BullMQ (a dead worker's job waits
 * for BullMQ's stall detection).
 */
export function runJobId(run: QueuedRun): string {
  return run.attempts === 0 ? run.id : `${run.id}.${run.attempts}`;
}

/**
 * The run queue with REDIS_URL: a BullMQ job per queued execution in the queue `runs`. The
 * row stays the source of truth: a job only says "look at this execution"; the worker claims
 * the row with the same conditional UPDATE as the embedded worker, and acknowledges a job
 * whose row is not queued without running anything. Redis down at enqueue time: the row is
 * committed and the request acknowledged all the same; the workers' reconciliation sweep adds
 * the job once Redis answers. Finishes are signalled to waiting api processes through Redis
 * pub/sub, with the row poll as the fallback.
 *
 * Consuming (worker role): the jobs are wake-ups. The worker takes one at a time, only when
 * it has a free slot, and then claims as the embedded worker does (fairly, whichever
 * execution the job names), so one account's thousands of jobs never stand before another's
 * run; a job whose row is not queued wakes it for nothing. Every `sweepMs` (QUEUE_SWEEP_MS)
 * the reconciliation sweep re-adds the jobs of queued rows that have none.
 */
export class BullmqRunQueue implements RunQueue {
  private readonly logger = new Logger('Worker');

  constructor(
    private readonly redis: RedisQueues,
    private readonly bus: LocalBus,
    /** The consumer of `runs` (worker role only; one wake-up at a time, see queue.module.ts). */
    private readonly jobs: JobsHost<RunJobData> | null,
    private readonly timing: { sweepMs: number },
  ) {}

  consume(worker: RunConsumer, recovered: Promise<void>): RunConsumption {
    if (!this.jobs) throw new Error('The run queue is consumed in the worker role only');
    // Taken only with a free slot: the other wake-ups stay for other workers.
    const jobs = this.jobs.start(async (job) => {
      if (!(await worker.freeSlot())) return job.putBack(Date.now());
      await worker.wake();
    });
    let stopped = false;
    let sweeping: Promise<void> | null = null;
    const sweep = () => {
      if (stopped || sweeping) return sweeping ?? Promise.resolve();
      sweeping = this.sweep(worker).finally(() => (sweeping = null));
      return sweeping;
    };
    const timer = setInterval(() => void sweep(), this.timing.sweepMs);
    void recovered.then(sweep);
    return {
      stop: async (timeoutMs: number) => {
        stopped = true;
        clearInterval(timer);
        // No new jobs from now on; the jobs in hand return once their runs ended.
        const closed = jobs.close(timeoutMs);
        await sweeping;
        await closed;
      },
    };
  }

  /**
   * The reconciliation sweep. Queued rows older than QUEUE_SWEEP_MS whose job is missing (the
   * process died between the commit and the add, Redis was down, a job was dropped) get it
   * (again); job ids deduplicate, so several workers may sweep at once.
   */
  private async sweep(worker: RunConsumer): Promise<void> {
    try {
      const before = new Date(now().getTime() - this.timing.sweepMs);
      const added = await this.requeue(await worker.queuedBefore(before, SWEEP_BATCH));
      if (added > 0) this.logger.warn(`Added the missing jobs of ${added} queued execution(s)`);
    } catch (error) {
      this.redis.warn('sweep', `The reconciliation sweep failed: ${(error as Error).message}`);
    }
  }

  async enqueue(executionIds: string[]): Promise<void> {
    try {
      await this.add(executionIds.map((id) => ({ id, attempts: 0 })));
    } catch (error) {
      this.redis.warn(
        'enqueue',
        `Redis unreachable (${(error as Error).message}): new executions stay queued in the database; the reconciliation sweep adds their jobs when Redis answers`,
      );
    }
  }

  /** Adds the jobs that do not exist yet (one EXISTS round trip first, then one add). */
  async requeue(runs: QueuedRun[]): Promise<number> {
    const byJob = new Map(runs.map((run) => [runJobId(run), run]));
    const missing = await this.redis.missing('runs', [...byJob.keys()]);
    await this.add(missing.map((jobId) => byJob.get(jobId)!));
    return missing.length;
  }

  async notifyFinished(executionId: string, execution?: CarriedExecution): Promise<void> {
    this.bus.emit('execution.finished', executionId, execution);
    this.redis.publish('finished', executionId);
  }

  waitForFinish(
    executionId: string,
    timeoutMs: number,
    isFinished: () => Promise<boolean>,
  ): Promise<FinishWait> {
    return waitForFinish(this.bus, executionId, timeoutMs, isFinished);
  }

  private add(runs: QueuedRun[]): Promise<void> {
    return this.redis.add<RunJobData>(
      'runs',
      runs.map((run) => ({ id: runJobId(run), data: { executionId: run.id } })),
    );
  }
}

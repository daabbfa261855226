import { now } from '../common/time';
import type { JobsHost } from './bullmq-consumer';
import type { LocalBus } from './local-bus';
import type { RedisQueues } from './redis-queues';
import {
  type CallbackConsumer,
  type CallbackConsumption,
  type CallbackJob,
  type CallbackQueue,
  SingleFlight,
} from './callback-queue';

/** Pending rows given a job per pass of the sweep, soonest due first. */
const SCHEDULE_BATCH = 500;

/** The job id of one attempt of a delivery: at most one job per attempt exists. */
export function callbackJobId(job: CallbackJob): string {
  return `${job.deliveryId}.${job.attempt}`;
}

/**
 * Callbacks with REDIS_URL: each attempt is a job of the queue `callbacks` (job id = delivery
 * id + attempt number; a retry is a delayed job), consumed CALLBACK_CONCURRENCY at a time
 * (queue.module.ts).
 * A job is only a reminder: the dispatcher claims the row as without Redis and skips a job
 * whose row moved on. A sweep (on each wake-up and every QUEUE_SWEEP_MS) adds the job of
 * every pending row due soon that has none: new rows, and rows whose job was lost (Redis
 * down, a sender killed mid-attempt).
 */
export class BullmqCallbackQueue implements CallbackQueue {
  constructor(
    private readonly redis: RedisQueues,
    private readonly bus: LocalBus,
    /** The consumer of `callbacks` (worker role only). */
    private readonly jobs: JobsHost<CallbackJob> | null,
    private readonly timing: { sweepMs: number },
  ) {}

  consume(dispatcher: CallbackConsumer): CallbackConsumption {
    if (!this.jobs) throw new Error('The callback queue is consumed in the worker role only');
    const jobs = this.jobs.start((job) =>
      dispatcher.deliver(job.data, (atMs) => job.putBack(atMs)),
    );
    const sweeps = new SingleFlight(
      () => this.sweep(dispatcher),
      (error) =>
        this.redis.warn('callbacks', `Reading the callback outbox failed: ${error.message}`),
    );
    const wake = () => sweeps.run();
    this.bus.on('callbacks.pending', wake);
    const poller = setInterval(wake, this.timing.sweepMs);
    wake(); // rows left pending by a previous run go out now
    return {
      wake,
      // The retry as a delayed job; if Redis is unreachable now, the sweep adds it when due.
      retry: (job, delayMs) =>
        this.redis
          .add<CallbackJob>('callbacks', [{ id: callbackJobId(job), data: job, delayMs }])
          .catch((error: Error) =>
            this.redis.warn('callbacks', `Scheduling a callback retry failed: ${error.message}`),
          ),
      stop: async (timeoutMs) => {
        sweeps.stopped = true;
        this.bus.off('callbacks.pending', wake);
        clearInterval(poller);
        // No new jobs; the jobs in hand return with their attempts.
        await jobs.close(timeoutMs);
      },
    };
  }

  /**
   * Adds a job for the next attempt of every pending row due within QUEUE_SWEEP_MS (delayed
   * until it is due) that has none yet. Rows claimed by a sender are left alone until their
   * claim expires.
   */
  private async sweep(dispatcher: CallbackConsumer): Promise<void> {
    const rows = await dispatcher.pendingDue(
      new Date(now().getTime() + this.timing.sweepMs),
      SCHEDULE_BATCH,
    );
    const byJob = new Map(
      rows.map((row) => [callbackJobId({ deliveryId: row.id, attempt: row.attempts + 1 }), row]),
    );
    const missing = await this.redis.missing('callbacks', [...byJob.keys()]);
    await this.redis.add<CallbackJob>(
      'callbacks',
      missing.map((jobId) => {
        const row = byJob.get(jobId)!;
        return {
          id: jobId,
          data: { deliveryId: row.id, attempt: row.attempts + 1 },
          delayMs: row.nextAttemptAt.getTime() - Date.now(),
        };
      }),
    );
  }
}

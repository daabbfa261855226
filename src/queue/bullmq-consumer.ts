import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { bullmq, nestBullmq } from '../common/optional-modules';

/** How long closing a connection may take before it is cut. */
export const CLOSE_TIMEOUT_MS = 3000;

/** Reconnect every ≤ 2 s for as long as the process lives (ioredis' default backs off to 20 s). */
export const retryStrategy = (times: number) => Math.min(times * 200, 2000);

const logger = new Logger('Queue');

/** A job handed to a consumer. */
export interface ConsumedJob<T> {
  id: string;
  data: T;
  /** Hands the job back to its queue, to be taken again at `atMs` (epoch ms). Never returns. */
  putBack(atMs: number): Promise<never>;
}

export interface Consumer {
  /** Stops taking jobs at once; resolves once the jobs in hand returned (or after `timeoutMs`). */
  close(timeoutMs: number): Promise<void>;
}

/** What a consumer needs of the process's Redis queues (RedisQueues). */
export interface ConsumerRedis {
  /** Whether the command connection is up (a graceful close is possible). */
  connected(): boolean;
  /** Logs a Redis failure, rate-limited per `kind`. */
  warn(kind: string, message: string): void;
}

/**
 * The consumer of one queue in the worker role: a `@Processor` provider whose BullMQ Worker
 * `@nestjs/bullmq` builds at module init, not running (`autorun: false`), until `start`.
 */
export interface JobsHost<T> {
  /**
   * Starts taking jobs: a handler that resolves acknowledges its job (completed, then
   * removed); one that throws fails it (removed too: the database rows are what the sweeps
   * re-add from). Called once, at bootstrap, by the run or callback queue's `consume`.
   */
  start(handler: (job: ConsumedJob<T>) => Promise<void>): Consumer;
}

/** A consumed queue's settings (see queue.module.ts). */
export interface ConsumeOptions {
  /** Jobs taken at once. */
  concurrency: number;
  /** How long a job stays with a consumer that stopped renewing it (BullMQ's default: 30 s). */
  lockMs?: number;
}

/**
 * The `@Processor` class (a `WorkerHost`) consuming `queue`; QueueModule provides one per
 * consumed queue, in the worker role only. A class is made per call (their worker options
 * come from the configuration); `@nestjs/bullmq` is loaded here, with REDIS_URL only.
 */
export function jobsHostClass<T>(
  queue: string,
  options: ConsumeOptions,
  redisUrl: string,
): new (redis: ConsumerRedis) => JobsHost<T> {
  const { WorkerHost, Processor, OnWorkerEvent } = nestBullmq();
  const { DelayedError } = bullmq();

  @Processor(queue, {
    // Its own connection settings: the queues' (shared) ones fail commands at once while
    // Redis is down, a worker's blocking connection waits for it.
    connection: { url: redisUrl, connectTimeout: 2000, retryStrategy },
    concurrency: options.concurrency,
    // A job held by a dead process goes back to waiting once its lock expired (renewed
    // every half lock while the job runs), found by a check every half lock.
    ...(options.lockMs
      ? { lockDuration: options.lockMs, stalledInterval: Math.max(500, options.lockMs / 2) }
      : {}),
    // Started by `start` (at bootstrap, once the worker is ready to be woken), not at init.
    autorun: false,
  })
  class Jobs extends WorkerHost implements JobsHost<T> {
    private handler: ((job: ConsumedJob<T>) => Promise<void>) | null = null;
    /** The jobs being handled (settled either way): what a close waits for. */
    private readonly inHand = new Set<Promise<void>>();

    constructor(private readonly redis: ConsumerRedis) {
      super();
    }

    start(handler: (job: ConsumedJob<T>) => Promise<void>): Consumer {
      this.handler = handler;
      const worker = this.worker;
      worker.run().catch((error: Error) => worker.emit('error', error));
      return {
        close: async (timeoutMs: number) => {
          worker.pause(true).catch(() => undefined); // no new jobs from now on
          await withTimeout(Promise.allSettled([...this.inHand]), timeoutMs).catch(() => undefined);
          // Connected: a graceful close records the outcomes of the last jobs. Not connected:
          // nothing can be recorded; a forced close stops the reconnection attempts at once.
          // Bounded either way (bullmq-classes.ts).
          await worker.close(!this.redis.connected());
        },
      };
    }

    async process(job: Job<T>, token?: string): Promise<void> {
      if (!this.handler) throw new Error(`No handler for "${queue}" yet`); // autorun is off
      const handled = this.handler({
        id: job.id ?? '',
        data: job.data,
        putBack: async (atMs: number) => {
          await job.moveToDelayed(Math.max(atMs, Date.now()), token);
          throw new DelayedError();
        },
      });
      const tracked = handled.then(
        () => undefined,
        () => undefined,
      );
      this.inHand.add(tracked);
      try {
        await handled;
      } finally {
        this.inHand.delete(tracked);
      }
    }

    @OnWorkerEvent('error')
    onError(error: Error): void {
      this.redis.warn(`consume:${queue}`, `Taking jobs from "${queue}" failed: ${error.message}`);
    }

    @OnWorkerEvent('failed')
    onFailed(job: Job | undefined, error: Error): void {
      logger.warn(`Job ${job?.id ?? '?'} of "${queue}" failed: ${error.message}`);
    }
  }
  return Jobs;
}

/** Settles like `promise`, or rejects after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

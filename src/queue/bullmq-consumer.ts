import { Logger } from '@nestjs/common';
import { bullmq } from '../common/optional-modules';

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

/** What a consumer needs of the process's Redis queues. */
export interface ConsumerRedis {
  redisUrl: string;
  /** Whether the command connection is up (a graceful close is possible). */
  connected(): boolean;
  /** Logs a Redis failure, rate-limited per `kind`. */
  warn(kind: string, message: string): void;
}

/**
 * Consumes `queue` with up to `concurrency` jobs at once (worker role); `lockMs` is how long
 * a job stays with a consumer that stopped renewing it (BullMQ's default: 30 s). A handler that
 * resolves acknowledges its job (completed, then removed); one that throws fails it
 * (removed too: the database rows are what the sweeps re-add from).
 */
export function startConsumer<T>(
  queue: string,
  options: { concurrency: number; lockMs?: number; prefix: string },
  handler: (job: ConsumedJob<T>) => Promise<void>,
  redis: ConsumerRedis,
): Consumer {
  const inHand = new Set<Promise<void>>();
  const { Worker: BullWorker, DelayedError } = bullmq();
  const worker = new BullWorker<T>(
    queue,
    async (job, token) => {
      const handled = handler({
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
      inHand.add(tracked);
      try {
        await handled;
      } finally {
        inHand.delete(tracked);
      }
    },
    {
      connection: { url: redis.redisUrl, connectTimeout: 2000, retryStrategy },
      prefix: options.prefix,
      concurrency: options.concurrency,
      // A job held by a dead process goes back to waiting once its lock expired (renewed
      // every half lock while the job runs), found by a check every half lock.
      ...(options.lockMs
        ? { lockDuration: options.lockMs, stalledInterval: Math.max(500, options.lockMs / 2) }
        : {}),
      autorun: true,
    },
  );
  worker.on('error', (error: Error) =>
    redis.warn(`consume:${queue}`, `Taking jobs from "${queue}" failed: ${error.message}`),
  );
  worker.on('failed', (job, error: Error) =>
    logger.warn(`Job ${job?.id ?? '?'} of "${queue}" failed: ${error.message}`),
  );
  return {
    close: async (timeoutMs: number) => {
      worker.pause(true).catch(() => undefined); // no new jobs from now on
      await withTimeout(Promise.allSettled([...inHand]), timeoutMs).catch(() => undefined);
      // Connected: a graceful close records the outcomes of the last jobs. Not connected:
      // nothing can be recorded; a forced close stops the reconnection attempts at once.
      const graceful = redis.connected();
      await withTimeout(worker.close(!graceful), CLOSE_TIMEOUT_MS).catch(() => undefined);
    },
  };
}

/** Settles like `promise`, or rejects after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

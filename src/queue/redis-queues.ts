import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { bullmq, ioredis } from '../common/optional-modules';
import type { AppConfig } from '../config/configuration';
import {
  CLOSE_TIMEOUT_MS,
  type ConsumedJob,
  type Consumer,
  retryStrategy,
  startConsumer,
  withTimeout,
} from './bullmq-consumer';
import { LocalBus } from './local-bus';
import type { QueueHealth } from './queue-health';
import { RedisSignals, type Signal } from './redis-signals';

/** Injection token of the process's RedisQueues (null without REDIS_URL); src/queue/ only. */
export const REDIS_QUEUES = Symbol('REDIS_QUEUES');

/** The BullMQ queues: executions to run, callback attempts to send. */
export type QueueName = 'runs' | 'callbacks';

/** A job to add: its id (deduplicates: adding an id that exists does nothing), data, delay. */
export interface JobSpec<T> {
  id: string;
  data: T;
  delayMs?: number;
}

/** How long `start()` waits for Redis before the process starts anyway. */
const STARTUP_WAIT_MS = 2000;
/** A command (add, publish, exists, ping) that takes longer than this counts as failed. */
const COMMAND_TIMEOUT_MS = 2000;
/** A producer has nothing in flight worth waiting for: closed gracefully within 1 s, else cut. */
const QUEUE_CLOSE_TIMEOUT_MS = 1000;
/** At most one warning per this interval for each kind of Redis failure. */
const WARNING_INTERVAL_MS = 30_000;

/**
 * Everything one process keeps in Redis when REDIS_URL is set (one per process,
 * provided by QueueModule): the BullMQ queues `runs` and `callbacks` (producers here;
 * consumers through `consume`, in the worker role only), a command connection (signals,
 * job-existence checks, the health ping) and the signals between processes (RedisSignals,
 * with its subscriber connection).
 *
 * Redis being down never fails a request: adds and publishes fail fast (no offline queue) and
 * their callers fall back on the database, which stays the source of truth.
 */
export class RedisQueues implements QueueHealth {
  private readonly logger = new Logger('Queue');
  private readonly commands: Redis;
  private readonly signals: RedisSignals;
  private readonly queues: Record<QueueName, Queue>;
  private readonly lastWarning = new Map<string, number>();

  constructor(
    private readonly config: AppConfig,
    private readonly bus: LocalBus,
  ) {
    const url = config.redisUrl;
    if (!url) throw new Error('RedisQueues needs REDIS_URL');
    this.commands = new (ioredis().Redis)(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 2000,
      retryStrategy,
    });
    this.commands.on('error', () => undefined); // failures surface where a command fails
    this.signals = new RedisSignals(config, bus, this.commands, (kind, message) =>
      this.warn(kind, message),
    );
    this.queues = { runs: this.newQueue('runs'), callbacks: this.newQueue('callbacks') };
  }

  get prefix(): string {
    return this.config.queuePrefix;
  }

  /** At bootstrap (before the worker consumes): start(). */
  onApplicationBootstrap(): Promise<void> {
    return this.start();
  }

  /** At shutdown (after the worker has stopped consuming): close(). */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /** Subscribes to the signals this process's roles need; waits for Redis up to 2 s. */
  async start(): Promise<void> {
    const subscribed = this.signals.start();
    const ready = await withTimeout(this.whenReady(this.commands), STARTUP_WAIT_MS)
      .then(() => withTimeout(subscribed, STARTUP_WAIT_MS))
      .then(
        () => true,
        () => false,
      );
    if (!ready) {
      this.logger.warn(
        'Redis is not reachable at start: executions are accepted and kept queued in the database; they run once Redis answers',
      );
    }
  }

  /**
   * Adds jobs (their ids deduplicate: an id whose job still exists is left alone). Rejects at
   * once when Redis is not connected, and after 2 s at most otherwise.
   */
  async add<T extends object>(queue: QueueName, jobs: JobSpec<T>[]): Promise<void> {
    if (jobs.length === 0) return;
    if (this.commands.status !== 'ready') throw new Error('Redis is not connected');
    const adding = this.queues[queue].addBulk(
      jobs.map((job) => ({
        name: queue,
        data: job.data,
        opts: {
          jobId: job.id,
          delay: job.delayMs && job.delayMs > 0 ? Math.ceil(job.delayMs) : undefined,
          removeOnComplete: true,
          removeOnFail: true,
        },
      })),
    );
    await withTimeout(adding, COMMAND_TIMEOUT_MS);
  }

  /** The ids among `ids` that have no job in `queue` (in any state), in one round trip. */
  async missing(queue: QueueName, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const pipeline = this.commands.pipeline();
    for (const id of ids) pipeline.exists(this.queues[queue].toKey(id));
    const results = (await pipeline.exec()) ?? [];
    return ids.filter((_, i) => {
      const [error, exists] = results[i] ?? [new Error('no reply'), null];
      if (error) throw error;
      return exists === 0;
    });
  }

  /**
   * Consumes `queue` with up to `concurrency` jobs at once (worker role); `lockMs` is how long
   * a job stays with a consumer that stopped renewing it (BullMQ's default: 30 s).
   */
  consume<T>(
    queue: QueueName,
    options: { concurrency: number; lockMs?: number },
    handler: (job: ConsumedJob<T>) => Promise<void>,
  ): Consumer {
    return startConsumer(queue, { ...options, prefix: this.prefix }, handler, {
      redisUrl: this.config.redisUrl!,
      connected: () => this.commands.status === 'ready',
      warn: (kind, message) => this.warn(kind, message),
    });
  }

  /** Sends a signal to the other processes (never throws; a lost signal has a fallback). */
  publish(signal: Signal, payload = ''): void {
    this.signals.publish(signal, payload);
  }

  /** `checks.queue` of GET /health: Redis answers PING (fails at once while disconnected). */
  async ping(): Promise<void> {
    const reply = await this.commands.ping();
    if (reply !== 'PONG') throw new Error(`Unexpected PING reply ${reply}`);
  }

  /** Logs a Redis failure, at most once per 30 s for each `kind`. */
  warn(kind: string, message: string): void {
    const at = Date.now();
    if (at - (this.lastWarning.get(kind) ?? 0) < WARNING_INTERVAL_MS) return;
    this.lastWarning.set(kind, at);
    this.logger.warn(message);
  }

  async close(): Promise<void> {
    this.signals.stop();
    // Every step is bounded: with Redis unreachable, BullMQ's close could wait forever.
    await Promise.all(
      Object.values(this.queues).map((queue) =>
        withTimeout(queue.close(), QUEUE_CLOSE_TIMEOUT_MS).catch(() =>
          withTimeout(queue.disconnect(), CLOSE_TIMEOUT_MS).catch(() => undefined),
        ),
      ),
    );
    this.commands.disconnect();
  }

  private newQueue(name: QueueName): Queue {
    const queue = new (bullmq().Queue)(name, {
      connection: {
        url: this.config.redisUrl!,
        enableOfflineQueue: false, // adds fail fast while Redis is down
        connectTimeout: 2000,
        retryStrategy,
      },
      prefix: this.prefix,
    });
    queue.on('error', (error: Error) =>
      this.warn(`queue:${name}`, `Queue "${name}": ${error.message}`),
    );
    return queue;
  }

  /** Resolves once `client` is connected; rejects on its first connection error. */
  private whenReady(client: Redis): Promise<void> {
    if (client.status === 'ready') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onReady = () => {
        client.off('error', onError);
        resolve();
      };
      const onError = (error: Error) => {
        client.off('ready', onReady);
        reject(error);
      };
      client.once('ready', onReady);
      client.once('error', onError);
    });
  }
}

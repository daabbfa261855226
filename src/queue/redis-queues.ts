import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { ioredis } from '../common/optional-modules';
import type { AppConfig } from '../config/configuration';
import { type ConsumerRedis, retryStrategy, withTimeout } from './bullmq-consumer';
import { LocalBus } from './local-bus';
import type { QueueHealth } from './queue-health';
import { RedisSignals, type Signal } from './redis-signals';

/** Injection token of the process's RedisQueues (with REDIS_URL only); src/queue/ only. */
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
/** At most one warning per this interval for each kind of Redis failure. */
const WARNING_INTERVAL_MS = 30_000;

/**
 * What one process does in Redis when REDIS_URL is set, beside what `@nestjs/bullmq` does
 * (one per process, provided by QueueModule): adds to the BullMQ queues `runs` and
 * `callbacks` (the `Queue`s of `BullModule.registerQueue`, which also closes them), a command
 * connection (signals, job-existence checks, the health ping) and the signals between
 * processes (RedisSignals, with its subscriber connection). The consumers are the
 * `@Processor` hosts of bullmq-consumer.ts (worker role).
 *
 * Redis being down never fails a request: adds and publishes fail fast (no offline queue) and
 * their callers fall back on the database, which stays the source of truth.
 */
export class RedisQueues implements QueueHealth, ConsumerRedis {
  private readonly logger = new Logger('Queue');
  private readonly commands: Redis;
  private readonly signals: RedisSignals;
  private readonly lastWarning = new Map<string, number>();

  constructor(
    private readonly config: AppConfig,
    private readonly bus: LocalBus,
    /** The queues `@nestjs/bullmq` built (BullModule.registerQueue): adds fail fast. */
    private readonly queues: Record<QueueName, Queue>,
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
    for (const [name, queue] of Object.entries(queues)) {
      queue.on('error', (error: Error) =>
        this.warn(`queue:${name}`, `Queue "${name}": ${error.message}`),
      );
    }
  }

  /** At bootstrap (before the worker consumes): start(). */
  onApplicationBootstrap(): Promise<void> {
    return this.start();
  }

  /** At shutdown (after the worker has stopped consuming): close(). */
  onApplicationShutdown(): void {
    this.close();
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
    if (!this.connected()) throw new Error('Redis is not connected');
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

  /** Whether the command connection is up. */
  connected(): boolean {
    return this.commands.status === 'ready';
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

  /** The signals and the command connection; the queues are closed by `@nestjs/bullmq`. */
  close(): void {
    this.signals.stop();
    this.commands.disconnect();
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

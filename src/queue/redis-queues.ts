import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
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
import { type BusEvent, LocalBus } from './local-bus';
import type { QueueHealth } from './queue-health';

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

/** Signals that travel between processes (pub/sub), each mirrored on the local bus. */
type Signal = 'finished' | 'cancel' | 'callbacks' | 'agents' | 'endpoints';

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
 * job-existence checks, the health ping) and a subscriber connection.
 *
 * Signals: `finished` (an execution reached a final state: synchronous triggers waiting in an
 * api process wake up), `cancel` (a worker running that execution aborts it at once) and
 * `callbacks` (outbox rows were written by a process without a dispatcher) and `agents` (an
 * agent was changed: cached copies are dropped, see AgentCache). Each is a local-bus
 * event mirrored through a Redis channel: `cancel` and `callbacks` emitted on this process's bus
 * are published, and signals published by other processes are emitted on this bus. Pub/sub may
 * drop messages while a connection is down; every signal has a fallback (the waiter polls the
 * row, the worker notices a cancel at its next lease renewal, the dispatcher sweeps, a cached
 * agent expires after AGENT_CACHE_TTL_MS).
 *
 * Redis being down never fails a request: adds and publishes fail fast (no offline queue) and
 * their callers fall back on the database, which stays the source of truth.
 */
export class RedisQueues implements QueueHealth {
  private readonly logger = new Logger('Queue');
  /** This process's id in signal messages: its own signals are not emitted twice. */
  private readonly origin = randomBytes(8).toString('hex');
  private readonly commands: Redis;
  private readonly subscriber: Redis;
  private readonly queues: Record<QueueName, Queue>;
  private readonly subscriptions: Signal[] = [];
  private readonly relays: (() => void)[] = [];
  private readonly lastWarning = new Map<string, number>();
  /** True while a remote signal is emitted locally: it must not be published again. */
  private relaying = false;

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
    this.subscriber = new (ioredis().Redis)(url, {
      maxRetriesPerRequest: null, // SUBSCRIBE waits for the connection; re-subscribed on reconnect
      connectTimeout: 2000,
      retryStrategy,
    });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, message: string) =>
      this.receive(channel, message),
    );
    this.queues = { runs: this.newQueue('runs'), callbacks: this.newQueue('callbacks') };

    const roles = config.roles;
    if (roles.has('api')) this.subscriptions.push('finished');
    if (roles.has('worker')) this.subscriptions.push('cancel', 'callbacks');
    // Agents changed through the api of another process: cached copies are dropped at once.
    if (roles.has('webhook') || roles.has('worker')) this.subscriptions.push('agents');
    // Every role writes events: a change of endpoints anywhere drops the cached subscriptions.
    this.subscriptions.push('endpoints');
    // Cancels may concern a run in any worker. Outbox rows written here need another
    // process's dispatcher only when this one has none.
    this.relay('execution.cancel', 'cancel');
    if (roles.has('api')) this.relay('agent.changed', 'agents');
    this.relay('endpoints.changed', 'endpoints');
    if (!roles.has('worker')) this.relay('callbacks.pending', 'callbacks');
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
    const subscribed = this.subscribe();
    // After every reconnection too (ioredis re-subscribes by itself; this makes sure of it).
    this.subscriber.on('ready', () => void this.subscribe());
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
    if (this.commands.status !== 'ready') return;
    this.commands
      .publish(this.channel(signal), `${this.origin}|${payload}`)
      .catch((error: Error) =>
        this.warn('publish', `Publishing a signal failed: ${error.message}`),
      );
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
    for (const stop of this.relays) stop();
    // Every step is bounded: with Redis unreachable, BullMQ's close could wait forever.
    await Promise.all(
      Object.values(this.queues).map((queue) =>
        withTimeout(queue.close(), QUEUE_CLOSE_TIMEOUT_MS).catch(() =>
          withTimeout(queue.disconnect(), CLOSE_TIMEOUT_MS).catch(() => undefined),
        ),
      ),
    );
    this.subscriber.disconnect();
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

  /** SUBSCRIBE to this process's channels (waits for a connection as long as it takes). */
  private async subscribe(): Promise<void> {
    if (this.subscriptions.length === 0) return;
    const channels = this.subscriptions.map((signal) => this.channel(signal));
    await this.subscriber.subscribe(...channels).catch((error: Error) => {
      this.warn('subscribe', `Subscribing to the queue signals failed: ${error.message}`);
    });
  }

  private channel(signal: Signal): string {
    return `${this.prefix}:signal:${signal}`;
  }

  /** Publishes `event` whenever it is emitted on the local bus (except when relayed here). */
  private relay(
    event: Extract<
      BusEvent,
      'execution.cancel' | 'agent.changed' | 'callbacks.pending' | 'endpoints.changed'
    >,
    signal: Signal,
  ): void {
    const handler = (id?: string) => {
      if (!this.relaying) this.publish(signal, id ?? '');
    };
    this.bus.on(event, handler);
    this.relays.push(() => this.bus.off(event, handler));
  }

  private receive(channel: string, message: string): void {
    const separator = message.indexOf('|');
    if (separator < 0 || message.slice(0, separator) === this.origin) return;
    const payload = message.slice(separator + 1);
    this.relaying = true;
    try {
      if (channel === this.channel('finished')) this.bus.emit('execution.finished', payload);
      else if (channel === this.channel('cancel')) this.bus.emit('execution.cancel', payload);
      else if (channel === this.channel('callbacks')) this.bus.emit('callbacks.pending');
      else if (channel === this.channel('agents')) this.bus.emit('agent.changed', payload);
      else if (channel === this.channel('endpoints')) this.bus.emit('endpoints.changed', payload);
    } finally {
      this.relaying = false;
    }
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

import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { ioredis } from '../common/optional-modules';
import type { AppConfig } from '../config/configuration';
import { retryStrategy } from './bullmq-consumer';
import { type BusEvent, LocalBus } from './local-bus';

/**
 * Signals kept while the command connection is down, at most: the oldest go first (their
 * fallbacks, above, still hold).
 */
const PENDING_LIMIT = 1000;

/** Signals that travel between processes (pub/sub), each mirrored on the local bus. */
export type Signal = 'finished' | 'cancel' | 'callbacks' | 'due' | 'agents' | 'endpoints';

/**
 * The signals between the processes sharing one Redis (part of RedisQueues): `finished` (an
 * execution reached a final state: synchronous triggers waiting in an api process wake up),
 * `cancel` (a worker running that execution aborts it at once), `callbacks` (outbox rows were
 * written by a process without a dispatcher), `due` (waiting executions were made due by a
 * process without a wait poller: a token completed over the api), `agents` (an agent was changed: cached copies
 * are dropped, see AgentCache) and `endpoints` (an account's webhook endpoints changed). Each
 * is a local-bus event mirrored through a Redis channel: the events a process relays, emitted
 * on its bus, are published, and signals published by other processes are emitted on its bus.
 * Pub/sub may drop messages while a connection is down; every signal has a fallback (the waiter
 * polls the row, the worker notices a cancel at its next lease renewal, the dispatcher sweeps,
 * the wait poller polls,
 * a cached agent expires after AGENT_CACHE_TTL_MS). Two of those gaps are closed here: the
 * bus is told whether this process hears the others (`hearsOthers`: false until subscribed and
 * whenever the subscriber's connection is down), so that its caches keep nothing they could
 * miss a change of; and signals published while the command connection is down are sent once
 * it is back (the latest PENDING_LIMIT of them).
 */
export class RedisSignals {
  /** This process's id in signal messages: its own signals are not emitted twice. */
  private readonly origin = randomBytes(8).toString('hex');
  private readonly subscriber: Redis;
  private readonly subscriptions: Signal[] = [];
  private readonly relays: (() => void)[] = [];
  /** True while a remote signal is emitted locally: it must not be published again. */
  private relaying = false;
  /** Signals published while the command connection was down (channel and message, once). */
  private readonly pending = new Set<string>();

  constructor(
    private readonly config: AppConfig,
    private readonly bus: LocalBus,
    /** RedisQueues' command connection, which publishes. */
    private readonly commands: Redis,
    private readonly warn: (kind: string, message: string) => void,
  ) {
    this.subscriber = new (ioredis().Redis)(config.redisUrl!, {
      maxRetriesPerRequest: null, // SUBSCRIBE waits for the connection; re-subscribed on reconnect
      connectionName: `${config.queuePrefix}:signals`, // CLIENT LIST tells it apart
      connectTimeout: 2000,
      retryStrategy,
    });
    this.subscriber.on('error', () => undefined);
    // Until subscribed, and while the connection is down, changes elsewhere go unheard.
    bus.setHearsOthers(false);
    this.subscriber.on('close', () => bus.setHearsOthers(false));
    commands.on('ready', () => this.flush());
    this.subscriber.on('message', (channel: string, message: string) =>
      this.receive(channel, message),
    );
    const roles = config.roles;
    if (roles.has('api')) this.subscriptions.push('finished');
    if (roles.has('worker')) this.subscriptions.push('cancel', 'callbacks', 'due');
    // Every role caches agents (the REST trigger, the webhook listener, the worker): one
    // changed through the api of another process is dropped at once. Every role writes
    // events: a change of endpoints anywhere drops the cached subscriptions.
    this.subscriptions.push('agents', 'endpoints');
    // Cancels may concern a run in any worker. Outbox rows written here need another
    // process's dispatcher only when this one has none.
    this.relay('execution.cancel', 'cancel');
    if (roles.has('api')) this.relay('agent.changed', 'agents');
    this.relay('endpoints.changed', 'endpoints');
    if (!roles.has('worker')) this.relay('callbacks.pending', 'callbacks');
    // Likewise rows made due here: a worker's wait poller looks at once.
    if (!roles.has('worker')) this.relay('executions.due', 'due');
  }

  /** Subscribes (resolves once subscribed), and again after every reconnection. */
  start(): Promise<void> {
    const subscribed = this.subscribe();
    // ioredis re-subscribes by itself after a reconnection; this makes sure of it.
    this.subscriber.on('ready', () => void this.subscribe());
    return subscribed;
  }

  /** Sends a signal to the other processes (never throws; a lost signal has a fallback). */
  publish(signal: Signal, payload = ''): void {
    this.send(this.channel(signal), `${this.origin}|${payload}`);
  }

  /** Stops relaying and disconnects the subscriber. */
  stop(): void {
    this.pending.clear();
    for (const stop of this.relays) stop();
    this.subscriber.disconnect();
  }

  /**
   * SUBSCRIBE to this process's channels (waits for a connection as long as it takes); the
   * other processes are heard from then on.
   */
  private async subscribe(): Promise<void> {
    const channels = this.subscriptions.map((signal) => this.channel(signal));
    try {
      await this.subscriber.subscribe(...channels);
      if (this.subscriber.status === 'ready') this.bus.setHearsOthers(true);
    } catch (error) {
      this.warn(
        'subscribe',
        `Subscribing to the queue signals failed: ${(error as Error).message}`,
      );
    }
  }

  /** Publishes now, or keeps the signal for when the command connection is back. */
  private send(channel: string, message: string): void {
    if (this.commands.status !== 'ready') {
      const signal = `${channel}\n${message}`;
      this.pending.delete(signal); // kept once, as the latest
      this.pending.add(signal);
      if (this.pending.size > PENDING_LIMIT) {
        this.pending.delete(this.pending.values().next().value!);
      }
      return;
    }
    this.commands
      .publish(channel, message)
      .catch((error: Error) =>
        this.warn('publish', `Publishing a signal failed: ${error.message}`),
      );
  }

  /** Sends the signals kept while the command connection was down. */
  private flush(): void {
    const signals = [...this.pending];
    this.pending.clear();
    for (const signal of signals) {
      const split = signal.indexOf('\n');
      this.send(signal.slice(0, split), signal.slice(split + 1));
    }
  }

  private channel(signal: Signal): string {
    return `${this.config.queuePrefix}:signal:${signal}`;
  }

  /** Publishes `event` whenever it is emitted on the local bus (except when relayed here). */
  private relay(
    event: Extract<
      BusEvent,
      | 'execution.cancel'
      | 'agent.changed'
      | 'callbacks.pending'
      | 'executions.due'
      | 'endpoints.changed'
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
      else if (channel === this.channel('due')) this.bus.emit('executions.due');
      else if (channel === this.channel('agents')) this.bus.emit('agent.changed', payload);
      else if (channel === this.channel('endpoints')) this.bus.emit('endpoints.changed', payload);
    } finally {
      this.relaying = false;
    }
  }
}

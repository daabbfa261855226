import { Redis, type RedisOptions } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/configuration';
import { LocalBus } from '../src/queue/local-bus';
import { RedisSignals } from '../src/queue/redis-signals';
import { eventually } from './support/wait';

const REDIS_URL = process.env.REDIS_URL;

/**
 * The signals between processes on a real Redis: a process hears the others only while it is
 * subscribed (its caches keep nothing meanwhile), and what it publishes while its command
 * connection is down is sent once the connection is back.
 */
describe.skipIf(!REDIS_URL)('signals between processes (REDIS_URL)', () => {
  const closing: (() => void)[] = [];
  afterEach(() => {
    for (const close of closing.splice(0)) close();
  });

  function client(options: RedisOptions = {}): Redis {
    const redis = new Redis(REDIS_URL!, { maxRetriesPerRequest: null, ...options });
    redis.on('error', () => undefined);
    closing.push(() => redis.disconnect());
    return redis;
  }

  function signals(role: string, prefix: string, commands = client({ enableOfflineQueue: false })) {
    const bus = new LocalBus();
    const config = loadConfig({ ROLE: role, REDIS_URL: REDIS_URL!, QUEUE_PREFIX: prefix });
    const made = new RedisSignals(config, bus, commands, () => undefined);
    closing.unshift(() => made.stop());
    return { bus, signals: made, commands };
  }

  it('hears the other processes only while subscribed, again after its connection is cut', async () => {
    const prefix = `aas-test-signals-${randomBytes(6).toString('hex')}`;
    const webhook = signals('webhook', prefix);
    expect(webhook.bus.hearsOthers).toBe(false); // not subscribed yet
    await webhook.signals.start();
    expect(webhook.bus.hearsOthers).toBe(true);

    const admin = client();
    const heard: boolean[] = [];
    webhook.bus.on('others.heard', (value) => heard.push(value));
    const list = (await admin.client('LIST')) as string;
    const line = list.split('\n').find((entry) => entry.includes(` name=${prefix}:signals `));
    const id = /\bid=(\d+)/.exec(line ?? '')?.[1];
    expect(id).toBeDefined();
    await admin.client('KILL', 'ID', id!);
    await eventually(async () => heard.length === 2);
    expect(heard).toEqual([false, true]); // cut, then subscribed again

    const api = signals('api', prefix);
    await api.signals.start();
    const changed: string[] = [];
    webhook.bus.on('agent.changed', (agentId) => changed.push(agentId));
    api.bus.emit('agent.changed', 'agt_1');
    await eventually(async () => changed.length === 1);
    expect(changed).toEqual(['agt_1']);
  });

  it('a token completed in an api process tells the workers’ wait pollers', async () => {
    const prefix = `aas-test-signals-${randomBytes(6).toString('hex')}`;
    const api = signals('api', prefix, client());
    const worker = signals('worker', prefix, client());
    const other = signals('worker', prefix, client());
    await Promise.all([api.signals.start(), worker.signals.start(), other.signals.start()]);
    const heard: string[] = [];
    worker.bus.on('executions.due', () => heard.push('worker'));
    other.bus.on('executions.due', () => heard.push('other'));
    api.bus.emit('executions.due');
    await eventually(async () => heard.length === 2);
    // A worker's own due rows are its own poller's: it does not publish them.
    worker.bus.emit('executions.due');
    api.bus.emit('executions.due');
    await eventually(async () => heard.length >= 5);
    expect(heard.sort()).toEqual(['other', 'other', 'worker', 'worker', 'worker']);
  });

  it('sends what it published while its command connection was down once it is back', async () => {
    const prefix = `aas-test-signals-${randomBytes(6).toString('hex')}`;
    const commands = client({ enableOfflineQueue: false, lazyConnect: true });
    const api = signals('api', prefix, commands);
    await api.signals.start();
    api.bus.emit('agent.changed', 'agt_1'); // the command connection is not up
    api.bus.emit('agent.changed', 'agt_1'); // the same signal: sent once
    api.bus.emit('agent.changed', 'agt_2');

    const listener = client();
    const received: string[] = [];
    listener.on('message', (_channel: string, message: string) => received.push(message));
    await listener.subscribe(`${prefix}:signal:agents`);
    await commands.connect();
    // Sent in order on one connection: once the marker arrives, nothing else is on its way.
    await eventually(async () => received.length > 0);
    api.bus.emit('agent.changed', 'agt_marker');
    await eventually(async () => received.some((message) => message.endsWith('|agt_marker')));
    expect(received.map((message) => message.split('|')[1])).toEqual([
      'agt_1',
      'agt_2',
      'agt_marker',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { AgentCache } from '../../src/agents/agent-cache';
import { LocalBus } from '../../src/queue/local-bus';

interface Row {
  id: string;
  name: string;
}

/** A lookup that counts its calls and answers the current row. */
function source(row: Row | null) {
  const calls = { n: 0 };
  return { calls, load: async () => (calls.n++, row), idOf: (value: Row) => value.id };
}

describe('AgentCache', () => {
  it('answers a hit without a lookup until the entry expires', async () => {
    const cache = new AgentCache<Row>(40, new LocalBus());
    const { calls, load, idOf } = source({ id: 'agt_1', name: 'a' });
    expect(await cache.get('wh_1', load, idOf)).toEqual({ id: 'agt_1', name: 'a' });
    expect(await cache.get('wh_1', load, idOf)).toEqual({ id: 'agt_1', name: 'a' });
    expect(calls.n).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(cache.peek('wh_1')).toBeUndefined();
    await cache.get('wh_1', load, idOf);
    expect(calls.n).toBe(2);
    cache.close();
  });

  it('does not cache misses, nor anything with a TTL of 0', async () => {
    const cache = new AgentCache<Row>(60_000, new LocalBus());
    const missing = source(null);
    await cache.get('wh_1', missing.load, missing.idOf);
    await cache.get('wh_1', missing.load, missing.idOf);
    expect(missing.calls.n).toBe(2);
    const off = new AgentCache<Row>(0, new LocalBus());
    const found = source({ id: 'agt_1', name: 'a' });
    await off.get('wh_1', found.load, found.idOf);
    await off.get('wh_1', found.load, found.idOf);
    expect(found.calls.n).toBe(2);
    cache.close();
    off.close();
  });

  it('drops every entry of an agent when the bus says it changed', async () => {
    const bus = new LocalBus();
    const cache = new AgentCache<Row>(60_000, bus);
    const one = source({ id: 'agt_1', name: 'a' });
    const two = source({ id: 'agt_2', name: 'b' });
    await cache.get('wh_1', one.load, one.idOf);
    await cache.get('wh_1b', one.load, one.idOf);
    await cache.get('wh_2', two.load, two.idOf);
    bus.emit('agent.changed', 'agt_1');
    expect(cache.peek('wh_1')).toBeUndefined();
    expect(cache.peek('wh_1b')).toBeUndefined();
    expect(cache.peek('wh_2')).toEqual({ id: 'agt_2', name: 'b' });
    cache.close();
    bus.emit('agent.changed', 'agt_2'); // closed: no longer listening
    expect(bus.listenerCount('agent.changed')).toBe(0);
  });

  it('does not store what a lookup read while the agent changed', async () => {
    const bus = new LocalBus();
    const cache = new AgentCache<Row>(60_000, bus);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      await gate;
      return { id: 'agt_1', name: 'old' };
    };
    const pending = cache.get('wh_1', slow, (value) => value.id);
    bus.emit('agent.changed', 'agt_1');
    release();
    expect(await pending).toEqual({ id: 'agt_1', name: 'old' });
    expect(cache.peek('wh_1')).toBeUndefined();
    cache.close();
  });
});

describe('AgentCache while the other processes are not heard', () => {
  it('stores nothing, and drops every entry when hearing stops or starts', async () => {
    const bus = new LocalBus();
    const cache = new AgentCache<Row>(60_000, bus);
    const row = source({ id: 'agt_1', name: 'a' });
    await cache.get('wh_1', row.load, row.idOf);
    bus.setHearsOthers(false); // a change made elsewhere may go unheard from now on
    expect(cache.peek('wh_1')).toBeUndefined();
    await cache.get('wh_1', row.load, row.idOf);
    await cache.get('wh_1', row.load, row.idOf);
    expect(row.calls.n).toBe(3);
    bus.setHearsOthers(true);
    await cache.get('wh_1', row.load, row.idOf);
    await cache.get('wh_1', row.load, row.idOf);
    expect(row.calls.n).toBe(4);

    // A lookup that started before hearing stopped does not store what it read.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    cache.clear();
    const pending = cache.get(
      'wh_1',
      async () => (await gate, { id: 'agt_1', name: 'old' }),
      (value) => value.id,
    );
    bus.setHearsOthers(false);
    bus.setHearsOthers(true);
    release();
    await pending;
    expect(cache.peek('wh_1')).toBeUndefined();
    cache.close();
    expect(bus.listenerCount('others.heard')).toBe(0);
  });
});

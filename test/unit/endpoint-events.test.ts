import { describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { agentEventTypes } from '../../src/agents/agent-events';
import type { Agent } from '../../src/agents/agent.entity';
import { LocalBus } from '../../src/queue/local-bus';
import type { SubscribableEvent } from '../../src/events/event-types';
import {
  EndpointSubscriptions,
  subscriber,
  type Subscriptions,
} from '../../src/webhooks/outbound/endpoint-subscriptions';

describe('agent event types of a change', () => {
  const agent = { status: 'active' } as Agent;
  it.each([
    [{ deletedAt: new Date(), webhookId: 'x' }, ['agent.deleted']],
    [{ status: 'paused' }, ['agent.paused']],
    [{ status: 'active' }, []],
    [{ status: 'paused', name: 'n' }, ['agent.paused', 'agent.updated']],
    [{ config: {} }, ['agent.updated']],
    [{ webhookId: 'new' }, ['agent.updated']],
    [{ webhookKeyHash: 'h' }, []],
  ] as [Partial<Agent>, string[]][])('%j makes %j', (changes, types) => {
    expect(agentEventTypes(agent, changes)).toEqual(types);
  });
  it('resuming a paused agent is agent.resumed', () => {
    expect(agentEventTypes({ status: 'paused' } as Agent, { status: 'active' })).toEqual([
      'agent.resumed',
    ]);
  });
});

describe('a subscription by the deprecated execution.canceled', () => {
  const of = (events: string[]) => subscriber({ id: 'wep_a', url: 'https://a', events });
  it('wants execution.cancelled, received under the old name', () => {
    const old = of(['execution.canceled']);
    expect(old.events?.has('execution.cancelled')).toBe(true);
    expect(old.aliases?.get('execution.cancelled')).toBe('execution.canceled');
  });
  it('with the new name too, or `*`, gets the new name', () => {
    expect(of(['execution.canceled', 'execution.cancelled']).aliases).toBeUndefined();
    expect(of(['*']).aliases).toBeUndefined();
    expect(of(['execution.failed']).events?.has('execution.cancelled')).toBe(false);
  });
});

describe('EndpointSubscriptions', () => {
  /** A DataSource double whose endpoint table is `rows`, counting reads. */
  function fake(rows: { id: string; accountId: string; url: string; events: string[] }[]) {
    const reads = { count: 0, hold: null as null | Promise<void> };
    const repository = {
      find: async ({ where }: { where: { accountId: unknown } }) => {
        reads.count++;
        if (reads.hold) await reads.hold;
        const ids = (where.accountId as { value?: string[] }).value ?? [where.accountId];
        return rows.filter((row) => (ids as string[]).includes(row.accountId));
      },
    };
    const dataSource = { manager: { getRepository: () => repository } } as unknown as DataSource;
    return { dataSource, reads };
  }

  const ids = (subscriptions: Subscriptions, account: string, type: SubscribableEvent) =>
    subscriptions.of(account, type).map((s) => s.id);

  it('reads an account once, caches accounts without endpoints, filters by type', async () => {
    const { dataSource, reads } = fake([
      { id: 'wep_a', accountId: 'acc_1', url: 'https://a', events: ['execution.failed'] },
      { id: 'wep_b', accountId: 'acc_1', url: 'https://b', events: ['*'] },
    ]);
    const subs = new EndpointSubscriptions(dataSource, new LocalBus());
    const first = await subs.load(['acc_1', 'acc_2']);
    const second = await subs.load(['acc_1', 'acc_2']);
    expect(reads.count).toBe(1);
    for (const found of [first, second]) {
      expect(ids(found, 'acc_1', 'execution.failed')).toEqual(['wep_a', 'wep_b']);
      expect(ids(found, 'acc_1', 'agent.created')).toEqual(['wep_b']);
      expect(found.wants('acc_1', 'agent.created')).toBe(true);
      expect(found.wants('acc_2', 'agent.created')).toBe(false);
    }
  });

  it('reads an account again after endpoints.changed; a read that raced a change is used, not kept', async () => {
    const { dataSource, reads } = fake([
      { id: 'wep_a', accountId: 'acc_1', url: 'https://a', events: ['*'] },
      { id: 'wep_b', accountId: 'acc_2', url: 'https://b', events: ['*'] },
    ]);
    const bus = new LocalBus();
    const subs = new EndpointSubscriptions(dataSource, bus);
    const before = await subs.load(['acc_1']);
    subs.changed('acc_1');
    // What a load answered stays its caller's, whatever the cache does after.
    expect(before.wants('acc_1', 'agent.created')).toBe(true);
    await subs.load(['acc_1']);
    expect(reads.count).toBe(2);

    // Another account's change while acc_2 is read: acc_2's endpoints are still answered.
    let release!: () => void;
    reads.hold = new Promise((resolve) => (release = resolve));
    const loading = subs.load(['acc_2']);
    bus.emit('endpoints.changed', 'acc_1');
    release();
    expect(ids(await loading, 'acc_2', 'execution.failed')).toEqual(['wep_b']);
    reads.hold = null;
    await subs.load(['acc_2']);
    expect(reads.count).toBe(4); // the raced read was not kept
  });

  it('keeps nothing while the other processes are not heard, and drops all when that changes', async () => {
    const { dataSource, reads } = fake([
      { id: 'wep_a', accountId: 'acc_1', url: 'https://a', events: ['*'] },
    ]);
    const bus = new LocalBus();
    const subs = new EndpointSubscriptions(dataSource, bus);
    await subs.load(['acc_1']);
    bus.setHearsOthers(false); // dropped: a change elsewhere may go unheard from now on
    for (let i = 0; i < 2; i++) {
      expect((await subs.load(['acc_1'])).wants('acc_1', 'execution.failed')).toBe(true);
    }
    expect(reads.count).toBe(3);
    bus.setHearsOthers(true);
    await subs.load(['acc_1']);
    await subs.load(['acc_1']);
    expect(reads.count).toBe(4);
  });
});

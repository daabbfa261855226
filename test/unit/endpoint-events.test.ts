import { describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { agentEventTypes } from '../../src/agents/agent-events';
import type { Agent } from '../../src/agents/agent.entity';
import { LocalBus } from '../../src/queue/local-bus';
import { EndpointSubscriptions } from '../../src/webhooks/outbound/endpoint-subscriptions';

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

  it('reads an account once, caches accounts without endpoints, filters by type', async () => {
    const { dataSource, reads } = fake([
      { id: 'wep_a', accountId: 'acc_1', url: 'https://a', events: ['execution.failed'] },
      { id: 'wep_b', accountId: 'acc_1', url: 'https://b', events: ['*'] },
    ]);
    const subs = new EndpointSubscriptions(dataSource, new LocalBus());
    expect(subs.peek('acc_1', 'execution.failed')).toBeUndefined();
    await subs.load(['acc_1', 'acc_2']);
    await subs.load(['acc_1', 'acc_2']);
    expect(reads.count).toBe(1);
    expect(subs.peek('acc_1', 'execution.failed')!.map((s) => s.id)).toEqual(['wep_a', 'wep_b']);
    expect(subs.peek('acc_1', 'agent.created')!.map((s) => s.id)).toEqual(['wep_b']);
    expect(subs.peek('acc_2', 'agent.created')).toEqual([]);
  });

  it('drops an account on endpoints.changed, and does not keep a read that raced a change', async () => {
    const { dataSource, reads } = fake([
      { id: 'wep_a', accountId: 'acc_1', url: 'https://a', events: ['*'] },
    ]);
    const bus = new LocalBus();
    const subs = new EndpointSubscriptions(dataSource, bus);
    await subs.load(['acc_1']);
    subs.changed('acc_1');
    expect(subs.peek('acc_1', 'ping' as never)).toBeUndefined();

    let release!: () => void;
    reads.hold = new Promise((resolve) => (release = resolve));
    const loading = subs.load(['acc_1']);
    bus.emit('endpoints.changed', 'acc_1');
    release();
    await loading;
    expect(subs.peek('acc_1', 'agent.created')).toBeUndefined();
  });
});

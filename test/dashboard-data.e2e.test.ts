import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../src/agents/agent.entity';
import { Execution } from '../src/executions/execution.entity';
import { utcDay } from '../src/common/time';
import { seedAgent } from './support/agents';
import { createUser, signIn, type Browser } from './support/dashboard';
import { insertExecution } from './support/rows';
import { bearer, startTestService, type TestService } from './support/service';

const DAY = 86_400_000;

/** What the dashboard reads besides agents: kinds, daily stats, the account's executions. */
describe('dashboard data: agent kinds, daily stats, account-wide executions', () => {
  let t: TestService;
  let accountId: string;
  let key: string;
  let session: Browser;
  let first: Agent;
  let second: Agent;
  let stranger: { accountId: string; key: string };
  let strangerAgent: Agent;

  const agentRow = (id: string) =>
    t.service.dataSource.getRepository(Agent).findOneByOrFail({ id });

  beforeAll(async () => {
    t = await startTestService({ TRUST_PROXY: 'true', ROLE: 'api' });
    ({ accountId, key } = await t.seedAccount());
    session = await signIn(t, (await createUser(t, accountId, { role: 'member' })).email);
    first = await agentRow((await seedAgent(t, key)).id);
    second = await agentRow((await seedAgent(t, key)).id);
    stranger = await t.seedAccount();
    strangerAgent = await agentRow((await seedAgent(t, stranger.key)).id);
    const now = Date.now();
    const ds = t.service.dataSource;
    const insert = (agent: Agent, fields: Partial<Execution>) =>
      insertExecution(ds, agent, fields, { counted: true });
    // first: 2 completed today, 1 failed 3 days ago; second: 1 completed today, 1 queued
    // 20 days ago (outside 14 days); the stranger: 5 completed today.
    await insert(first, { createdAt: new Date(now - 1000) });
    await insert(first, { createdAt: new Date(now - 2000) });
    await insert(first, {
      status: 'failed',
      createdAt: new Date(now - 3 * DAY),
      completedAt: new Date(now - 3 * DAY),
      output: null,
    });
    await insert(second, { createdAt: new Date(now - 3000) });
    await insert(second, {
      status: 'queued',
      createdAt: new Date(now - 20 * DAY),
    });
    for (let i = 0; i < 5; i++) await insert(strangerAgent, {});
  });
  afterAll(async () => t?.close());

  it('lists the agent kinds with a description and a config schema', async () => {
    const res = await t.api().get('/v2/agent-kinds').set({ Cookie: session.cookie }).expect(200);
    const kinds = res.body.data.map((item: { kind: string }) => item.kind);
    expect(kinds).toEqual(expect.arrayContaining(['http-request', 'lead-qualification']));
    const http = res.body.data.find((item: { kind: string }) => item.kind === 'http-request');
    expect(http.description).toEqual(expect.any(String));
    expect(http.config_schema).toMatchObject({ type: 'object', required: ['url'] });
    await t.api().get('/v2/agent-kinds').set(bearer(key)).expect(200);
    await t.api().get('/v2/agent-kinds').expect(401);
  });

  it('answers 14 days of daily counts by default, oldest first, zeros filled', async () => {
    const today = utcDay(new Date());
    const threeAgo = utcDay(new Date(Date.now() - 3 * DAY));
    const agent = await t
      .api()
      .get(`/v2/agents/${first.id}/stats`)
      .set({ Cookie: session.cookie })
      .expect(200);
    expect(agent.body.data).toHaveLength(14);
    expect(agent.body.data[13]).toEqual({ day: today, created: 2, completed: 2, failed: 0 });
    expect(agent.body.data.find((d: { day: string }) => d.day === threeAgo)).toEqual({
      day: threeAgo,
      created: 1,
      completed: 0,
      failed: 1,
    });
    const days = agent.body.data.map((d: { day: string }) => d.day);
    expect([...days].sort()).toEqual(days);
    expect(new Set(days).size).toBe(14);
    expect(agent.body.data[0].day).toBe(utcDay(new Date(Date.now() - 13 * DAY)));

    const account = await t.api().get('/v2/stats?days=30').set(bearer(key)).expect(200);
    expect(account.body.data).toHaveLength(30);
    expect(account.body.data[29]).toEqual({ day: today, created: 3, completed: 3, failed: 0 });
    const twentyAgo = utcDay(new Date(Date.now() - 20 * DAY));
    expect(account.body.data.find((d: { day: string }) => d.day === twentyAgo)).toMatchObject({
      created: 1,
    });

    const bad = await t.api().get('/v2/stats?days=0').set(bearer(key)).expect(400);
    expect(bad.body.error.field).toBe('days');
    await t.api().get('/v2/stats?days=91').set(bearer(key)).expect(400);
    // Another account's agent is not found.
    await t.api().get(`/v2/agents/${strangerAgent.id}/stats`).set(bearer(key)).expect(404);
  });

  it("lists the account's executions across agents, with filters and a cursor", async () => {
    const all = await t.api().get('/v2/executions').set({ Cookie: session.cookie }).expect(200);
    expect(all.body.data).toHaveLength(5);
    expect(new Set(all.body.data.map((e: { agent_id: string }) => e.agent_id))).toEqual(
      new Set([first.id, second.id]),
    );
    const created = all.body.data.map((e: { created_at: string }) => e.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    const failed = await t
      .api()
      .get('/v2/executions?status=failed,queued')
      .set(bearer(key))
      .expect(200);
    expect(failed.body.data.map((e: { status: string }) => e.status).sort()).toEqual([
      'failed',
      'queued',
    ]);
    const recent = await t
      .api()
      .get(`/v2/executions?from=${utcDay(new Date(Date.now() - 5 * DAY))}`)
      .set(bearer(key))
      .expect(200);
    expect(recent.body.data).toHaveLength(4);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { id: string }[]; meta: { next_cursor: string | null } } } =
        await t
          .api()
          .get(`/v2/executions?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
          .set(bearer(key))
          .expect(200);
      seen.push(...page.body.data.map((e) => e.id));
      cursor = page.body.meta.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.body.data.map((e: { id: string }) => e.id));

    const theirs = await t.api().get('/v2/executions').set(bearer(stranger.key)).expect(200);
    expect(theirs.body.data).toHaveLength(5);
    expect(
      theirs.body.data.every((e: { agent_id: string }) => e.agent_id === strangerAgent.id),
    ).toBe(true);
    const bad = await t.api().get('/v2/executions?status=done').set(bearer(key)).expect(400);
    expect(bad.body.error.field).toBe('status');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, parseOutput, runCli } from './support/cli';
import { createTestDatabase, type TestDatabase } from './support/database';
import { startServiceProcess, type ServiceProcess } from './support/process';
import type { Agent } from '../src/agents/agent.entity';
import { insertAgent, insertExecution } from './support/rows';
import { bearer, startTestService, TEST_SECRET_KEY, type TestService } from './support/service';

interface Heavy {
  auth: Record<string, string>;
  agentId: string;
  body: string;
}
/** The bench's load (bench/isolation.js), so that the row and this test measure the same. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { bigInput, measureIsolation, seedHeavy } = require('../bench/isolation') as {
  bigInput(bytes: number): unknown;
  seedHeavy(
    api: string,
    auth: Record<string, string>,
    count: number,
  ): Promise<{ agentId: string; body: string }>;
  measureIsolation(options: {
    api: string;
    heavy: Heavy;
    neighbour: { auth: Record<string, string>; path: string };
    seconds: number;
    triggerClients?: number;
    pageClients?: number;
    heavyPauseMs?: number;
  }): Promise<{
    quiet_p50: number;
    quiet_p99: number;
    samples: number;
    p50: number;
    p99: number;
    max: number;
    neighbour_failures: number;
    triggers: number;
    pages: number;
    page_bytes_max: number;
    failures: number;
  }>;
};

/** Executions of ~1 MiB of input the heavy account holds before the load starts. */
const HEAVY_EXECUTIONS = 40;
/**
 * Another account's latencies while the heavy account loads the service, as bounds this
 * shared 2-core machine meets (measured: p50 about 30 ms, p99 0.3 to 0.8 s at a load average
 * of 20, where the neighbour alone has a p99 of 40 to 180 ms); before the page budget and the
 * heavy turns, p50 0.2 to 0.4 s and p99 5.7 s. The bench row measures it with more load.
 */
const P50_BOUND_MS = 100;
const P99_BOUND_MS = 1000;

/**
 * One account's big JSON (1 MiB triggers, full pages of 1 MiB executions) does not hold the
 * event loop long enough for another account to see it: the built service as a real process,
 * the heavy account with one client sending 1 MiB synchronous triggers and one reading
 * `executions?limit=100` pages, for 10 s; meanwhile another account's `GET /v2/agents/:id`,
 * one at a time, stays fast. Before the page budget and the heavy turns, a page answered
 * 49 MB after seconds and the neighbour waited up to 5.7 s.
 */
describe('tenant isolation under big JSON (the built service as a real process)', () => {
  let db: TestDatabase;
  let proc: ServiceProcess | undefined;
  let api = '';
  let heavy: Heavy;
  let neighbour: { auth: Record<string, string>; path: string };

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    const env = { SECRET_KEY: TEST_SECRET_KEY, ...db.env };
    const seed = async () =>
      parseOutput(
        await runCli(['seed:demo', '--plan', 'enterprise'], { ...env, MIGRATE_ON_START: 'true' }),
      );
    const [a, b] = [await seed(), await seed()];
    proc = await startServiceProcess(env);
    api = `http://127.0.0.1:${proc.port}`;
    const auth = (key: unknown) => ({
      authorization: `Bearer ${String(key)}`,
      'content-type': 'application/json',
    });
    const seeded = await seedHeavy(api, auth(a.api_key), HEAVY_EXECUTIONS);
    heavy = { auth: auth(a.api_key), ...seeded };
    neighbour = { auth: auth(b.api_key), path: `/v2/agents/${String(b.agent_id)}` };
  }, 180_000);
  afterAll(async () => {
    proc?.killAll();
    await db?.drop();
  });

  it(`keeps another account's p50 under ${P50_BOUND_MS} ms and p99 under ${P99_BOUND_MS} ms while one account sends 1 MiB triggers and reads full pages`, async () => {
    // One client of each kind, 100 ms between their requests: a 1 MiB trigger or a page of
    // 5 MB is in the service most of the time, without the heavy account keeping the CPU busy
    // for good (the bench row does that, with two of each and no pause).
    const result = await measureIsolation({
      api,
      heavy,
      neighbour,
      seconds: 10,
      triggerClients: 1,
      pageClients: 1,
      heavyPauseMs: 100,
    });
    console.log(`[tenant isolation] ${JSON.stringify(result)}`);
    expect(result.neighbour_failures).toBe(0);
    expect(result.failures).toBe(0);
    // The load was there: pages of several MiB and 1 MiB triggers, throughout.
    expect(result.pages).toBeGreaterThan(4);
    expect(result.triggers).toBeGreaterThan(4);
    expect(result.page_bytes_max).toBeGreaterThan(4 * 1024 * 1024);
    expect(result.page_bytes_max).toBeLessThan(7 * 1024 * 1024);
    expect(result.samples).toBeGreaterThan(50);
    expect(result.p50).toBeLessThan(P50_BOUND_MS);
    expect(result.p99).toBeLessThan(P99_BOUND_MS);
  }, 60_000);
});

/**
 * The page budget: a page of executions ends early, after at least one item, once its items
 * pass 4 MiB of JSON; `has_more` and `next_cursor` then lead to the rest, and following the
 * cursors lists every execution once, newest first. On both databases.
 */
describe('a page of large executions ends after 4 MiB of JSON', () => {
  const MiB = 1024 * 1024;
  let t: TestService;
  let key: string;
  let agent: Agent;
  let ids: string[];

  beforeAll(async () => {
    t = await startTestService();
    const seeded = await t.seedAccount();
    key = seeded.key;
    agent = await insertAgent(t.service.dataSource, seeded.accountId, { kind: 'workflow' });
    const big = bigInput(900_000) as Record<string, unknown>;
    const base = Date.now() - 60_000;
    ids = [];
    // 12 of ~0.9 MiB of input, then 3 small ones (newest): the first page holds the 3 small
    // ones and 4 large ones past the budget's first 4 MiB.
    for (let i = 0; i < 15; i++) {
      const input = i < 12 ? { ...big, n: i } : { n: i };
      const row = await insertExecution(t.service.dataSource, agent, {
        input,
        output: i === 0 ? { a: big, b: big, c: big, d: big } : { ok: true },
        createdAt: new Date(base + i * 1000),
      });
      ids.unshift(row.id);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = (query: string) =>
    t.api().get(`/v2/agents/${agent.id}/executions?${query}`).set(bearer(key)).expect(200);

  it('stops once the items pass 4 MiB, and the cursors lead to every execution once', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let query = 'limit=100';
    for (let pages = 0; pages < 10; pages++) {
      const res = await page(query);
      const bytes = Buffer.byteLength(JSON.stringify(res.body.data));
      sizes.push(res.body.data.length);
      expect(res.body.data.length).toBeGreaterThan(0);
      expect(res.body.meta.limit).toBe(100);
      seen.push(...res.body.data.map((item: { id: string }) => item.id));
      if (!res.body.meta.has_more) {
        expect(res.body.meta.next_cursor).toBeNull();
        break;
      }
      // Over the budget by at most its last item; without that item, within it.
      expect(bytes).toBeGreaterThan(4 * MiB);
      const lastItem = Buffer.byteLength(JSON.stringify(res.body.data.at(-1)));
      expect(bytes - lastItem).toBeLessThanOrEqual(4 * MiB);
      query = `cursor=${encodeURIComponent(res.body.meta.next_cursor)}`;
    }
    expect(seen).toEqual(ids);
    // 3 small + 5 large (the 5th passes 4 MiB), 5 large, then the last 2 large ones (the
    // oldest over 4 MiB on its own).
    expect(sizes).toEqual([8, 5, 2]);
  });

  it('answers an item that alone passes the budget, as a page of one', async () => {
    const first = await page('limit=100');
    const second = await page(`cursor=${encodeURIComponent(first.body.meta.next_cursor)}`);
    // The next page one item at a time (a query's limit overrides the cursor's).
    const one = await page(`limit=1&cursor=${encodeURIComponent(second.body.meta.next_cursor)}`);
    expect(one.body.data.map((item: { id: string }) => item.id)).toEqual([ids.at(-2)]);
    expect(one.body.meta.has_more).toBe(true);
    // The oldest: ~0.9 MiB of input and ~3.4 MiB of output, over 4 MiB on its own.
    const last = await page(`limit=100&cursor=${encodeURIComponent(one.body.meta.next_cursor)}`);
    expect(last.body.data.map((item: { id: string }) => item.id)).toEqual([ids.at(-1)]);
    expect(Buffer.byteLength(JSON.stringify(last.body.data))).toBeGreaterThan(4 * MiB);
    expect(last.body.meta).toEqual({ limit: 100, has_more: false, next_cursor: null });
  });

  it('keeps the page budget on the account-wide list', async () => {
    const res = await t.api().get('/v2/executions?limit=100').set(bearer(key)).expect(200);
    expect(res.body.data).toHaveLength(8);
    expect(res.body.meta.has_more).toBe(true);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

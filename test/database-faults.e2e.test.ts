import type { ServerResponse } from 'node:http';
import { In } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentDailyStats } from '../src/agents/agent-daily-stats.entity';
import { Execution, FINAL_STATUSES } from '../src/executions/execution.entity';
import { createAgent, seedAgent, type SeededAgent } from './support/agents';
import { createTestDatabase, testDriver, type TestDatabase } from './support/database';
import { DbProxy } from './support/db-proxy';
import { startLocalServer, type LocalServer } from './support/http-server';
import { bearer, startTestService, type TestService } from './support/service';
import { waitFor } from './support/wait';

/**
 * The database failing under the service (MariaDB only): a TCP proxy between this service and
 * the MariaDB server cuts and restores the connections of this service alone (the server is
 * shared with other suites and must keep running), and fails single statements with a
 * deadlock or a lost connection.
 */
describe.skipIf(testDriver() !== 'mariadb')('database faults (MariaDB behind a proxy)', () => {
  let db: TestDatabase;
  let proxy: DbProxy;
  let t: TestService;
  let key: string;
  let lead: SeededAgent;

  beforeAll(async () => {
    db = await createTestDatabase();
    proxy = await DbProxy.start(process.env.TEST_DATABASE_URL!);
    t = await startTestService(
      {
        DATABASE_URL: proxy.rewrite(db.env.DATABASE_URL),
        WORKER_POLL_MS: '50',
        WORKER_LEASE_MS: '1500',
        WORKER_CONCURRENCY: '1',
        SYNC_WAIT_MS: '10000',
      },
      { db },
    );
    ({ key } = await t.seedAccount({ plan: 'enterprise' }));
    lead = await seedAgent(t, key);
  });

  afterAll(async () => {
    await proxy?.restore().catch(() => undefined);
    await t?.close();
    await proxy?.close();
    await db?.drop();
  });

  const executions = () => t.service.dataSource.getRepository(Execution);

  interface Sent {
    kind: 'webhook' | 'trigger';
    key: string;
    status: number;
    id: string | null;
    retryAfter: string | undefined;
    body: Record<string, unknown>;
    startedAt: number;
    at: number;
  }

  /** One webhook or trigger with its own Idempotency-Key, as a client would send it. */
  async function send(kind: Sent['kind'], idempotencyKey: string): Promise<Sent> {
    const startedAt = Date.now();
    const input = { email: `${idempotencyKey}@acme.io`, company: 'Acme' };
    const res =
      kind === 'webhook'
        ? await t.webhook().post(lead.path).set('Idempotency-Key', idempotencyKey).send(input)
        : await t
            .api()
            .post(`/v2/agents/${lead.id}/trigger`)
            .set(bearer(key))
            .set('Idempotency-Key', idempotencyKey)
            .send({ input, options: { async: true } });
    const body = res.body as Record<string, unknown>;
    const id = (kind === 'webhook' ? body.executionId : body.execution_id) as string | undefined;
    return {
      kind,
      key: idempotencyKey,
      status: res.status,
      id: id ?? null,
      retryAfter: res.headers['retry-after'],
      body,
      startedAt,
      at: Date.now(),
    };
  }

  /** Clients sending webhooks and triggers one after the other until stopped. */
  function startLoad(prefix: string, clients = 2) {
    const results: Sent[] = [];
    let running = true;
    let n = 0;
    const loops = Array.from({ length: clients }, async (_, client) => {
      while (running) {
        const kind = (n + client) % 2 === 0 ? 'webhook' : 'trigger';
        results.push(await send(kind, `${prefix}-${client}-${n++}`));
      }
    });
    return {
      results,
      stop: async () => {
        running = false;
        await Promise.all(loops);
        return results;
      },
    };
  }

  it('MariaDB unreachable: 503 with Retry-After, never a 202 without its row; it recovers by itself and queued work resumes', async () => {
    // A run in progress and runs waiting in the queue when the database goes away.
    const held: ServerResponse[] = [];
    let open = false;
    const target: LocalServer = await startLocalServer((_req, res) => {
      if (open) res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      else held.push(res);
    });
    try {
      const gated = await createAgent(t, key, {
        kind: 'http-request',
        config: { url: `${target.url}/work` },
      });
      const queuedBefore: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await t
          .api()
          .post(`/v2/agents/${gated}/trigger`)
          .set(bearer(key))
          .send({ input: { job: i }, options: { async: true } })
          .expect(202);
        queuedBefore.push(res.body.execution_id);
      }
      await waitFor(
        async () => held.length,
        (n) => n === 1,
      );

      const load = startLoad('outage');
      await waitFor(
        async () => load.results.filter((r) => r.status === 202).length,
        (n) => n >= 4,
      );
      await proxy.cut();
      const cutAt = Date.now();
      await waitFor(
        async () => load.results.filter((r) => r.at > cutAt && r.status === 503).length,
        (n) => n >= 10,
      );
      const down = await t.api().get('/health').expect(503);
      expect(down.body).toEqual({
        status: 'error',
        checks: { database: 'down', queue: 'down', schema: 'down' },
      });
      // The run in progress ends while its result cannot be written.
      open = true;
      for (const res of held.splice(0)) res.writeHead(200).end('{"ok":"during outage"}');

      await proxy.restore();
      const restoredAt = Date.now();
      await waitFor(
        async () => (await t.api().get('/health')).status,
        (status) => status === 200,
        15_000,
      );
      const healthyAt = Date.now();
      await waitFor(
        async () => load.results.filter((r) => r.at > restoredAt && r.status === 202).length,
        (n) => n >= 10,
        15_000,
      );
      const results = await load.stop();
      console.log(
        `[database-faults] outage: ${results.length} requests, ` +
          `${results.filter((r) => r.status === 503).length} answered 503, ` +
          `${results.filter((r) => r.status === 202).length} accepted`,
      );

      // Every answer is an acceptance or a 503 the client can retry.
      for (const r of results) expect([202, 503], JSON.stringify(r)).toContain(r.status);
      for (const r of results.filter((sent) => sent.status === 503)) {
        expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
        expect((r.body.error as { code: string }).code).toBe('service_unavailable');
        if (r.kind === 'webhook') expect(r.body).toMatchObject({ success: false });
      }
      // Once the health check passes again, every request succeeds: the pool reconnected.
      const afterRecovery = results.filter((r) => r.startedAt > healthyAt);
      expect(afterRecovery.length).toBeGreaterThan(0);
      for (const r of afterRecovery) expect(r.status, JSON.stringify(r.body)).toBe(202);

      // Never a 202 for an execution that was not stored.
      const accepted = results.filter((r) => r.status === 202);
      const stored = await executions().findBy({ id: In(accepted.map((r) => r.id!)) });
      expect(stored.map((row) => row.id).sort()).toEqual(accepted.map((r) => r.id).sort());

      // Clients retry what got 503 with the same key: in the end one execution per key.
      for (const r of results.filter((sent) => sent.status === 503)) {
        const again = await send(r.kind, r.key);
        expect([200, 202]).toContain(again.status);
      }
      const keys = results.map((r) => r.key);
      const rows = await executions().findBy({ idempotencyKey: In(keys) });
      expect(rows.map((row) => row.idempotencyKey).sort()).toEqual([...keys].sort());

      // Everything acknowledged runs, including the work queued before the outage.
      const all = [...queuedBefore, ...rows.map((row) => row.id)];
      const done = await waitFor(
        () => executions().findBy({ id: In(all) }),
        (list) =>
          list.length === all.length && list.every((row) => FINAL_STATUSES.includes(row.status)),
        30_000,
      );
      for (const row of done) expect(row, row.id).toMatchObject({ status: 'completed' });
    } finally {
      open = true;
      for (const res of held.splice(0)) res.end();
      await target.close();
    }
  });

  it('a deadlock or a lost connection in the intake is retried: one 202, one row', async () => {
    // With a key: the key lookup and the INSERT in one transaction.
    for (const fault of ['deadlock', 'drop'] as const) {
      const injected = proxy.failNext(/^INSERT INTO `executions`/, fault);
      const sent = await send('webhook', `intake-${fault}`);
      await injected;
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
      expect(await executions().countBy({ idempotencyKey: `intake-${fault}` })).toBe(1);
    }
    // Without a key: the INSERT and the counters' upsert as one transaction in one round trip
    // (`START TRANSACTION; INSERT …; INSERT … ON DUPLICATE KEY UPDATE …; COMMIT`). Even when it
    // lands and its answer is lost, the retry recognises its own rows: one 202, one row,
    // counted once.
    const stats = t.service.dataSource.getRepository(AgentDailyStats);
    const createdSoFar = async () =>
      (await stats.findBy({ agentId: lead.id })).reduce((sum, day) => sum + day.created, 0);
    for (const fault of ['deadlock', 'drop', 'lose-answer'] as const) {
      const before = await executions().countBy({ agentId: lead.id });
      const counted = await createdSoFar();
      const injected = proxy.failNext(/^START TRANSACTION;\s*INSERT INTO `executions`/, fault);
      const res = await t
        .webhook()
        .post(lead.path)
        .send({ email: `alone-${fault}@acme.io` });
      await injected;
      expect(res.status, `${fault}: ${JSON.stringify(res.body)}`).toBe(202);
      await executions().findOneByOrFail({ id: res.body.executionId });
      expect(await executions().countBy({ agentId: lead.id }), fault).toBe(before + 1);
      expect(await createdSoFar(), fault).toBe(counted + 1);
    }
  });

  it('a deadlock or a lost connection in claim, finish and cancel is retried', async () => {
    const stats = t.service.dataSource.getRepository(AgentDailyStats);
    const completedSoFar = async () =>
      (await stats.findBy({ agentId: lead.id })).reduce((sum, day) => sum + day.completed, 0);

    const CLAIM = /^UPDATE `executions` SET `status` = 'running'/;
    const FINISH = /^(START TRANSACTION;\s*)?UPDATE `?executions`? SET `?status`? = 'completed'/;
    const INSERT_FINISHED = /^START TRANSACTION;\s*INSERT INTO `executions`/;
    // How the run reaches the worker and how it is recorded: an asynchronous trigger goes
    // through the queue (a claim); a webhook is handed to this process's worker at once (no
    // claim) and, without a callback, finished in one round trip (`START TRANSACTION; UPDATE
    // …; counter upsert; COMMIT`); a synchronous trigger of this pure agent runs first and is
    // inserted finished, with its counters, in one round trip; with a callback, it is handed
    // off as a webhook is and finished by a transaction of several round trips (UPDATE, outbox
    // INSERT, counter upsert, COMMIT).
    type Way = 'async' | 'webhook' | 'sync' | 'sync+callback';
    const cases: [Way, RegExp, 'deadlock' | 'drop' | 'lose-answer', RegExp?][] = [
      ['async', CLAIM, 'deadlock'],
      ['async', CLAIM, 'drop'],
      ['webhook', FINISH, 'deadlock'],
      ['webhook', FINISH, 'drop'],
      // The UPDATE lands, but the worker sees a lost connection: the retry changes nothing.
      ['webhook', FINISH, 'lose-answer'],
      ['sync', INSERT_FINISHED, 'deadlock'],
      ['sync', INSERT_FINISHED, 'drop'],
      // The INSERT lands, but the intake sees a lost connection: the retry finds its own row.
      ['sync', INSERT_FINISHED, 'lose-answer'],
      ['sync+callback', FINISH, 'deadlock'],
      // The finish commits, but the worker sees a lost connection: the retry changes nothing.
      ['sync+callback', /^COMMIT/, 'lose-answer', FINISH],
    ];
    const start = async (way: Way): Promise<string> => {
      if (way === 'webhook') {
        const res = await t.webhook().post(lead.path).send({ email: 'hook@acme.io' }).expect(202);
        return res.body.executionId as string;
      }
      const res = await t
        .api()
        .post(`/v2/agents/${lead.id}/trigger`)
        .set(bearer(key))
        .send({
          input: { email: 'sync@acme.io' },
          options: {
            async: way === 'async',
            ...(way === 'sync+callback' ? { callback_url: 'http://127.0.0.1:9/hook' } : {}),
          },
        })
        .expect(way === 'async' ? 202 : 200);
      return res.body.execution_id as string;
    };
    for (const [way, pattern, fault, after] of cases) {
      const label = `${way} ${pattern} ${fault}`;
      // Nothing else running: the counter moves for this execution only.
      await waitFor(
        () => executions().countBy({ status: In(['queued', 'running']) }),
        (n) => n === 0,
      );
      const before = await completedSoFar();
      const rowsBefore = await executions().countBy({ agentId: lead.id });
      const injected = proxy.failNext(pattern, fault, after);
      const id = await start(way);
      await injected;
      const row = await waitFor(
        () => executions().findOneByOrFail({ id }),
        (found) => FINAL_STATUSES.includes(found.status),
      );
      expect(row, label).toMatchObject({ status: 'completed', attempts: 1 });
      expect(await executions().countBy({ agentId: lead.id }), `${label}: one row`).toBe(
        rowsBefore + 1,
      );
      expect(await completedSoFar(), `${label}: counted once`).toBe(before + 1);
    }

    // cancel: an execution that cannot run (its agent's target never answers) is cancelled.
    const target = await startLocalServer(() => undefined);
    try {
      const slow = await createAgent(t, key, {
        kind: 'http-request',
        config: { url: `${target.url}/hangs` },
      });
      for (const fault of ['deadlock', 'drop'] as const) {
        const res = await t
          .api()
          .post(`/v2/agents/${slow}/trigger`)
          .set(bearer(key))
          .send({ input: {}, options: { async: true } })
          .expect(202);
        const injected = proxy.failNext(/^UPDATE `executions` SET `status` = 'cancelled'/, fault);
        const cancelled = await t
          .api()
          .post(`/v2/executions/${res.body.execution_id}/cancel`)
          .set(bearer(key));
        await injected;
        expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
        expect(cancelled.body.status).toBe('cancelled');
      }
    } finally {
      await target.close();
    }
  });
});

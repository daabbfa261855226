import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../src/agents/agent.entity';
import { ExecutionIntakeService } from '../src/executions/execution-intake.service';
import type { IntakeResult } from '../src/executions/new-executions';
import { ExecutionLifecycleService } from '../src/executions/execution-lifecycle.service';
import { Execution } from '../src/executions/execution.entity';
import { EXECUTION_NOTICES } from '../src/executions/execution-notices';
import { ExecutionLeases } from '../src/executions/execution-leases';
import { seedAgent } from './support/agents';
import { bearer, startTestService, TestService } from './support/service';
import { waitFor } from './support/wait';

/**
 * Group commit (ExecutionIntakeService): concurrent submits are written together in one
 * transaction. These tests hold the promises the batching must keep: an acknowledgement only
 * after the commit (a batch that fails fails every request in it and stores nothing), ids in
 * submit order, and idempotency keys repeated inside one batch.
 *
 * A long batch window (INTAKE_BATCH_WINDOW_MS) makes requests sent together land in one batch;
 * no worker runs (ROLE without `worker`), so rows stay as the intake wrote them.
 */
const WINDOW_MS = 400;
const LEAD = { email: 'ana@acme.io', company: 'Acme' };

describe('intake group commit', () => {
  let t: TestService;
  let key: string;

  beforeAll(async () => {
    t = await startTestService({ ROLE: 'api,webhook', INTAKE_BATCH_WINDOW_MS: String(WINDOW_MS) });
    ({ key } = await t.seedAccount());
  });
  afterAll(async () => t?.close());

  const executions = () => t.service.dataSource.getRepository(Execution);
  const intake = () => t.service.webhook!.get(ExecutionIntakeService);
  const agentRow = (id: string) =>
    t.service.dataSource.getRepository(Agent).findOneByOrFail({ id });
  const today = async (agentId: string) =>
    (await t.api().get(`/v2/agents/${agentId}`).set(bearer(key)).expect(200)).body
      .executions_today as number;

  /**
   * Makes the database refuse to store an execution whose input contains `poison`: on SQLite a
   * trigger; on MariaDB a CHECK constraint (the test user, like a managed MySQL's, may not
   * create triggers while binary logging is on).
   */
  async function poisonInserts(install: boolean): Promise<void> {
    const sqlite = t.db.driver === 'sqlite';
    const db = t.service.dataSource;
    if (!install) {
      await db.query(
        sqlite
          ? 'DROP TRIGGER IF EXISTS test_poison'
          : 'ALTER TABLE executions DROP CONSTRAINT IF EXISTS test_poison',
      );
      return;
    }
    await db.query(
      sqlite
        ? `CREATE TRIGGER test_poison BEFORE INSERT ON executions WHEN NEW.input LIKE '%poison%'
           BEGIN SELECT RAISE(ABORT, 'injected failure'); END`
        : `ALTER TABLE executions ADD CONSTRAINT test_poison CHECK (input NOT LIKE '%poison%')`,
    );
  }

  it('acknowledges nothing of a batch whose insert fails: 503 for every request in it, no row, no count', async () => {
    const agent = await seedAgent(t, key);
    await poisonInserts(true);
    try {
      // One poisoned payload among good ones, all in one batch: the batch is one transaction
      // (MySQL, without keys: one INSERT statement on its own, just as atomic).
      const bodies = [
        ...Array.from({ length: 7 }, (_, i) => ({ ...LEAD, n: i })),
        { poison: true },
      ];
      const answers = await Promise.all(
        bodies.map((body) => t.webhook().post(agent.path).send(body)),
      );
      for (const res of answers) {
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.body).toMatchObject({
          success: false,
          error: { code: 'service_unavailable' },
        });
        expect(res.body.executionId).toBeUndefined();
      }
      expect(await executions().countBy({ agentId: agent.id })).toBe(0);
      expect(await today(agent.id)).toBe(0);
    } finally {
      await poisonInserts(false);
    }
    // The same good payloads are accepted once the database takes them.
    const again = await Promise.all(
      [0, 1, 2].map((n) =>
        t
          .webhook()
          .post(agent.path)
          .send({ ...LEAD, n })
          .expect(202),
      ),
    );
    expect(await executions().countBy({ agentId: agent.id })).toBe(3);
    expect(new Set(again.map((res) => res.body.executionId)).size).toBe(3);
    expect(await today(agent.id)).toBe(3);
  });

  it('fails a REST trigger of a failed batch with 503 too, and stores nothing', async () => {
    const agent = await seedAgent(t, key);
    await poisonInserts(true);
    try {
      const answers = await Promise.all(
        [{ ...LEAD }, { poison: 'yes' }].map((input) =>
          t
            .api()
            .post(`/v2/agents/${agent.id}/trigger`)
            .set(bearer(key))
            .send({ input, options: { async: true } }),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual([503, 503]);
      expect(answers.map((res) => res.body.error.code)).toEqual([
        'service_unavailable',
        'service_unavailable',
      ]);
      expect(await executions().countBy({ agentId: agent.id })).toBe(0);
    } finally {
      await poisonInserts(false);
    }
  });

  it('gives ids in submit order within a batch, created_at consistent with them, and lists them in that order', async () => {
    const seeded = await seedAgent(t, key);
    const agent = await agentRow(seeded.id);
    // Submitted in one go: one batch (they share one created_at).
    const first = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        intake().submit({ agent, input: { n }, source: 'webhook' }),
      ),
    );
    const second = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        intake().submit({ agent, input: { n: 12 + n }, source: 'webhook' }),
      ),
    );
    const results = [...first, ...second];
    expect(results.every((result) => result.created)).toBe(true);
    const ids = results.map((result) => result.execution.id);
    expect([...ids].sort()).toEqual(ids); // increasing in submit order
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(first.map((r) => r.execution.createdAt.getTime())).size).toBe(1);
    expect(second[0].execution.createdAt.getTime()).toBeGreaterThanOrEqual(
      first[0].execution.createdAt.getTime(),
    );

    // As stored: ordering by id is submit order, and created_at never goes backwards.
    const rows = await executions().find({ where: { agentId: agent.id }, order: { id: 'ASC' } });
    expect(rows.map((row) => row.input)).toEqual(results.map((_, n) => ({ n })));
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i].createdAt.getTime()).toBeGreaterThanOrEqual(rows[i - 1].createdAt.getTime());
    }
    // Newest first through the API: exactly the reverse of submit order.
    const listed = await t
      .api()
      .get(`/v2/agents/${agent.id}/executions?limit=100`)
      .set(bearer(key))
      .expect(200);
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([...ids].reverse());
  });

  it('gives concurrent webhooks with the same delivery key in one batch one execution, all answered with its id', async () => {
    const agent = await seedAgent(t, key);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        t
          .webhook()
          .post(agent.path)
          .set('Idempotency-Key', 'delivery-1')
          .send({ ...LEAD, n }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 202]);
    const ids = new Set(answers.map((res) => res.body.executionId));
    expect(ids.size).toBe(1);
    for (const res of answers.filter((r) => r.status === 200)) {
      expect(res.headers['idempotent-replayed']).toBe('true');
    }
    const rows = await executions().findBy({ agentId: agent.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: [...ids][0], idempotencyKey: 'delivery-1' });
    expect(await today(agent.id)).toBe(1);
  });

  it('settles keys inside a batch: repeats share the first, new keys and keyless submits are created, stored keys replay', async () => {
    const seeded = await seedAgent(t, key);
    const agent = await agentRow(seeded.id);
    const earlier = await intake().submit({
      agent,
      input: { n: 0 },
      source: 'api',
      idempotencyKey: 'stored-before',
    });
    expect(earlier.created).toBe(true);

    const submit = (n: number, idempotencyKey: string | null): Promise<IntakeResult> =>
      intake().submit({ agent, input: { n }, source: 'api', idempotencyKey });
    const [a1, b, a2, none, stored, a3] = await Promise.all([
      submit(1, 'key-a'),
      submit(2, 'key-b'),
      submit(3, 'key-a'),
      submit(4, null),
      submit(5, 'stored-before'),
      submit(6, 'key-a'),
    ]);
    expect(a1.created).toBe(true);
    expect([a2.created, a3.created]).toEqual([false, false]);
    expect(a2.execution.id).toBe(a1.execution.id);
    expect(a3.execution.id).toBe(a1.execution.id);
    expect(a1.execution.input).toEqual({ n: 1 }); // the first one's execution
    expect(b.created).toBe(true);
    expect(none.created).toBe(true);
    expect(stored).toMatchObject({ created: false, execution: { id: earlier.execution.id } });
    // Ids still follow submit order among the rows created.
    expect([a1, b, none].map((r) => r.execution.id)).toEqual(
      [a1, b, none].map((r) => r.execution.id).sort(),
    );

    const rows = await executions().find({ where: { agentId: agent.id }, order: { id: 'ASC' } });
    expect(rows.map((row) => [row.idempotencyKey, row.input])).toEqual([
      ['stored-before', { n: 0 }],
      ['key-a', { n: 1 }],
      ['key-b', { n: 2 }],
      [null, { n: 4 }],
    ]);
    expect(await today(agent.id)).toBe(4);
  });

  it('answers a REST trigger repeating a key of the same batch with a different body 409, the other 202', async () => {
    const agent = await seedAgent(t, key);
    const send = (input: Record<string, unknown>) =>
      t
        .api()
        .post(`/v2/agents/${agent.id}/trigger`)
        .set(bearer(key))
        .set('Idempotency-Key', 'trigger-key')
        .send({ input, options: { async: true } });
    const answers = await Promise.all([send({ n: 1 }), send({ n: 2 })]);
    expect(answers.map((res) => res.status).sort()).toEqual([202, 409]);
    const conflict = answers.find((res) => res.status === 409)!;
    expect(conflict.body.error.code).toBe('conflict');
    expect(await executions().countBy({ agentId: agent.id })).toBe(1);
  });
});

describe('batched finishes', () => {
  let t: TestService;
  let key: string;

  beforeAll(async () => {
    t = await startTestService({ ROLE: 'api,webhook' });
    ({ key } = await t.seedAccount());
  });
  afterAll(async () => t?.close());

  it('never overwrite a cancel that won: the cancelled run stays cancelled, the other is recorded', async () => {
    const seeded = await seedAgent(t, key);
    const agent = await t.service.dataSource
      .getRepository(Agent)
      .findOneByOrFail({ id: seeded.id });
    const intake = t.service.api!.get(ExecutionIntakeService);
    const lifecycle = t.service.api!.get(ExecutionLifecycleService);
    const leases = new ExecutionLeases(t.service.dataSource, t.service.api!.get(EXECUTION_NOTICES));
    await Promise.all([1, 2].map((n) => intake.submit({ agent, input: { n }, source: 'api' })));
    const { rows: claimed } = await leases.claimNext(10, 60_000, new Set());
    expect(claimed).toHaveLength(2);
    const [cancelled, other] = claimed;
    await t.api().post(`/v2/executions/${cancelled.id}/cancel`).set(bearer(key)).expect(200);

    const completedAt = new Date();
    const outcome = (n: number) => ({
      status: 'completed' as const,
      output: { n },
      error: null,
      logs: [],
      completedAt,
    });
    const status = async (id: string) =>
      (await t.service.dataSource.getRepository(Execution).findOneByOrFail({ id })).status;
    // SQLite: one conditional UPDATE per run; MySQL: a locking read of the runs still owned,
    // then one UPDATE for those. Either way the cancelled run is left alone.
    expect(
      await lifecycle.finishMany([
        { execution: cancelled, outcome: outcome(1) },
        { execution: other, outcome: outcome(2) },
      ]),
    ).toEqual([false, true]);
    expect(await status(other.id)).toBe('completed');
    expect(
      (await t.service.dataSource.getRepository(Execution).findOneByOrFail({ id: other.id }))
        .output,
    ).toEqual({ n: 2 });
    expect(await status(cancelled.id)).toBe('cancelled');
  });
});

/**
 * The webhook listener caches the agent of a webhook id (AGENT_CACHE_TTL_MS). A change made
 * through the API of the same process evicts it at once; with REDIS_URL, a change made in
 * another process does too (signal `agents`), long before the cached copy would expire.
 */
describe('agent cache of the webhook listener', () => {
  it('drops a paused, rotated or deleted agent at once in the same process', async () => {
    const t = await startTestService({ ROLE: 'api,webhook', AGENT_CACHE_TTL_MS: '60000' });
    try {
      const { key } = await t.seedAccount();
      const agent = await seedAgent(t, key);
      await t.webhook().post(agent.path).send(LEAD).expect(202); // cached now
      await t
        .api()
        .patch(`/v2/agents/${agent.id}`)
        .set(bearer(key))
        .send({ status: 'paused' })
        .expect(200);
      await t.webhook().post(agent.path).send(LEAD).expect(409);
      await t
        .api()
        .patch(`/v2/agents/${agent.id}`)
        .set(bearer(key))
        .send({ status: 'active' })
        .expect(200);
      await t.webhook().post(agent.path).send(LEAD).expect(202);
      const rotated = await t
        .api()
        .post(`/v2/agents/${agent.id}/webhook-url/rotate`)
        .set(bearer(key))
        .expect((res) => expect(res.status).toBeLessThan(300));
      await t.webhook().post(agent.path).send(LEAD).expect(404);
      const next = new URL(rotated.body.webhook_url).pathname;
      await t.webhook().post(next).send(LEAD).expect(202);
      await t.api().delete(`/v2/agents/${agent.id}`).set(bearer(key)).expect(204);
      await t.webhook().post(next).send(LEAD).expect(404);
    } finally {
      await t.close();
    }
  });

  /**
   * An api process and another one (`role`) on one database and Redis, agents cached for 60 s:
   * `send`, through the other process, makes it cache an agent; the agent is paused through
   * the api process, and `send` must then be refused with 409 well before the cached copy
   * would expire (pub/sub is asynchronous: within 5 s on a loaded CI machine).
   */
  async function pausedElsewhere(
    role: string,
    send: (
      other: TestService,
      agent: { id: string; path: string },
      key: string,
    ) => Promise<{ status: number }>,
  ): Promise<void> {
    const common = {
      REDIS_URL: process.env.REDIS_URL!,
      QUEUE_PREFIX: `aas-test-cache-${Date.now()}`,
      AGENT_CACHE_TTL_MS: '60000',
    };
    const api = await startTestService({ ...common, ROLE: 'api' });
    const other = await startTestService({ ...common, ROLE: role }, { db: api.db });
    try {
      const { key } = await api.seedAccount();
      const agent = await seedAgent(api, key);
      expect((await send(other, agent, key)).status).toBe(202); // cached in the other one
      await api
        .api()
        .patch(`/v2/agents/${agent.id}`)
        .set(bearer(key))
        .send({ status: 'paused' })
        .expect(200);
      await waitFor(
        async () => (await send(other, agent, key)).status,
        (status) => status === 409,
        5000,
      );
    } finally {
      await other.close();
      await api.close();
    }
  }

  it.skipIf(!process.env.REDIS_URL)(
    'drops an agent changed through the API of another process at once (REDIS_URL)',
    () =>
      pausedElsewhere('webhook', (webhook, agent) => webhook.webhook().post(agent.path).send(LEAD)),
  );

  it.skipIf(!process.env.REDIS_URL)(
    'drops an agent cached by the REST trigger when another api process changes it (REDIS_URL)',
    () =>
      pausedElsewhere('api', (api, agent, key) =>
        api
          .api()
          .post(`/v2/agents/${agent.id}/trigger`)
          .set(bearer(key))
          .send({ input: LEAD, options: { async: true } }),
      ),
  );
});

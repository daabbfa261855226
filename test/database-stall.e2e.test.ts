import { spawn, type ChildProcess } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { In } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Execution, FINAL_STATUSES } from '../src/executions/execution.entity';
import { createAgent, webhookPath as webhookPathOf } from './support/agents';
import { createTestDatabase, testDriver, type TestDatabase } from './support/database';
import { startLocalServer, type LocalServer } from './support/http-server';
import { PrivateMariadb, privateMariadbAvailable } from './support/private-mariadb';
import { bearer, startTestService, type TestService } from './support/service';
import { waitFor } from './support/wait';

/** DATABASE_TIMEOUT_MS of these suites. */
const TIMEOUT_MS = 2000;
/**
 * The longest a request may take while the database is stalled: the wait for a connection
 * and one statement, each bounded by DATABASE_TIMEOUT_MS, and a margin for a loaded machine.
 * Without the bound, such requests hang until the database comes back.
 */
const STALLED_ANSWER_BOUND_MS = 2 * TIMEOUT_MS + 4000;

/**
 * A target for `http-request` agents that counts the runs of each job (the `job` of the
 * input) and holds them while `hold` is set.
 */
async function startTarget() {
  const held: ServerResponse[] = [];
  const state = { hold: true };
  const server: LocalServer = await startLocalServer((_req, res) => {
    if (state.hold) held.push(res);
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  return {
    server,
    held,
    release() {
      state.hold = false;
      for (const res of held.splice(0)) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      }
    },
    /** How many times each job was run. */
    runs(): Map<string, number> {
      const counts = new Map<string, number>();
      for (const request of server.requests) {
        const job = (request.body as { job?: string } | null)?.job;
        if (job) counts.set(job, (counts.get(job) ?? 0) + 1);
      }
      return counts;
    },
  };
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | undefined;
  ms: number;
}

/** The shared checks of the suites: requests while the database cannot answer. */
function expectUnavailable(answer: Answer, what: string): void {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(503);
  expect(Number(answer.retryAfter), what).toBeGreaterThanOrEqual(1);
  expect((answer.body.error as { code?: string }).code, what).toBe('service_unavailable');
  expect(answer.ms, `${what} answered within the bound`).toBeLessThan(STALLED_ANSWER_BOUND_MS);
}

async function timed(
  send: () => PromiseLike<{ status: number; body: unknown; headers: Record<string, string> }>,
): Promise<Answer> {
  const startedAt = Date.now();
  const res = await send();
  return {
    status: res.status,
    body: res.body as Record<string, unknown>,
    retryAfter: res.headers['retry-after'],
    ms: Date.now() - startedAt,
  };
}

/** A suite's service, its account and an `http-request` agent whose runs the target holds. */
interface Suite {
  t: TestService;
  key: string;
  target: Target;
  agentId: string;
  /** An async trigger of the agent for `job`, timed. */
  trigger(job: string, idempotencyKey?: string): Promise<Answer>;
  close(): Promise<void>;
}

type Target = Awaited<ReturnType<typeof startTarget>>;

async function startSuite(env: Record<string, string>, db: TestDatabase): Promise<Suite> {
  const target = await startTarget();
  const t = await startTestService(
    { WORKER_POLL_MS: '50', WORKER_LEASE_MS: '3000', ...env },
    { db },
  );
  const close = async () => {
    target.release();
    await t.close();
    await target.server.close();
  };
  try {
    const { key } = await t.seedAccount({ plan: 'enterprise' });
    const agentId = await createAgent(t, key, {
      kind: 'http-request',
      // Held runs must not time out on a loaded machine.
      config: { url: `${target.server.url}/run`, timeout_ms: 120_000 },
      timeoutMs: 120_000,
    });
    const trigger = (job: string, idempotencyKey?: string) =>
      timed(() => {
        const req = t.api().post(`/v2/agents/${agentId}/trigger`).set(bearer(key));
        if (idempotencyKey) req.set('Idempotency-Key', idempotencyKey);
        return req.send({ input: { job }, options: { async: true } });
      });
    return { t, key, target, agentId, trigger, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Triggers `jobs` (each acknowledged) and waits until the target holds `held` of them. */
async function triggerHeld(suite: Suite, jobs: string[], held: number): Promise<string[]> {
  const acked: string[] = [];
  for (const job of jobs) {
    const answer = await suite.trigger(job);
    expect(answer.status).toBe(202);
    acked.push(answer.body.execution_id as string);
  }
  await waitFor(
    async () => suite.target.held.length,
    (n) => n === held,
  );
  return acked;
}

/** Every `acked` execution completes, and each job ran as often as `runs` says (once). */
async function expectCompletedOnce(
  suite: Suite,
  acked: string[],
  runs: Record<string, number>,
  timeoutMs: number,
): Promise<void> {
  const executions = suite.t.service.dataSource.getRepository(Execution);
  const done = await waitFor(
    () => executions.findBy({ id: In(acked) }),
    (rows) =>
      rows.length === acked.length && rows.every((row) => FINAL_STATUSES.includes(row.status)),
    timeoutMs,
    200,
  );
  for (const row of done) expect(row, row.id).toMatchObject({ status: 'completed' });
  // The target counts the runs per job.
  expect(Object.fromEntries(suite.target.runs())).toEqual(runs);
}

/**
 * MariaDB stalled: its own server process (never the shared one) is stopped with SIGSTOP, so
 * that its connections stay open and nothing answers, as with a hung server or a network
 * that drops packets. Then resumed with SIGCONT.
 */
describe.skipIf(testDriver() !== 'mariadb' || !privateMariadbAvailable)(
  'a stalled MariaDB (server process stopped)',
  () => {
    let server: PrivateMariadb;
    let suite: Suite;
    const dir = mkdtempSync(join(tmpdir(), 'aas-stall-'));

    beforeAll(async () => {
      server = await PrivateMariadb.start();
      const db: TestDatabase = {
        driver: 'mariadb',
        env: {
          DATABASE_URL: server.url,
          MIGRATE_ON_START: 'true',
          DATABASE_PATH: join(dir, 'unused.sqlite'),
        },
        drop: async () => undefined,
      };
      suite = await startSuite(
        {
          DATABASE_TIMEOUT_MS: String(TIMEOUT_MS),
          WORKER_CONCURRENCY: '2',
          // Both slots for the one account (the enterprise default is 3/4 of them).
          ACCOUNT_CONCURRENCY: 'enterprise=2',
          SYNC_WAIT_MS: '5000',
        },
        db,
      );
    }, 120_000);

    afterAll(async () => {
      server?.resume();
      await suite?.close();
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('answers 503 with Retry-After within the bound, reports the database down, recovers by itself, runs every acknowledged execution once', async () => {
      const { t, key, target, agentId, trigger } = suite;
      // Two runs in progress (held by the target), two waiting in the queue.
      const acked = await triggerHeld(suite, ['before-1', 'before-2', 'before-3', 'before-4'], 2);

      const agent = await t.api().get(`/v2/agents/${agentId}`).set(bearer(key)).expect(200);
      const webhookPath = webhookPathOf(agent.body.webhook_url as string);

      // Every pooled connection open and idle, as in a service that has seen traffic: the
      // requests below take connections that the stopped server holds.
      await Promise.all(
        Array.from({ length: 20 }, () => t.service.dataSource.query('SELECT SLEEP(0.3)')),
      );
      server.pause();
      const pausedAt = Date.now();
      const [health, stalledTrigger, stalledWebhook, read] = await Promise.all([
        timed(() => t.api().get('/health')),
        trigger('during', 'stall-trigger'),
        timed(() =>
          t
            .webhook()
            .post(webhookPath)
            .set('Idempotency-Key', 'stall-webhook')
            .send({ job: 'hook' }),
        ),
        timed(() => t.api().get(`/v2/executions/${acked[0]}`).set(bearer(key))),
      ]);
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ status: 'error', checks: { database: 'down' } });
      expect(health.ms, 'health answered within the bound').toBeLessThan(STALLED_ANSWER_BOUND_MS);
      expectUnavailable(stalledTrigger, 'trigger');
      expectUnavailable(stalledWebhook, 'webhook');
      expect(stalledWebhook.body).toMatchObject({ success: false });
      expectUnavailable(read, 'read');

      // The runs in progress end while their results cannot be written; the stall outlasts
      // their leases (3 s).
      target.release();
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, pausedAt + 5000 - Date.now())),
      );
      const again = await trigger('during', 'stall-trigger');
      expectUnavailable(again, 'trigger, later in the stall');

      server.resume();
      await waitFor(
        async () => (await t.api().get('/health')).status,
        (status) => status === 200,
        30_000,
        200,
      );
      // The client retries what got 503 with the same key: one execution.
      const retried = await trigger('during', 'stall-trigger');
      expect([200, 202], JSON.stringify(retried.body)).toContain(retried.status);
      acked.push(retried.body.execution_id as string);
      const hook = await t
        .webhook()
        .post(webhookPath)
        .set('Idempotency-Key', 'stall-webhook')
        .send({ job: 'hook' });
      expect([200, 202], JSON.stringify(hook.body)).toContain(hook.status);
      acked.push(hook.body.executionId as string);
      const after = await trigger('after');
      expect(after.status).toBe(202);
      acked.push(after.body.execution_id as string);

      const executions = t.service.dataSource.getRepository(Execution);
      expect(await executions.countBy({ idempotencyKey: 'stall-trigger' })).toBe(1);
      expect(await executions.countBy({ idempotencyKey: 'stall-webhook' })).toBe(1);
      await expectCompletedOnce(
        suite,
        acked,
        {
          'before-1': 1,
          'before-2': 1,
          'before-3': 1,
          'before-4': 1,
          during: 1,
          hook: 1,
          after: 1,
        },
        60_000,
      );
    }, 180_000);
  },
);

/**
 * SQLite's stall: another process holds the write lock of the database file (a long write,
 * a backup tool, `sqlite3` left in a transaction). Writes wait for it up to
 * DATABASE_TIMEOUT_MS (SQLite's busy timeout), then fail: 503 with Retry-After; reads go on
 * (WAL). When the lock goes, everything acknowledged completes once.
 */
describe.skipIf(testDriver() !== 'sqlite')('a SQLite file locked by another process', () => {
  let db: TestDatabase;
  let suite: Suite;
  let holder: ChildProcess | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    suite = await startSuite({ DATABASE_TIMEOUT_MS: '1000', WORKER_CONCURRENCY: '1' }, db);
  });

  afterAll(async () => {
    holder?.kill('SIGKILL');
    await suite?.close();
    await db?.drop();
  });

  /** Another process takes the file's write lock and keeps it until killed. */
  async function lockDatabase(): Promise<ChildProcess> {
    const script = `
      const Database = require(require.resolve('better-sqlite3', { paths: [process.cwd()] }));
      const db = new Database(process.argv[1]);
      db.exec('BEGIN IMMEDIATE');
      db.exec("UPDATE accounts SET name = name WHERE 0");
      process.stdout.write('locked\\n');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['-e', script, db.env.DATABASE_PATH], {
      cwd: join(__dirname, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('locked')) resolve();
      });
      child.once('exit', () => reject(new Error('the lock holder exited')));
    });
    return child;
  }

  it('writes answer 503 with Retry-After within the bound while the lock is held; then everything acknowledged runs once', async () => {
    const { t, key, target, trigger } = suite;
    const acked = await triggerHeld(suite, ['before-1', 'before-2'], 1);

    holder = await lockDatabase();
    const locked = await trigger('during', 'busy-trigger');
    expectUnavailable(locked, 'trigger while locked');
    // Reads go on.
    await t.api().get(`/v2/executions/${acked[0]}`).set(bearer(key)).expect(200);
    // The run in progress ends while its result cannot be written.
    target.release();
    await waitFor(
      async () => target.server.requests.length,
      (n) => n >= 1,
    );
    const releasedAt = Date.now();
    const stillLocked = await trigger('during', 'busy-trigger');
    expectUnavailable(stillLocked, 'trigger, later while locked');
    // The lock outlasts the finished run's lease (3 s).
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, releasedAt + 5000 - Date.now())),
    );

    const exited = new Promise((resolve) => holder!.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    holder = undefined;

    const retried = await trigger('during', 'busy-trigger');
    expect([200, 202], JSON.stringify(retried.body)).toContain(retried.status);
    acked.push(retried.body.execution_id as string);

    const executions = t.service.dataSource.getRepository(Execution);
    expect(await executions.countBy({ idempotencyKey: 'busy-trigger' })).toBe(1);
    await expectCompletedOnce(suite, acked, { 'before-1': 1, 'before-2': 1, during: 1 }, 30_000);
  }, 120_000);
});

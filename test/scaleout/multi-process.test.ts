import { randomBytes } from 'node:crypto';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { Agent as HttpAgent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, parseOutput, runCli } from '../support/cli';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startLocalServer, type LocalServer } from '../support/http-server';
import { startServiceProcess, type ServiceProcess } from '../support/process';
import { sample } from '../support/prometheus';
import { TEST_SECRET_KEY } from '../support/service';
import { waitFor } from '../support/wait';

const REDIS_URL = process.env.REDIS_URL;
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

const WEBHOOKS = 2000;
const SYNC_TRIGGERS = 200;
/** Requests in flight at once from this test (webhooks and sync triggers together). */
const CONCURRENCY = 32;
/** The worker killed with SIGKILL once this many webhooks were acknowledged. */
const KILL_AFTER = 700;
/** How long the target of the http-request agent takes to answer: runs overlap a kill. */
const TARGET_DELAY_MS = 25;
/** Runs at once per worker process (set explicitly: the kill below counts on it). */
const WORKER_CONCURRENCY = 8;

/**
 * Scale-out (docs/scaling.md) with real processes: the built service started as 2 × `api,webhook`
 * and 2 × `worker` on one fresh MariaDB database and one Redis (BullMQ prefix of its own).
 * At least 2,000 webhooks and 200 synchronous triggers go through both front processes while
 * one worker is killed with SIGKILL (a replacement joins). Then: every acknowledged
 * execution is final, none is duplicated or finished twice, the daily counters equal the
 * rows, and the synchronous results were computed by the worker processes.
 */
describe.skipIf(!REDIS_URL || !TEST_DATABASE_URL)(
  'scale-out: real api/webhook and worker processes on MariaDB and Redis',
  () => {
    let db: TestDatabase;
    let sql: Connection;
    let target: LocalServer;
    /** While set, the target holds its answers (in `held`), so runs stay in flight. */
    let holding = false;
    const held: (() => void)[] = [];
    const processes: ServiceProcess[] = [];
    const http = new HttpAgent({ connections: CONCURRENCY, keepAliveTimeout: 30_000 });
    const env: Record<string, string> = {};

    const start = async (role: string) => {
      const proc = await startServiceProcess({ ...env, ROLE: role });
      processes.push(proc);
      return proc;
    };
    const cli = async (args: string[]) => parseOutput(await runCli(args, env));
    const query = async <T extends RowDataPacket>(text: string, params: unknown[] = []) =>
      (await sql.query<T[]>(text, params))[0];

    beforeAll(async () => {
      await ensureBuilt();
      db = await createTestDatabase('mariadb');
      Object.assign(env, {
        DATABASE_URL: db.env.DATABASE_URL,
        DATABASE_PATH: db.env.DATABASE_PATH,
        REDIS_URL: REDIS_URL!,
        QUEUE_PREFIX: `aas-scale-${randomBytes(6).toString('hex')}`,
        THROTTLE_KEY_PREFIX: `aas-scale-rl-${randomBytes(6).toString('hex')}`,
        THROTTLE_SECOND_MS: '5000', // a burst window that holds a sequential test
        SECRET_KEY: TEST_SECRET_KEY,
        OUTBOUND_ALLOW_PRIVATE: 'true',
        WORKER_LEASE_MS: '3000',
        WORKER_CONCURRENCY: String(WORKER_CONCURRENCY),
        QUEUE_SWEEP_MS: '2000',
        SYNC_WAIT_MS: '60000',
        LOG_LEVEL: 'warn',
      });
      parseOutput(await runCli(['migrate'], env));
      sql = await createConnection({ uri: db.env.DATABASE_URL });
      target = await startLocalServer((_req, res) => {
        const answer = () =>
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        if (holding) held.push(answer);
        else setTimeout(answer, TARGET_DELAY_MS);
      });
    });

    afterAll(async () => {
      await Promise.all(
        processes.map(async (proc) => {
          if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
          proc.child.kill('SIGTERM');
          const stopped = await Promise.race([
            proc.exited,
            new Promise((resolve) => setTimeout(() => resolve('timeout'), 15_000)),
          ]);
          if (stopped === 'timeout') proc.child.kill('SIGKILL');
        }),
      );
      await http.close();
      await target?.close();
      await sql?.end();
      await db?.drop();
    });

    it('runs everything acknowledged exactly once across processes while a worker is killed', async () => {
      // -- the front processes (no worker), and one webhook-only process --
      const [front1, front2, hookOnly] = await Promise.all([
        start('api,webhook'),
        start('api,webhook'),
        start('webhook'),
      ]);
      const fronts = [front1, front2];
      const rest = (proc: ServiceProcess, path: string) => `http://127.0.0.1:${proc.port}${path}`;
      const hook = (proc: ServiceProcess, path: string) =>
        `http://127.0.0.1:${proc.webhookPort}${path}`;
      const call = async (
        url: string,
        options: { method?: 'GET' | 'POST'; key?: string; body?: unknown } = {},
      ) => {
        const res = await request(url, {
          method: options.method ?? 'GET',
          dispatcher: http,
          headers: {
            ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
            ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
        });
        const text = await res.body.text();
        return {
          status: res.statusCode,
          headers: res.headers,
          body: text.startsWith('{') ? JSON.parse(text) : text,
        };
      };

      // Enterprise: no rate limit on the load. Agents: a slow http-request one for the
      // webhooks, a lead-qualification one for the synchronous triggers.
      const demo = await cli(['seed:demo', '--plan', 'enterprise']);
      const key = demo.api_key as string;
      const leadAgent = demo.agent_id as string;
      const created = await call(rest(front1, '/v2/agents'), {
        method: 'POST',
        key,
        body: { name: 'Slow target', kind: 'http-request', config: { url: `${target.url}/run` } },
      });
      expect(created.status).toBe(201);
      const hookAgent = created.body.id as string;
      const hookPath = new URL(created.body.webhook_url).pathname;

      // -- roles: the webhook-only process answers only its webhook listener --
      expect((await call(hook(hookOnly, '/health'))).status).toBe(200);
      await expect(request(rest(hookOnly, '/health'))).rejects.toThrow(); // nothing listens
      const viaHookOnly = await call(hook(hookOnly, hookPath), { method: 'POST', body: {} });
      expect(viaHookOnly.status).toBe(202);

      // -- no worker runs yet: an accepted execution stays queued --
      const early = await call(rest(front2, `/v2/agents/${leadAgent}/trigger`), {
        method: 'POST',
        key,
        body: { input: { email: 'early@acme.io' }, options: { async: true } },
      });
      expect(early.status).toBe(202);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const [earlyRow] = await query<RowDataPacket & { status: string }>(
        'SELECT status FROM executions WHERE id = ?',
        [early.body.execution_id],
      );
      expect(earlyRow.status).toBe('queued');
      for (const front of fronts) {
        const health = await call(rest(front, '/health'));
        expect(health).toMatchObject({ status: 200, body: { checks: { queue: 'up' } } });
      }

      // -- the workers: no listener at all; they pick up what waited --
      const [worker1] = await Promise.all([start('worker'), start('worker')]);
      for (const proc of processes.slice(-2)) {
        await expect(request(rest(proc, '/health'))).rejects.toThrow();
        await expect(request(hook(proc, '/health'))).rejects.toThrow();
      }
      await waitFor(
        async () =>
          (
            await query<RowDataPacket & { status: string }>(
              'SELECT status FROM executions WHERE id = ?',
              [early.body.execution_id],
            )
          )[0].status,
        (status) => status === 'completed',
        15_000,
      );

      // -- rate limits: one budget for both front processes (counters in Redis) --
      const limited = await cli(['account:create', '--name', 'Limited', '--plan', 'free_trial']);
      const limitedKey = (await cli(['key:create', '--account', limited.id as string]))
        .key as string;
      const remaining: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await call(rest(fronts[i % 2], '/v2/account'), { key: limitedKey });
        expect(res.status).toBe(200);
        remaining.push(Number(res.headers['x-ratelimit-remaining']));
      }
      expect(remaining).toEqual([99, 98, 97, 96, 95, 94, 93, 92, 91, 90]);
      const burst = await call(rest(front2, '/v2/account'), { key: limitedKey });
      expect(burst.status).toBe(429); // the 11th in the 5 s burst window, spread over both

      // -- the load: webhooks and synchronous triggers through both fronts --
      const acks: string[] = [];
      const webhookStatuses = new Map<number, number>();
      const syncResults: { status: number; body: Record<string, unknown> }[] = [];
      let killed: Promise<unknown> | null = null;
      let nextWebhook = 0;
      let nextSync = 0;
      const sendWebhook = async (i: number) => {
        const res = await call(hook(fronts[i % 2], hookPath), {
          method: 'POST',
          body: { n: i, email: `lead${i}@acme-industries.com` },
        });
        webhookStatuses.set(res.status, (webhookStatuses.get(res.status) ?? 0) + 1);
        if (res.status === 202) acks.push(res.body.executionId as string);
        if (acks.length >= KILL_AFTER && !killed) killed = killMidRun();
      };
      // Mid-way: SIGKILL one worker while it surely has runs in flight (the target holds its
      // answers until more runs wait on it than one worker can hold, so both workers have
      // some), then release the target and start a replacement, as an orchestrator would.
      // The killed worker's claimed runs are recovered after the 3 s lease.
      const killMidRun = async () => {
        holding = true;
        const deadline = Date.now() + 20_000;
        while (held.length <= WORKER_CONCURRENCY && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        worker1.child.kill('SIGKILL');
        await worker1.exited;
        holding = false;
        for (const answer of held.splice(0)) answer();
        return start('worker');
      };
      const sendSync = async (i: number) => {
        const res = await call(rest(fronts[i % 2], `/v2/agents/${leadAgent}/trigger`), {
          method: 'POST',
          key,
          body: {
            input: { email: `buyer${i}@acme-industries.com`, company: 'Acme', message: 'demo' },
          },
        });
        syncResults.push(res);
      };
      // Lanes take the next request of their kind; 1 in 5 lanes sends synchronous triggers.
      const loadStarted = Date.now();
      const lanes = Array.from({ length: CONCURRENCY }, async (_, lane) => {
        if (lane % 5 === 0) {
          while (nextSync < SYNC_TRIGGERS) await sendSync(nextSync++);
        }
        while (nextWebhook < WEBHOOKS) await sendWebhook(nextWebhook++);
        while (nextSync < SYNC_TRIGGERS) await sendSync(nextSync++);
      });
      await Promise.all(lanes);
      const loadMs = Date.now() - loadStarted;
      expect(killed).not.toBeNull();
      await killed;
      expect(await worker1.exited).toBe('SIGKILL');

      // -- every acknowledged webhook execution reaches a final state --
      expect(Object.fromEntries(webhookStatuses)).toEqual({ 202: WEBHOOKS });
      expect(new Set(acks).size).toBe(WEBHOOKS);
      const expected = WEBHOOKS + 1; // and the one sent to the webhook-only process
      await waitFor(
        async () =>
          Number(
            (
              await query<RowDataPacket & { n: number }>(
                "SELECT COUNT(*) AS n FROM executions WHERE agent_id = ? AND status IN ('completed','failed','cancelled')",
                [hookAgent],
              )
            )[0].n,
          ),
        (n) => n >= expected,
        120_000,
        250,
      );
      const settledMs = Date.now() - loadStarted;
      const rows = await query<RowDataPacket & { id: string; status: string; attempts: number }>(
        'SELECT id, status, attempts FROM executions WHERE agent_id = ?',
        [hookAgent],
      );
      // None lost, none duplicated: exactly one row per acknowledgement.
      expect(rows.length).toBe(expected);
      const rowIds = new Set(rows.map((row) => row.id));
      expect(acks.every((id) => rowIds.has(id))).toBe(true);
      expect(rows.filter((row) => row.status !== 'completed')).toEqual([]);
      // The kill interrupted runs; they were run again, at most MAX_RUN_ATTEMPTS claims each.
      const attempts = rows.map((row) => Number(row.attempts));
      expect(attempts.every((n) => n >= 1 && n <= 3)).toBe(true);
      const rerun = attempts.filter((n) => n > 1).length;
      expect(rerun).toBeGreaterThan(0);
      console.info(
        `scale-out: ${WEBHOOKS} webhooks + ${SYNC_TRIGGERS} sync triggers sent in ${loadMs} ms, ` +
          `all final after ${settledMs} ms; ${rerun} execution(s) re-run after the SIGKILL`,
      );
      // Each claim called the target at most once.
      expect(target.requests.length).toBeGreaterThanOrEqual(expected);
      expect(target.requests.length).toBeLessThanOrEqual(attempts.reduce((a, b) => a + b, 0));

      // No two completions: the counters count each execution once.
      const [stats] = await query<
        RowDataPacket & { created: number; completed: number; failed: number }
      >(
        'SELECT SUM(created) AS created, SUM(completed) AS completed, SUM(failed) AS failed FROM agent_daily_stats WHERE agent_id = ?',
        [hookAgent],
      );
      expect(Number(stats.created)).toBe(expected);
      expect(Number(stats.completed) + Number(stats.failed)).toBe(expected);
      expect(Number(stats.completed)).toBe(expected);
      const agent = await call(rest(front2, `/v2/agents/${hookAgent}`), { key });
      expect(agent.body.executions_today).toBe(expected);

      // -- synchronous triggers: 200 results, computed by the worker processes --
      expect(syncResults.length).toBe(SYNC_TRIGGERS);
      for (const res of syncResults) {
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          status: 'completed',
          output: { qualified: true, score: 80, tier: 'hot' },
        });
      }
      const syncIds = new Set(syncResults.map((res) => res.body.execution_id));
      expect(syncIds.size).toBe(SYNC_TRIGGERS);
      const [leadStats] = await query<RowDataPacket & { created: number; completed: number }>(
        'SELECT SUM(created) AS created, SUM(completed) AS completed FROM agent_daily_stats WHERE agent_id = ?',
        [leadAgent],
      );
      expect(Number(leadStats.created)).toBe(SYNC_TRIGGERS + 1);
      expect(Number(leadStats.completed)).toBe(SYNC_TRIGGERS + 1);
      // The front processes finished no execution themselves (the counter is kept by the
      // process that records a finish): every result came from a worker process.
      for (const front of fronts) {
        const metrics = (await call(rest(front, '/metrics'))).body as string;
        for (const status of ['completed', 'failed']) {
          for (const kind of ['lead-qualification', 'http-request']) {
            expect(sample(metrics, 'aas_executions_total', { kind, status }) ?? 0).toBe(0);
          }
        }
      }
    });
  },
);

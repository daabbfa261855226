import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AgentDailyStats } from '../src/agents/agent-daily-stats.entity';
import { newId } from '../src/common/ids';
import { Execution, FINAL_STATUSES } from '../src/executions/execution.entity';
import { createAgent } from './support/agents';
import { createTestDatabase, TestDatabase } from './support/database';
import { startLocalServer } from './support/http-server';
import { bearer, startTestService, TEST_SECRET_KEY, TestService } from './support/service';
import { waitFor } from './support/wait';

const ROOT = join(__dirname, '..');
const LEASE = { WORKER_LEASE_MS: '600', WORKER_POLL_MS: '50' };

/**
 * Durability (docs/api.md, Trigger and executions): an execution acknowledged to a client is never
 * lost. Services are stopped and started again on the same database; a worker process is killed
 * outright.
 */
describe('runner durability', () => {
  let db: TestDatabase;
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(() => {
    // The kill test starts the built service as a real process.
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'ensure-build.js')], { stdio: 'ignore' });
  });
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
  });

  /** A service on the current database; `close()` may be called early, it runs once. */
  async function service(env: Record<string, string>): Promise<TestService> {
    const t = await startTestService({ ...LEASE, ...env }, { db });
    let closing: Promise<void> | null = null;
    const close = t.close.bind(t);
    t.close = () => (closing ??= close());
    cleanups.push(() => t.close());
    return t;
  }

  async function fresh(): Promise<void> {
    db = await createTestDatabase();
    cleanups.unshift(() => db.drop());
  }

  const rows = (t: TestService) => t.service.dataSource.getRepository(Execution);

  /** A target on 127.0.0.1 answering with `handler`, closed after the test. */
  async function startTarget(handler: Parameters<typeof startLocalServer>[0]) {
    const target = await startLocalServer(handler);
    cleanups.push(() => target.close());
    return target;
  }

  /** A new account on `t` with an `http-request` agent calling `url`. */
  async function httpAgent(t: TestService, url: string) {
    const { key } = await t.seedAccount();
    const agentId = await createAgent(t, key, { kind: 'http-request', config: { url } });
    return { key, agentId };
  }

  /** Triggers the agent asynchronously (202): the execution's id. */
  async function triggerAsync(t: TestService, key: string, agentId: string, input = {}) {
    const res = await t
      .api()
      .post(`/v2/agents/${agentId}/trigger`)
      .set(bearer(key))
      .send({ input, options: { async: true } })
      .expect(202);
    return res.body.execution_id as string;
  }

  it('runs queued executions and settles expired running ones after a restart', async () => {
    await fresh();
    // An API without a worker: executions are acknowledged and stay queued.
    const api = await service({ ROLE: 'api,webhook' });
    const { key } = await api.seedAccount();
    const agentId = await createAgent(api, key);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(await triggerAsync(api, key, agentId, { email: `lead${i}@acme.io` }));
    }
    // Left by a worker that died mid-run: one on its first attempt, one on its last.
    const past = new Date(Date.now() - 60_000);
    await rows(api).update(
      { id: ids[3] },
      { status: 'running', attempts: 1, startedAt: past, leasedUntil: past },
    );
    await rows(api).update(
      { id: ids[4] },
      { status: 'running', attempts: 3, startedAt: past, leasedUntil: past },
    );
    // Claimed three times too, but two of those were resumptions after waits: one try so far.
    await rows(api).update(
      { id: ids[5] },
      { status: 'running', attempts: 3, resumes: 2, startedAt: past, leasedUntil: past },
    );
    // One whose worker died a moment ago: its lease has not expired yet.
    await rows(api).update(
      { id: ids[2] },
      {
        status: 'running',
        attempts: 1,
        startedAt: new Date(),
        leasedUntil: new Date(Date.now() + 400),
      },
    );
    expect(await rows(api).countBy({ status: 'queued' })).toBe(2);
    expect(await rows(api).countBy({ status: 'running' })).toBe(4);
    await api.close();

    const worker = await service({ ROLE: 'worker' });
    const final = await waitFor(
      () => rows(worker).findBy({ agentId }),
      (list) => list.every((row) => FINAL_STATUSES.includes(row.status)),
    );
    const byId = new Map(final.map((row) => [row.id, row]));
    for (const id of [...ids.slice(0, 4), ids[5]]) {
      expect(byId.get(id)).toMatchObject({ status: 'completed', error: null });
      expect(byId.get(id)!.output).toMatchObject({ score: 30 });
    }
    expect(byId.get(ids[0])!.attempts).toBe(1);
    expect(byId.get(ids[2])!.attempts).toBe(2);
    expect(byId.get(ids[3])!.attempts).toBe(2);
    expect(byId.get(ids[5])!.attempts).toBe(4);
    const interrupted = byId.get(ids[4])!;
    expect(interrupted).toMatchObject({ status: 'failed', output: null });
    expect(interrupted.error).toEqual({ code: 'interrupted', message: expect.any(String) });
    expect(interrupted.logs!.at(-1)).toMatchObject({ level: 'error' });
    expect(interrupted.completedAt).not.toBeNull();
    const stats = await worker.service.dataSource
      .getRepository(AgentDailyStats)
      .findBy({ agentId });
    expect(stats.reduce((sum, day) => sum + day.completed, 0)).toBe(5);
    expect(stats.reduce((sum, day) => sum + day.failed, 0)).toBe(1);
    expect(stats.reduce((sum, day) => sum + day.created, 0)).toBe(6);
  });

  it('re-runs an execution whose worker process was killed mid-run', async () => {
    await fresh();
    let calls = 0;
    // The first request hangs (the worker is killed meanwhile); later ones answer.
    const target = await startTarget((_req, res) => {
      calls++;
      if (calls > 1) res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":1}');
    });
    const api = await service({ ROLE: 'api' });
    const { key, agentId } = await httpAgent(api, `${target.url}/work`);

    const child = await startWorkerProcess(db);
    cleanups.push(async () => child.kill('SIGKILL'));
    const id = await triggerAsync(api, key, agentId, { job: 1 });
    // The other process claimed it and is waiting on the target.
    await waitFor(
      async () => calls,
      (n) => n === 1,
    );
    const running = await rows(api).findOneByOrFail({ id });
    expect(running).toMatchObject({ status: 'running', attempts: 1 });
    expect(child.exitCode).toBeNull();
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    await api.close();

    const worker = await service({ ROLE: 'api,worker' });
    const done = await waitFor(
      () => rows(worker).findOneByOrFail({ id }),
      (row) => FINAL_STATUSES.includes(row.status),
    );
    expect(done).toMatchObject({ status: 'completed', attempts: 2 });
    expect(done.output).toEqual({ status_code: 200, body: { ok: 1 } });
    expect(calls).toBe(2);
  });

  it('lets in-flight runs finish when the service shuts down', async () => {
    await fresh();
    const target = await startTarget((_req, res) => {
      setTimeout(() => res.writeHead(200).end('done'), 300);
    });
    const t = await service({ ROLE: 'all' });
    const { key, agentId } = await httpAgent(t, `${target.url}/slowish`);
    const id = await triggerAsync(t, key, agentId);
    await waitFor(
      async () => target.requests.length,
      (n) => n === 1,
    );
    await t.close();
    const after = await service({ ROLE: 'api' });
    const row = await rows(after).findOneByOrFail({ id });
    expect(row).toMatchObject({ status: 'completed', attempts: 1 });
    expect(row.output).toEqual({ status_code: 200, body: 'done' });
  });
  it('puts runs still unfinished at the shutdown deadline back in the queue', async () => {
    await fresh();
    let answer = false;
    const target = await startTarget((_req, res) => {
      if (answer) res.writeHead(200).end('later');
    });
    const t = await service({ ROLE: 'all', SHUTDOWN_GRACE_MS: '200' });
    const { key, agentId } = await httpAgent(t, `${target.url}/hangs`);
    const id = await triggerAsync(t, key, agentId);
    await waitFor(
      async () => target.requests.length,
      (n) => n === 1,
    );
    const abortedBefore = target.aborted;
    await t.close();
    // The outgoing request was aborted and the row is queued again, not left running.
    expect(target.aborted).toBe(abortedBefore + 1);
    answer = true;
    const next = await service({ ROLE: 'api' });
    const row = await rows(next).findOneByOrFail({ id });
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 1,
      startedAt: null,
      leasedUntil: null,
    });
    await next.close();
    const worker = await service({ ROLE: 'worker' });
    const done = await waitFor(
      () => rows(worker).findOneByOrFail({ id }),
      (current) => current.status === 'completed',
    );
    expect(done).toMatchObject({ attempts: 2, output: { status_code: 200, body: 'later' } });
  });
});

describe('runner robustness', () => {
  it('fails a row whose stored JSON cannot be read, and keeps running the others', async () => {
    const t = await startTestService({ WORKER_CONCURRENCY: '1', SYNC_WAIT_MS: '10000', ...LEASE });
    try {
      const { key, accountId } = await t.seedAccount();
      const agentId = await createAgent(t, key);
      const badId = newId('exe');
      // Only a broken database holds such a row: MariaDB's json_valid check must be lifted.
      const runner = t.service.dataSource.createQueryRunner();
      try {
        if (t.db.driver === 'mariadb')
          await runner.query('SET SESSION check_constraint_checks = 0');
        await runner.query(
          `INSERT INTO executions (id, account_id, agent_id, agent_kind, status, source, input, attempts, created_at)
           VALUES (?, ?, ?, 'lead-qualification', 'queued', 'api', '{"email": broken', 0, '2020-01-01 00:00:00.000')`,
          [badId, accountId, agentId],
        );
        if (t.db.driver === 'mariadb')
          await runner.query('SET SESSION check_constraint_checks = 1');
      } finally {
        await runner.release();
      }
      // The oldest queued row is the broken one: the only worker slot must not stall on it.
      const res = await t
        .api()
        .post(`/v2/agents/${agentId}/trigger`)
        .set(bearer(key))
        .send({ input: { email: 'ok@acme.io' } })
        .expect(200);
      expect(res.body.status).toBe('completed');
      const readBad = async () =>
        (
          await t.service.dataSource.query('SELECT status, error FROM executions WHERE id = ?', [
            badId,
          ])
        )[0] as { status: string; error: string | object | null };
      if (t.db.driver === 'sqlite') {
        // SQLite lets the row be updated: it is failed, never run.
        const bad = await waitFor(readBad, (row) => row.status === 'failed');
        const error = typeof bad.error === 'string' ? JSON.parse(bad.error) : bad.error;
        expect(error).toMatchObject({ code: 'agent_error' });
        const agent = await t.api().get(`/v2/agents/${agentId}`).set(bearer(key)).expect(200);
        expect(agent.body.success_rate).toBe(50);
      } else {
        // MariaDB re-checks json_valid on any UPDATE of the row: it stays queued, set aside.
        expect((await readBad()).status).toBe('queued');
      }
    } finally {
      await t.close();
    }
  });
});

/** The built service as a separate worker process on the test database. */
async function startWorkerProcess(db: TestDatabase): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'src', 'main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      ...db.env,
      ...LEASE,
      ROLE: 'worker',
      SECRET_KEY: TEST_SECRET_KEY,
      LOG_LEVEL: 'silent',
      OUTBOUND_ALLOW_PRIVATE: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('service started')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}: ${output}`));
    });
  });
  return child;
}

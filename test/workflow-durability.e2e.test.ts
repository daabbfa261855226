import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_STATUSES } from '../src/executions/execution.entity';
import { ExecutionStep } from '../src/executions/execution-step.entity';
import { ensureBuilt } from './support/cli';
import { createTestDatabase, type TestDatabase } from './support/database';
import { startServiceProcess, type ServiceProcess } from './support/process';
import { bearer, startTestService, TEST_SECRET_KEY, type TestService } from './support/service';
import { startReceiver, startWorkflowRun } from './support/workflows';
import { waitFor } from './support/wait';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;
const LEASE = { WORKER_LEASE_MS: '600', WORKER_POLL_MS: '50' };

/**
 * Workflow durability (docs/workflows.md, Durability) with real processes: the built service runs
 * the workflow as a worker process; it is SIGKILLed inside a slow http step and right after a
 * step's checkpoint, then a new worker process resumes on the same database. A local receiver
 * counts the calls: a completed http step is never repeated, the interrupted one is repeated with
 * the same Idempotency-Key. It is also killed while its run waits, for a time or on a token
 * (completed after the restart, or while no worker runs): the run resumes from the wait. With
 * REDIS_URL the runs go through BullMQ.
 */
describe('workflow durability across SIGKILL', () => {
  let db: TestDatabase;
  let api: TestService;
  let key: string;
  let worker: ServiceProcess | undefined;
  /** Paths whose requests hang (never answered) while the first worker lives. */
  const hanging = new Set<string>();
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const queue: Record<string, string> = process.env.REDIS_URL
    ? {
        REDIS_URL: process.env.REDIS_URL,
        QUEUE_PREFIX: `aas-dur-${randomBytes(6).toString('hex')}`,
      }
    : {};

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    receiver = await startReceiver((_index, request) =>
      hanging.has(request.path) ? { status: 200, delayMs: 600_000 } : { status: 200 },
    );
    api = await startTestService({ ROLE: 'api', ...LEASE, ...queue }, { db });
    key = (await api.seedAccount()).key;
  });
  afterEach(() => worker?.killAll());
  afterAll(async () => {
    worker?.killAll();
    await api?.close();
    await receiver?.close();
    await db?.drop();
  });

  const startWorker = () =>
    startServiceProcess({
      ...db.env,
      ...LEASE,
      ...queue,
      ROLE: 'worker',
      SECRET_KEY: TEST_SECRET_KEY,
      OUTBOUND_ALLOW_PRIVATE: 'true',
    });
  const kill = async () => {
    worker!.killAll();
    await worker!.exited;
    hanging.clear();
  };
  const calls = (path: string) => receiver.received.filter((r) => r.path.startsWith(path));
  const step = (path: string, id: string) => ({
    id,
    type: 'http',
    url: `${receiver.url}${path}`,
    body: { n: `{% $input.n %}`, prev: '{% $steps %}' },
    timeout_ms: 600_000,
  });
  const start = async (prefix: string): Promise<string> => {
    const config = {
      steps: [
        step(`/${prefix}/a`, 'a'),
        { id: 'mid', type: 'transform', value: '{% $steps.a.status_code %}' },
        step(`/${prefix}/b`, 'b'),
        step(`/${prefix}/c`, 'c'),
      ],
    };
    return startWorkflowRun(api, key, { name: prefix, config });
  };
  const finished = (id: string) =>
    waitFor(
      async () => (await api.api().get(`/v2/executions/${id}`).set(bearer(key))).body as Json,
      (record) => FINAL_STATUSES.includes(record.status),
      30_000,
    );
  const expectEachOnce = (prefix: string, id: string, repeated: string) => {
    for (const name of ['a', 'b', 'c']) {
      const got = calls(`/${prefix}/${name}`);
      expect(got.length, name).toBe(name === repeated ? 2 : 1);
      for (const request of got) expect(request.headers['idempotency-key']).toBe(`${id}:${name}`);
    }
  };

  it('killed inside a slow http step: finished steps are not repeated, the slow one is, with its key', async () => {
    hanging.add('/inside/b');
    worker = await startWorker();
    const id = await start('inside');
    await waitFor(
      async () => calls('/inside/b').length,
      (n) => n === 1,
      15_000,
    );
    await kill();
    worker = await startWorker();
    const record = await finished(id);
    expect(record.status).toBe('completed');
    expectEachOnce('inside', id, 'b');
    expect(record.steps.map((s: Json) => [s.id, s.status])).toEqual([
      ['a', 'completed'],
      ['mid', 'completed'],
      ['b', 'completed'],
      ['c', 'completed'],
    ]);
  });

  it("killed as soon as a step's checkpoint is written: the run resumes after it", async () => {
    hanging.add('/between/b');
    worker = await startWorker();
    const id = await start('between');
    const steps = api.service.dataSource.getRepository(ExecutionStep);
    await waitFor(
      () => steps.findOneBy({ executionId: id, stepId: 'a' }),
      (row) => row !== null,
      15_000,
      5,
    );
    await kill();
    worker = await startWorker();
    const record = await finished(id);
    expect(record.status).toBe('completed');
    // `b` may or may not have been called when the process died; `a` never runs again.
    expect(calls('/between/a')).toHaveLength(1);
    expect(calls('/between/c')).toHaveLength(1);
    const b = calls('/between/b');
    expect(b.length).toBeGreaterThanOrEqual(1);
    expect(b.length).toBeLessThanOrEqual(2);
    for (const request of b) expect(request.headers['idempotency-key']).toBe(`${id}:b`);
    expect(record.steps.map((s: Json) => s.id)).toEqual(['a', 'mid', 'b', 'c']);
  });

  it('killed while the run waits: a new worker wakes it on time and it resumes from the wait', async () => {
    worker = await startWorker();
    const id = await startWorkflowRun(api, key, {
      name: 'waiting',
      config: {
        steps: [
          step('/waiting/a', 'a'),
          { id: 'hold', type: 'wait', duration_ms: 3000 },
          step('/waiting/c', 'c'),
        ],
      },
    });
    const waiting = await waitFor(
      async () => (await api.api().get(`/v2/executions/${id}`).set(bearer(key))).body as Json,
      (body) => body.status === 'waiting',
      15_000,
      20,
    );
    await kill();
    worker = await startWorker();
    const record = await finished(id);
    expect(record.status).toBe('completed');
    expect(Date.parse(record.completed_at)).toBeGreaterThanOrEqual(
      Date.parse(waiting.waiting.until),
    );
    expect(calls('/waiting/a')).toHaveLength(1);
    expect(calls('/waiting/c')).toHaveLength(1);
    expect(record.steps.map((s: Json) => [s.id, s.status])).toEqual([
      ['a', 'completed'],
      ['hold', 'completed'],
      ['c', 'completed'],
    ]);
  });
  /** A run that makes a token, calls `a`, waits on the token, then calls `c`. */
  const startTokenRun = (prefix: string) =>
    startWorkflowRun(api, key, {
      name: prefix,
      config: {
        steps: [
          { id: 't', type: 'create_token', choices: ['approve', 'reject'] },
          step(`/${prefix}/a`, 'a'),
          { id: 'hold', type: 'wait', token: '{% $steps.t.id %}' },
          step(`/${prefix}/c`, 'c'),
        ],
      },
    });
  const waitingOn = async (id: string): Promise<string> => {
    const waiting = await waitFor(
      async () => (await api.api().get(`/v2/executions/${id}`).set(bearer(key))).body as Json,
      (body) => body.status === 'waiting',
      15_000,
      20,
    );
    expect(waiting.waiting.token_id).toMatch(/^wtk_/);
    return waiting.waiting.token_id as string;
  };
  const completeToken = async (tokenId: string) =>
    (
      await api
        .api()
        .post(`/v2/wait-tokens/${tokenId}/complete`)
        .set(bearer(key))
        .send({ choice: 'approve' })
        .expect(200)
    ).body as Json;
  const expectResumedFromTheWait = (prefix: string, record: Json) => {
    expect(record.status).toBe('completed');
    expect(calls(`/${prefix}/a`)).toHaveLength(1);
    expect(calls(`/${prefix}/c`)).toHaveLength(1);
    expect(record.steps.map((s: Json) => [s.id, s.status, s.attempts])).toEqual([
      ['t', 'completed', 1],
      ['a', 'completed', 1],
      ['hold', 'completed', 1],
      ['c', 'completed', 1],
    ]);
    expect(record.steps[2].output).toMatchObject({ choice: 'approve' });
  };

  it('killed while the run waits on a token: after a restart the token completes and the run resumes from the wait', async () => {
    worker = await startWorker();
    const id = await startTokenRun('token-after');
    const tokenId = await waitingOn(id);
    await kill();
    worker = await startWorker(); // resolves once the new process says it has started
    const token = await completeToken(tokenId);
    const record = await finished(id);
    expectResumedFromTheWait('token-after', record);
    // The step after the wait started within a second of the completion.
    const resumedIn =
      Date.parse(record.steps[3].started_at as string) - Date.parse(token.completed_at as string);
    expect(resumedIn).toBeGreaterThanOrEqual(0);
    expect(resumedIn).toBeLessThan(1000);
  });

  it('a token completed while no worker runs: the next worker resumes the run from the wait', async () => {
    worker = await startWorker();
    const id = await startTokenRun('token-between');
    const tokenId = await waitingOn(id);
    await kill();
    await completeToken(tokenId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await api.api().get(`/v2/executions/${id}`).set(bearer(key))).body.status).toBe(
      'waiting',
    );
    worker = await startWorker();
    expectResumedFromTheWait('token-between', await finished(id));
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Execution, FINAL_STATUSES } from '../src/executions/execution.entity';
import { ExecutionStep } from '../src/executions/execution-step.entity';
import { ensureBuilt } from './support/cli';
import { createTestDatabase, type TestDatabase } from './support/database';
import { startServiceProcess, type ServiceProcess } from './support/process';
import { bearer, startTestService, TEST_SECRET_KEY, type TestService } from './support/service';
import { startWorkflowRun } from './support/workflows';
import { waitFor } from './support/wait';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;
const LEASE = { WORKER_LEASE_MS: '600', WORKER_POLL_MS: '50' };

/**
 * `agent` steps across SIGKILL (docs/workflows.md, Agents as steps) with real processes: the
 * worker is killed while a parent waits for its child, and a new worker finishes both, the
 * parent with the child's output. Then the state a kill leaves between the child's creation
 * and the parent's checkpoint (the parent `running` under an expired lease, its step record
 * not written, the child stored): the resumed parent finds the same child, never a second.
 */
describe('agent steps across SIGKILL', () => {
  let db: TestDatabase;
  let api: TestService;
  let key: string;
  let worker: ServiceProcess | undefined;
  const queue: Record<string, string> = process.env.REDIS_URL
    ? {
        REDIS_URL: process.env.REDIS_URL,
        QUEUE_PREFIX: `aas-agst-${randomBytes(6).toString('hex')}`,
      }
    : {};

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    api = await startTestService({ ROLE: 'api', ...LEASE, ...queue }, { db });
    key = (await api.seedAccount()).key;
  });
  afterEach(() => worker?.killAll());
  afterAll(async () => {
    worker?.killAll();
    await api?.close();
    await db?.drop();
  });

  const startWorker = () =>
    startServiceProcess({
      ...db.env,
      ...LEASE,
      ...queue,
      ROLE: 'worker',
      SECRET_KEY: TEST_SECRET_KEY,
    });
  const kill = async () => {
    worker!.killAll();
    await worker!.exited;
  };
  const record = async (id: string) =>
    (await api.api().get(`/v2/executions/${id}`).set(bearer(key))).body as Json;
  const until = (id: string, test: (body: Json) => boolean) =>
    waitFor(() => record(id), test, 30_000, 25);
  const executions = () => api.service.dataSource.getRepository(Execution);
  const childAgent = async (name: string, holdMs: number): Promise<string> => {
    const agent = await api
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({
        name,
        kind: 'workflow',
        config: {
          steps: [
            { id: 'hold', type: 'wait', duration_ms: holdMs },
            { id: 'out', type: 'transform', value: { n: '{% $input.n + 1 %}' } },
          ],
        },
      })
      .expect(201);
    return agent.body.id as string;
  };
  const parentRun = (name: string, child: string) =>
    startWorkflowRun(api, key, {
      name,
      config: {
        steps: [
          { id: 'call', type: 'agent', agent_id: child, input: { n: '{% $input.n %}' } },
          { id: 'after', type: 'transform', value: '{% $steps.call %}' },
        ],
      },
    });

  it('killed while the parent waits for its child: a new worker finishes both', async () => {
    worker = await startWorker();
    const child = await childAgent('durable-child', 1500);
    const id = await parentRun('durable-parent', child);
    await until(id, (body) => body.status === 'waiting');
    const [kid] = await executions().findBy({ parentExecutionId: id });
    await until(kid.id, (body) => body.status === 'waiting');
    await kill();
    worker = await startWorker();
    const done = await until(id, (body) => FINAL_STATUSES.includes(body.status));
    expect(done.status).toBe('completed');
    expect(done.output).toEqual({ n: 2 });
    expect(await executions().countBy({ parentExecutionId: id })).toBe(1);
    expect((await record(kid.id)).status).toBe('completed');
  });

  it('killed between the child’s creation and the parent’s checkpoint: the resumed parent finds the same child', async () => {
    worker = await startWorker();
    const child = await childAgent('crash-child', 1000);
    const id = await parentRun('crash-parent', child);
    await until(id, (body) => body.status === 'waiting');
    const [kid] = await executions().findBy({ parentExecutionId: id });
    await kill();
    // What a kill right after the child's INSERT leaves: the parent still running under its
    // (now expired) lease, the agent step's record never written.
    await executions().update(
      { id },
      { status: 'running', waiting: null, wakeAt: null, leasedUntil: new Date(Date.now() - 1000) },
    );
    await api.service.dataSource
      .getRepository(ExecutionStep)
      .delete({ executionId: id, stepId: 'call' });
    worker = await startWorker();
    const done = await until(id, (body) => FINAL_STATUSES.includes(body.status));
    expect(done.status).toBe('completed');
    expect(done.output).toEqual({ n: 2 });
    const kids = await executions().findBy({ parentExecutionId: id });
    expect(kids.map((k) => k.id)).toEqual([kid.id]);
    expect(done.steps.find((s: Json) => s.id === 'call').child_execution_id).toBe(kid.id);
  });
});

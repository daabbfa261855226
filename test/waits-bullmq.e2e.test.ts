import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_STATUSES } from '../src/executions/execution.entity';
import { ensureBuilt } from './support/cli';
import { createTestDatabase, type TestDatabase } from './support/database';
import { startServiceProcess, type ServiceProcess } from './support/process';
import { bearer, startTestService, TEST_SECRET_KEY, type TestService } from './support/service';
import { waitFor } from './support/wait';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;
const REDIS_URL = process.env.REDIS_URL;

/**
 * Waits with the BullMQ run queue (REDIS_URL set) and two worker processes of the built service
 * on one database and one queue prefix, behind an `api,webhook` front that runs no worker: a
 * token completed through the front resumes its run on a worker within a second; time waits
 * wake on the workers, each run once; with one worker killed while runs wait, the other
 * wakes them (a wake-up never depends on the process that started the wait).
 */
describe.skipIf(!REDIS_URL)('waits with BullMQ and two worker processes', () => {
  const queue = {
    REDIS_URL: REDIS_URL!,
    QUEUE_PREFIX: `aas-wait-${randomBytes(6).toString('hex')}`,
  };
  let db: TestDatabase;
  let front: TestService;
  let key: string;
  const workers: ServiceProcess[] = [];

  const startWorker = async () => {
    const worker = await startServiceProcess({
      ...db.env,
      ...queue,
      ROLE: 'worker',
      SECRET_KEY: TEST_SECRET_KEY,
      WORKER_POLL_MS: '50',
    });
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    front = await startTestService({ ...queue, ROLE: 'api,webhook' }, { db });
    ({ key } = await front.seedAccount());
    await startWorker();
    await startWorker();
  });
  afterAll(async () => {
    for (const worker of workers) worker.killAll();
    await front?.close();
    await db?.drop();
  });

  const api = () => front.api();
  const record = async (id: string): Promise<Json> =>
    (await api().get(`/v2/executions/${id}`).set(bearer(key)).expect(200)).body as Json;
  const reaches = (id: string, done: (body: Json) => boolean) =>
    waitFor(() => record(id), done, 20_000, 20);
  const agent = async (name: string, steps: Json[]): Promise<string> =>
    (
      await api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({ name, kind: 'workflow', config: { steps } })
        .expect(201)
    ).body.id as string;
  const trigger = async (agentId: string): Promise<string> =>
    (
      await api()
        .post(`/v2/agents/${agentId}/trigger`)
        .set(bearer(key))
        .send({ input: {}, options: { async: true } })
        .expect(202)
    ).body.execution_id as string;
  const tokenRuns = async (name: string, count: number) => {
    const agentId = await agent(name, [
      { id: 't', type: 'create_token' },
      { id: 'w', type: 'wait', token: '{% $steps.t.id %}' },
      { id: 'after', type: 'transform', value: '{% $steps.w.data %}' },
    ]);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await trigger(agentId));
    const tokens: string[] = [];
    for (const id of ids) {
      tokens.push((await reaches(id, (b) => b.status === 'waiting')).waiting.token_id as string);
    }
    return { ids, tokens };
  };
  /** Completes each token through the front; each run's next step started within 1 s. */
  const completeAndResume = async (ids: string[], tokens: string[]) => {
    const completed = await Promise.all(
      tokens.map(
        async (token, i) =>
          (
            await api()
              .post(`/v2/wait-tokens/${token}/complete`)
              .set(bearer(key))
              .send({ data: { n: i } })
              .expect(200)
          ).body as Json,
      ),
    );
    for (const [i, id] of ids.entries()) {
      const done = await reaches(id, (b) => FINAL_STATUSES.includes(b.status));
      expect(done.status).toBe('completed');
      expect(done.output).toEqual({ n: i });
      expect(done.steps.map((s: Json) => [s.id, s.attempts])).toEqual([
        ['t', 1],
        ['w', 1],
        ['after', 1],
      ]);
      const resumedIn =
        Date.parse(done.steps[2].started_at) - Date.parse(completed[i].completed_at);
      expect(resumedIn, id).toBeGreaterThanOrEqual(0);
      expect(resumedIn, id).toBeLessThan(1000);
    }
  };

  it('a token completed through the front resumes its run on a worker within a second', async () => {
    const { ids, tokens } = await tokenRuns('tokens', 6);
    await completeAndResume(ids, tokens);
  });

  it('time waits wake on the workers, each run once', async () => {
    const agentId = await agent('timed', [
      { id: 'before', type: 'transform', value: 1 },
      { id: 'hold', type: 'wait', duration_ms: 800 },
      { id: 'after', type: 'transform', value: 2 },
    ]);
    const ids = await Promise.all(Array.from({ length: 20 }, () => trigger(agentId)));
    for (const id of ids) {
      const done = await reaches(id, (b) => FINAL_STATUSES.includes(b.status));
      expect(done.status).toBe('completed');
      expect(done.steps.map((s: Json) => [s.id, s.status, s.attempts])).toEqual([
        ['before', 'completed', 1],
        ['hold', 'completed', 1],
        ['after', 'completed', 1],
      ]);
      const hold = done.steps[1];
      expect(Date.parse(done.steps[2].started_at) - Date.parse(hold.started_at)).toBeLessThan(
        800 + 1000,
      );
      // Woken once: one start and one resume.
      expect(done.logs.filter((l: Json) => l.message.startsWith('Run started'))).toHaveLength(2);
    }
  });

  it('one worker killed while runs wait on tokens: the other resumes them', async () => {
    const { ids, tokens } = await tokenRuns('survivor', 4);
    const killed = workers.shift()!;
    killed.killAll();
    await killed.exited;
    await completeAndResume(ids, tokens);
  });
});

import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentDailyStats } from '../src/agents/agent-daily-stats.entity';
import { Agent } from '../src/agents/agent.entity';
import { Execution, FINAL_STATUSES } from '../src/executions/execution.entity';
import { LocalBus } from '../src/queue/local-bus';
import { createAgent, seedAgent } from './support/agents';
import { startLocalServer, type LocalServer } from './support/http-server';
import { freePort } from './support/process';
import { Receiver } from './support/receiver';
import { insertExecution } from './support/rows';
import { bearer, startTestService, type TestService } from './support/service';
import { waitFor } from './support/wait';

const REDIS_URL = process.env.REDIS_URL;
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const prefix = () => `aas-test-${randomBytes(6).toString('hex')}`;
const LEAD = { email: 'ana@acme-industries.com', company: 'Acme', message: 'pricing please' };

/**
 * The BullMQ run queue (REDIS_URL set) with the roles split over several service instances
 * on one database and one Redis queue prefix: an `api,webhook` front without a worker, and
 * `worker`-only services. (Each instance has its own applications, DataSource and Redis
 * connections, as separate processes would; the multi-process test in test/scaleout/ runs
 * the same with real processes under load.)
 */
describe.skipIf(!REDIS_URL)('BullMQ run queue and roles (REDIS_URL)', () => {
  const QUEUE_PREFIX = prefix();
  const common = { REDIS_URL: REDIS_URL!, QUEUE_PREFIX, CALLBACK_RETRY_BASE_MS: '300' };
  let front: TestService;
  let worker: TestService;
  let key: string;
  const extra: TestService[] = [];
  const rows = () => front.service.dataSource.getRepository(Execution);
  const finalRow = (id: string, timeoutMs = 10_000) =>
    waitFor(
      () => rows().findOneByOrFail({ id }),
      (row) => FINAL_STATUSES.includes(row.status),
      timeoutMs,
    );

  beforeAll(async () => {
    front = await startTestService({ ...common, ROLE: 'api,webhook' });
    // A long lease (renewed every ~6.7 s) and a sweep that never comes during a test: what
    // happens here within seconds happens through jobs and Redis signals.
    worker = await startTestService(
      { ...common, ROLE: 'worker', WORKER_LEASE_MS: '20000', QUEUE_SWEEP_MS: '60000' },
      { db: front.db },
    );
    ({ key } = await front.seedAccount());
  });
  afterAll(async () => {
    for (const t of extra) await t.close();
    await worker?.close();
    await front?.close();
  });

  it('splits the roles: the front runs no worker, the worker has no listener', () => {
    expect(front.service.worker).toBeUndefined();
    expect(front.service.api).toBeDefined();
    expect(front.service.webhook).toBeDefined();
    expect(worker.service.worker).toBeDefined();
    expect(worker.service.api).toBeUndefined();
    expect(worker.service.webhook).toBeUndefined();
  });

  it('answers a synchronous trigger on the front with the run done by the worker service', async () => {
    const agentId = await createAgent(front, key);
    const res = await front
      .api()
      .post(`/v2/agents/${agentId}/trigger`)
      .set(bearer(key))
      .send({ input: LEAD })
      .expect(200);
    expect(res.body).toMatchObject({ status: 'completed', output: { tier: 'hot', score: 80 } });
    const row = await rows().findOneByOrFail({ id: res.body.execution_id });
    expect(row).toMatchObject({ status: 'completed', attempts: 1 });
  });

  it('signals the finish to the front through Redis (not only the row poll)', async () => {
    const agentId = await createAgent(front, key);
    const bus = front.service.api!.get(LocalBus);
    const seen: string[] = [];
    const emit = bus.emit.bind(bus);
    bus.emit = ((event, ...args) => {
      if (event === 'execution.finished') seen.push(String(args[0]));
      return emit(event, ...args);
    }) as typeof bus.emit;
    try {
      const res = await front
        .api()
        .post(`/v2/agents/${agentId}/trigger`)
        .set(bearer(key))
        .send({ input: LEAD, options: { async: true } })
        .expect(202);
      const id = res.body.execution_id;
      await finalRow(id);
      // The front never finished the row: only the worker's Redis message emits this there.
      await waitFor(
        async () => seen.includes(id),
        (yes) => yes,
        5000,
      );
    } finally {
      bus.emit = emit;
    }
  });

  it('acknowledges jobs whose row is not queued without running anything again', async () => {
    const agentId = await createAgent(front, key);
    const res = await front
      .api()
      .post(`/v2/agents/${agentId}/trigger`)
      .set(bearer(key))
      .send({ input: LEAD })
      .expect(200);
    const id = res.body.execution_id;
    const before = await rows().findOneByOrFail({ id });

    // A redelivered job, a stale re-queue job and a job of an unknown execution.
    const queue = new Queue('runs', { connection: { url: REDIS_URL! }, prefix: QUEUE_PREFIX });
    try {
      await queue.add('runs', { executionId: id }, { jobId: id, removeOnComplete: true });
      await queue.add('runs', { executionId: id }, { jobId: `${id}.1`, removeOnComplete: true });
      await queue.add('runs', { executionId: 'exe_unknown' }, { removeOnComplete: true });
      await waitFor(
        () => queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed'),
        (counts) => Object.values(counts).every((n) => n === 0),
      );
    } finally {
      await queue.close();
    }
    const after = await rows().findOneByOrFail({ id });
    expect(after).toEqual(before);
    const stats = await front.service.dataSource.getRepository(AgentDailyStats).findBy({ agentId });
    expect(stats.reduce((sum, day) => sum + day.completed, 0)).toBe(1);
  });

  it('aborts a run in the worker service at once when the front cancels it', async () => {
    // The agent's target never answers; the callback receiver answers 200.
    const target: LocalServer = await startLocalServer(() => undefined);
    const receiver = await Receiver.start();
    try {
      const agentId = await createAgent(front, key, {
        kind: 'http-request',
        config: { url: `${target.url}/slow` },
      });
      const res = await front
        .api()
        .post(`/v2/agents/${agentId}/trigger`)
        .set(bearer(key))
        .send({ input: { n: 1 }, options: { async: true, callback_url: receiver.url() } })
        .expect(202);
      const id = res.body.execution_id;
      await waitFor(
        async () => target.requests.length,
        (n) => n === 1,
      );
      const cancelledAt = Date.now();
      await front.api().post(`/v2/executions/${id}/cancel`).set(bearer(key)).expect(200);
      // The worker's lease renewal is ~6.7 s away: only the Redis signal aborts this fast.
      await waitFor(
        async () => target.aborted,
        (n) => n === 1,
        5000,
      );
      expect(Date.now() - cancelledAt).toBeLessThan(5000);
      // The cancelled callback was written by the front, which has no dispatcher: the wake-up
      // travelled to the worker service (its outbox sweep is a minute away).
      await waitFor(
        async () => receiver.requests.length,
        (n) => n === 1,
        5000,
      );
      expect(JSON.parse(receiver.requests[0].body)).toMatchObject({
        type: 'execution.cancelled',
        data: { id, status: 'cancelled' },
      });
    } finally {
      await receiver.close();
      await target.close();
    }
  });

  it('sends callbacks as BullMQ jobs, the retry as a delayed job', async () => {
    const receiver = await Receiver.start((index) => (index === 0 ? 503 : 200));
    try {
      const agentId = await createAgent(front, key);
      const res = await front
        .api()
        .post(`/v2/agents/${agentId}/trigger`)
        .set(bearer(key))
        .send({ input: LEAD, options: { callback_url: receiver.url() } })
        .expect(200);
      await waitFor(
        async () => receiver.requests.length,
        (n) => n === 2,
      );
      const [first, second] = receiver.requests;
      expect(second.headers['x-webhook-id']).toBe(first.headers['x-webhook-id']);
      // CALLBACK_RETRY_BASE_MS=300: the first retry waits 300..360 ms.
      expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(290);
      const log = await waitFor(
        async () =>
          (
            await front
              .api()
              .get(`/v2/executions/${res.body.execution_id}/deliveries`)
              .set(bearer(key))
              .expect(200)
          ).body.data as { attempt: number; status_code: number; error: string | null }[],
        (data) => data.length === 2,
      );
      expect(log.map((d) => [d.attempt, d.status_code, d.error])).toEqual([
        [2, 200, null],
        [1, 503, 'http_error'],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('re-queues an expired run and adds its job (lease recovery)', async () => {
    // A worker with a short lease; its sweep, like the other worker's, is a minute away.
    extra.push(
      await startTestService(
        { ...common, ROLE: 'worker', WORKER_LEASE_MS: '600', QUEUE_SWEEP_MS: '60000' },
        { db: front.db },
      ),
    );
    const agent = await front.service.dataSource
      .getRepository(Agent)
      .findOneByOrFail({ id: await createAgent(front, key) });
    const stale = new Date(Date.now() - 60_000);
    const orphan = await insertExecution(front.service.dataSource, agent, {
      status: 'running',
      input: LEAD,
      attempts: 1,
      startedAt: stale,
      leasedUntil: stale,
      createdAt: stale,
    });
    const done = await finalRow(orphan.id);
    expect(done).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('adds the job of a queued row that has none (reconciliation sweep)', async () => {
    extra.push(
      await startTestService(
        { ...common, ROLE: 'worker', QUEUE_SWEEP_MS: '300' },
        { db: front.db },
      ),
    );
    const agent = await front.service.dataSource
      .getRepository(Agent)
      .findOneByOrFail({ id: await createAgent(front, key) });
    // As if the process died between the commit and the add.
    const queued = await insertExecution(front.service.dataSource, agent, {
      status: 'queued',
      input: LEAD,
      createdAt: new Date(Date.now() - 5000),
    });
    const done = await finalRow(queued.id);
    expect(done).toMatchObject({ status: 'completed', attempts: 1 });
  });
});

describe.skipIf(!REDIS_URL)('BullMQ worker shutdown (REDIS_URL)', () => {
  const services: TestService[] = [];
  afterAll(async () => {
    for (const t of services.reverse()) await t.close();
  });

  it('puts a run outliving the shutdown grace back, and another worker runs it', async () => {
    let calls = 0;
    // The first request hangs past the grace; later ones answer.
    const target: LocalServer = await startLocalServer((_req, res) => {
      calls++;
      if (calls > 1) res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":2}');
    });
    try {
      const common = { REDIS_URL: REDIS_URL!, QUEUE_PREFIX: prefix(), QUEUE_SWEEP_MS: '60000' };
      const front = await startTestService({ ...common, ROLE: 'api,webhook' });
      services.push(front);
      const first = await startTestService(
        { ...common, ROLE: 'worker', SHUTDOWN_GRACE_MS: '300' },
        { db: front.db },
      );
      services.push(first);
      const { key } = await front.seedAccount();
      const agentId = await createAgent(front, key, {
        kind: 'http-request',
        config: { url: `${target.url}/work` },
      });
      const res = await front
        .api()
        .post(`/v2/agents/${agentId}/trigger`)
        .set(bearer(key))
        .send({ input: { job: 1 }, options: { async: true } })
        .expect(202);
      const id = res.body.execution_id;
      await waitFor(
        async () => calls,
        (n) => n === 1,
      );
      // A second worker joins while the first holds the run; the first then stops.
      services.push(await startTestService({ ...common, ROLE: 'worker' }, { db: front.db }));
      await first.close();
      const rows = front.service.dataSource.getRepository(Execution);
      const done = await waitFor(
        () => rows.findOneByOrFail({ id }),
        (row) => FINAL_STATUSES.includes(row.status),
      );
      // Released as queued after 1 claim, then a new job (`<id>.1`) took it to the second.
      expect(done).toMatchObject({ status: 'completed', attempts: 2 });
      expect(done.output).toEqual({ status_code: 200, body: { ok: 2 } });
      expect(calls).toBe(2);
    } finally {
      await target.close();
    }
  });
});

describe.skipIf(!REDIS_URL || !hasRedisServer)('BullMQ while Redis goes away and returns', () => {
  let t: TestService;
  let redis: ChildProcess | undefined;
  let port: number;

  const startRedis = async () => {
    redis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitFor(
      async () => spawnSync('redis-cli', ['-p', String(port), 'ping']).status === 0,
      (up) => up,
    );
  };
  const stopRedis = async () => {
    const child = redis;
    redis = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGKILL');
    });
  };

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    t = await startTestService({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      QUEUE_SWEEP_MS: '300',
    });
  });
  afterAll(async () => {
    await t?.close();
    await stopRedis();
  });

  it('acknowledges webhooks while Redis is down and runs them once it is back', async () => {
    const { key } = await t.seedAccount();
    const agent = await seedAgent(t, key);
    await t.webhook().post(agent.path).send(LEAD).expect(202);

    await stopRedis();
    await t.api().get('/health').expect(503);
    const started = Date.now();
    const res = await t.webhook().post(agent.path).send(LEAD).expect(202);
    expect(Date.now() - started).toBeLessThan(2500);
    const id = res.body.executionId;
    const rows = t.service.dataSource.getRepository(Execution);
    expect(await rows.findOneByOrFail({ id })).toMatchObject({ status: 'queued' });

    await startRedis(); // empty: the job never reached it
    const done = await waitFor(
      () => rows.findOneByOrFail({ id }),
      (row) => FINAL_STATUSES.includes(row.status),
      20_000,
    );
    expect(done).toMatchObject({ status: 'completed', attempts: 1 });
    await waitFor(
      async () => (await t.api().get('/health')).status,
      (status) => status === 200,
    );
  });
});

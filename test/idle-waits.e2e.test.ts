import { describe, expect, it } from 'vitest';
import { Agent } from '../src/agents/agent.entity';
import { ExecutionIntakeService } from '../src/executions/execution-intake.service';
import { Execution } from '../src/executions/execution.entity';
import { closeAfterEach } from './support/cleanups';
import { createAgent } from './support/agents';
import { bearer, startTestService, type TestService } from './support/service';
import { startSlowTarget } from './support/slow-target';
import { waitFor } from './support/wait';

const REDIS_URL = process.env.REDIS_URL;
const RUNS = 200;
const SLOTS = 4;
/** How long the target holds each request. */
const WAIT_MS = 2000;

/**
 * Waiting costs nothing (docs/operations.md, Runs waiting on the network), end to end: 200 workflow
 * runs whose `http` step waits 2 s on a slow local target, on a worker of 4 slots. A run waiting in
 * its request holds no slot, so the target sees far more than 4 requests at once, and every run
 * completes. (How fast is the bench's business: `npm run bench`, "200 runs each waiting 2 s".)
 */
describe('runs waiting on a slow http step hold no worker slot', () => {
  const closeLater = closeAfterEach();

  const modes: { name: string; env: Record<string, string> }[] = [
    { name: 'embedded queue', env: {} },
    ...(REDIS_URL ? [{ name: 'BullMQ (REDIS_URL)', env: { REDIS_URL } }] : []),
  ];

  for (const mode of modes) {
    it(`runs ${RUNS} of them with ${SLOTS} slots, most of them waiting at once (${mode.name})`, async () => {
      const target = closeLater(await startSlowTarget(WAIT_MS));
      const t: TestService = closeLater(
        await startTestService({
          WORKER_CONCURRENCY: String(SLOTS),
          SHUTDOWN_GRACE_MS: '200',
          ...mode.env,
        }),
      );
      const a = await t.seedAccount({ plan: 'enterprise' });
      const b = await t.seedAccount({ plan: 'pro' });
      const agentId = await createAgent(t, a.key, {
        kind: 'workflow',
        timeoutMs: 120_000,
        config: {
          steps: [
            {
              id: 'wait',
              type: 'http',
              method: 'POST',
              url: `${target.url}/slow`,
              body: '{% $input %}',
            },
            {
              id: 'done',
              type: 'transform',
              value: { n: '{% $input.n %}', status: '{% $steps.wait.status_code %}' },
            },
          ],
        },
      });
      const plainB = await createAgent(t, b.key);
      const agent = await t.service.dataSource
        .getRepository(Agent)
        .findOneByOrFail({ id: agentId });

      const intake = t.service.api!.get(ExecutionIntakeService);
      await Promise.all(
        Array.from({ length: RUNS }, (_, n) =>
          intake.submit({ agent, input: { n }, source: 'api' }),
        ),
      );
      // Another account's synchronous run is answered while they all wait.
      await waitFor(
        async () => target.inFlight(),
        (count) => count > SLOTS,
        30_000,
      );
      const sync = await t
        .api()
        .post(`/v2/agents/${plainB}/trigger`)
        .set(bearer(b.key))
        .send({ input: { email: 'b@example.com' } });
      expect(sync.status).toBe(200);
      expect(sync.body).toMatchObject({ status: 'completed' });

      const rows = t.service.dataSource.getRepository(Execution);
      await waitFor(
        () => rows.countBy({ agentId, status: 'completed' }),
        (count) => count === RUNS,
        120_000,
        100,
      ).catch(async (error: Error) => {
        const byStatus = await rows.find({ select: { status: true }, where: { agentId } });
        const counts: Record<string, number> = {};
        for (const row of byStatus) counts[row.status] = (counts[row.status] ?? 0) + 1;
        throw new Error(`${error.message}; statuses ${JSON.stringify(counts)}`);
      });
      console.log(
        `[idle-waits] ${mode.name}: at most ${target.maxInFlight()} of ${RUNS} requests held at once with ${SLOTS} slots`,
      );
      // Held by 4 slots, at most 4 requests would ever wait at once (60 to 200 seen here).
      expect(target.maxInFlight()).toBeGreaterThanOrEqual(5 * SLOTS);
      expect(target.requests).toHaveLength(RUNS);
      const done = await rows.findBy({ agentId });
      expect(done.map((row) => row.attempts)).toEqual(done.map(() => 1));
      expect(done.map((row) => (row.output as { n: number }).n).sort((x, y) => x - y)).toEqual(
        Array.from({ length: RUNS }, (_, n) => n),
      );
      expect(done.every((row) => (row.output as { status: number }).status === 200)).toBe(true);
    });
  }

  it("keeps each account within its share of the waiting places, and another account's runs start", async () => {
    const target = closeLater(await startSlowTarget(300));
    // 4 slots, 8 waiting places: free_trial (2 of 4 slots) may have 4 runs waiting, pro (4 of 4) 8.
    const t: TestService = closeLater(
      await startTestService({
        WORKER_CONCURRENCY: String(SLOTS),
        WORKER_MAX_WAITING: '8',
        SHUTDOWN_GRACE_MS: '200',
      }),
    );
    const a = await t.seedAccount({ plan: 'free_trial' });
    const b = await t.seedAccount({ plan: 'pro' });
    const waitingAgent = async (key: string, path: string) =>
      t.service.dataSource.getRepository(Agent).findOneByOrFail({
        id: await createAgent(t, key, {
          kind: 'workflow',
          timeoutMs: 120_000,
          config: { steps: [{ id: 'wait', type: 'http', url: `${target.url}${path}` }] },
        }),
      });
    const [agentA, agentB] = [await waitingAgent(a.key, '/a'), await waitingAgent(b.key, '/b')];
    const intake = t.service.api!.get(ExecutionIntakeService);
    const submit = (agent: Agent, count: number) =>
      Promise.all(
        Array.from({ length: count }, (_, n) =>
          intake.submit({ agent, input: { n }, source: 'api' }),
        ),
      );
    // A floods first; B comes once A's runs wait.
    await submit(agentA, 60);
    await waitFor(
      async () => target.inFlight('/a'),
      (count) => count >= 4,
    );
    await submit(agentB, 20);
    const rows = t.service.dataSource.getRepository(Execution);
    await waitFor(
      () => rows.countBy({ status: 'completed' }),
      (count) => count === 80,
      120_000,
      100,
    );
    console.log(
      `[idle-waits] shares: A (free_trial) at most ${target.maxInFlight('/a')} requests at once, B (pro) ${target.maxInFlight('/b')}`,
    );
    // A: its cap of 2 slots plus its 4 waiting places, never more.
    expect(target.maxInFlight('/a')).toBeLessThanOrEqual(2 + 4);
    expect(target.maxInFlight('/a')).toBeGreaterThan(2);
    // B was not kept out by A's waiting runs: more of its runs waited at once than A's slots.
    expect(target.maxInFlight('/b')).toBeGreaterThan(2);
  });
});

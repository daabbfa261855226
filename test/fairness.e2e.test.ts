import { describe, expect, it } from 'vitest';
import { Agent } from '../src/agents/agent.entity';
import { ExecutionIntakeService } from '../src/executions/execution-intake.service';
import { Execution, FINAL_STATUSES } from '../src/executions/execution.entity';
import { closeAfterEach } from './support/cleanups';
import { createAgent } from './support/agents';
import { startSlowTarget } from './support/slow-target';
import { bearer, startTestService, type TestService } from './support/service';
import { waitFor } from './support/wait';

const REDIS_URL = process.env.REDIS_URL;
/** Account A's backlog: enough that, run oldest first, B's runs would wait tens of seconds. */
const FLOOD = 3000;
const B_RUNS = 30;
/** A run of account A holds its slot this long (the target answers after it). */
const A_RUN_MS = 100;
const CAP_A = 3;

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Fairness between accounts: account A floods the queue with thousands of runs, then account
 * B triggers some. B's runs must start within a second (measured from the rows: started_at -
 * created_at), and A never runs more than its plan's cap at once, in the embedded queue and
 * with BullMQ. Run oldest first (as before the fix), B's runs wait behind A's whole backlog:
 * 3000 runs of 100 ms on 8 slots, over 30 s.
 */
describe('fairness between accounts', () => {
  const closeLater = closeAfterEach();

  async function service(env: Record<string, string>): Promise<TestService> {
    const t = await startTestService({
      WORKER_CONCURRENCY: '8',
      ACCOUNT_CONCURRENCY: `pro=${CAP_A}`,
      SHUTDOWN_GRACE_MS: '200',
      ...env,
    });
    return closeLater(t);
  }

  /** The most rows of `accountId` seen running at once, sampled until `stop()`. */
  function sampleRunning(t: TestService, accountId: string) {
    let max = 0;
    let stopped = false;
    const rows = t.service.dataSource.getRepository(Execution);
    const sampling = (async () => {
      while (!stopped) {
        max = Math.max(max, await rows.countBy({ accountId, status: 'running' }));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        await sampling.catch(() => undefined);
        return max;
      },
    };
  }

  const modes: { name: string; env: Record<string, string> }[] = [
    { name: 'embedded queue', env: {} },
    ...(REDIS_URL ? [{ name: 'BullMQ (REDIS_URL)', env: { REDIS_URL } }] : []),
  ];

  for (const mode of modes) {
    it(`starts another account's runs within 1 s while one account floods the queue (${mode.name})`, async () => {
      const target = closeLater(await startSlowTarget(A_RUN_MS));
      const t = await service(mode.env);
      const a = await t.seedAccount({ plan: 'pro' });
      const b = await t.seedAccount({ plan: 'enterprise' });
      const floodAgentId = await createAgent(t, a.key, {
        kind: 'http-request',
        config: { url: `${target.url}/a` },
      });
      const bAgentId = await createAgent(t, b.key);
      const floodAgent = await t.service.dataSource
        .getRepository(Agent)
        .findOneByOrFail({ id: floodAgentId });

      // A's backlog, in bulk through the intake (batches of 100 rows; jobs with BullMQ).
      const intake = t.service.api!.get(ExecutionIntakeService);
      const running = sampleRunning(t, a.accountId);
      closeLater({ close: () => running.stop() });
      await Promise.all(
        Array.from({ length: FLOOD }, (_, n) =>
          intake.submit({ agent: floodAgent, input: { n }, source: 'api' }),
        ),
      );
      const rows = t.service.dataSource.getRepository(Execution);
      // A's runs have the worker busy before B asks.
      await waitFor(
        async () => target.requests.length,
        (n) => n >= CAP_A,
      );

      const ids: string[] = [];
      for (let i = 0; i < B_RUNS; i++) {
        const res = await t
          .api()
          .post(`/v2/agents/${bAgentId}/trigger`)
          .set(bearer(b.key))
          .send({ input: { email: `b${i}@example.com` }, options: { async: true } })
          .expect(202);
        ids.push(res.body.execution_id);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const done = await waitFor(
        () =>
          rows.find({
            select: { id: true, status: true, createdAt: true, startedAt: true },
            where: ids.map((id) => ({ id })),
          }),
        (found) => found.every((row) => FINAL_STATUSES.includes(row.status)),
        15_000,
      ).catch(async () => {
        const started = await rows.countBy(ids.map((id) => ({ id, status: 'completed' as const })));
        throw new Error(`Only ${started} of B's ${B_RUNS} runs completed within 15 s`);
      });
      const maxRunningA = await running.stop();
      const latencies = done.map((row) => row.startedAt!.getTime() - row.createdAt.getTime());
      const p99 = percentile(latencies, 99);
      console.log(
        `[fairness] ${mode.name}: B start latency p50 ${percentile(latencies, 50)} ms, p99 ${p99} ms; A's most running ${maxRunningA} (cap ${CAP_A}), A's target in flight ${target.maxInFlight()}`,
      );
      expect(done.map((row) => row.status)).toEqual(ids.map(() => 'completed'));
      expect(p99).toBeLessThan(1000);
      // A kept running meanwhile, never more than its cap.
      expect(await rows.countBy({ accountId: a.accountId, status: 'queued' })).toBeGreaterThan(0);
      expect(maxRunningA).toBeGreaterThan(0);
      expect(maxRunningA).toBeLessThanOrEqual(CAP_A);
      expect(target.maxInFlight()).toBeLessThanOrEqual(CAP_A);
    });
  }

  it('keeps the local hand-off (synchronous triggers) within the cap of the account', async () => {
    const target = closeLater(await startSlowTarget(150));
    const t = await service({ WORKER_POLL_MS: '60000' });
    const a = await t.seedAccount({ plan: 'pro' });
    const agentId = await createAgent(t, a.key, {
      kind: 'http-request',
      config: { url: `${target.url}/sync` },
    });
    // The worker has 8 free slots and no backlog: all of these could be handed off at once.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t
          .api()
          .post(`/v2/agents/${agentId}/trigger`)
          .set(bearer(a.key))
          .send({ input: { sync: i } })
          .then((res) => res),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'completed' });
    }
    expect(target.requests).toHaveLength(8);
    expect(target.maxInFlight()).toBeLessThanOrEqual(CAP_A);
    const all = await t.service.dataSource.getRepository(Execution).findBy({ agentId });
    expect(all.map((row) => [row.status, row.attempts])).toEqual(
      Array.from({ length: 8 }, () => ['completed', 1]),
    );
  });
});

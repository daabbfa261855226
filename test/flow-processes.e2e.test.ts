import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, parseOutput, runCli } from './support/cli';
import { createTestDatabase, type TestDatabase } from './support/database';
import { startFlightReceiver } from './support/flow';
import { JsonClient } from './support/load';
import { startServiceProcess, type ServiceProcess } from './support/process';
import { bearer, startTestService, TEST_SECRET_KEY, type TestService } from './support/service';
import { waitFor } from './support/wait';

const REDIS_URL = process.env.REDIS_URL;

/**
 * Flow control across processes (docs/api.md, Flow control): with BullMQ, two worker
 * processes keep one concurrency limit per key between them, measured at the target (a
 * receiver counting requests in flight per key); and held executions survive a SIGKILL of
 * the one embedded process, the dead process's slot coming back once its lease expired.
 * The built service runs as real processes (`node dist/src/main.js`).
 */
describe('flow control across processes', () => {
  let receiver: Awaited<ReturnType<typeof startFlightReceiver>>;
  const processes: ServiceProcess[] = [];
  const client = new JsonClient();

  beforeAll(async () => {
    await ensureBuilt();
    receiver = await startFlightReceiver(200);
  });
  afterAll(async () => {
    for (const proc of processes) proc.child.kill('SIGKILL');
    await client.close();
    await receiver?.close();
  });

  describe.skipIf(!REDIS_URL)('BullMQ with two worker processes', () => {
    let front: TestService;
    let key: string;

    beforeAll(async () => {
      const common = {
        REDIS_URL: REDIS_URL!,
        QUEUE_PREFIX: `aas-flow-${randomBytes(6).toString('hex')}`,
        OUTBOUND_ALLOW_PRIVATE: 'true',
      };
      front = await startTestService({ ...common, ROLE: 'api,webhook' });
      for (let i = 0; i < 2; i++) {
        processes.push(
          await startServiceProcess({
            ...front.db.env,
            ...common,
            SECRET_KEY: TEST_SECRET_KEY,
            ROLE: 'worker',
            WORKER_POLL_MS: '200',
            WORKER_CONCURRENCY: '8',
          }),
        );
      }
      ({ key } = await front.seedAccount());
    });
    afterAll(async () => {
      await front?.close();
    });

    it('at most limit runs per key in flight at the target, over both workers', async () => {
      const agent = await front
        .api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({
          name: 'Two workers',
          kind: 'http-request',
          config: { url: `${receiver.url}/two-workers` },
          flow: { concurrency: { limit: 2, key: '{% $input.customer %}' } },
        })
        .expect(201);
      const ids: string[] = [];
      for (let n = 0; n < 24; n++) {
        const customer = ['r1', 'r2', 'r3'][n % 3];
        const answer = await front
          .api()
          .post(`/v2/agents/${agent.body.id}/trigger`)
          .set(bearer(key))
          .send({ input: { customer, n }, options: { async: true } })
          .expect(202);
        ids.push(answer.body.execution_id);
      }
      await waitFor(
        async () =>
          Promise.all(
            ids.map(
              async (id) =>
                (await front.api().get(`/v2/executions/${id}`).set(bearer(key))).body.status,
            ),
          ),
        (statuses) => statuses.every((status) => status === 'completed'),
        30_000,
        100,
        'All completed',
      );
      for (const customer of ['r1', 'r2', 'r3']) {
        expect(receiver.most.get(customer)).toBe(2);
      }
      // The limits are per key: the keys ran side by side.
      expect(receiver.mostOverall()).toBeGreaterThan(2);
    });
  });

  describe('a SIGKILL with held executions (embedded queue)', () => {
    let db: TestDatabase;

    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(async () => {
      await db?.drop();
    });

    const env = () => ({
      ...db.env,
      SECRET_KEY: TEST_SECRET_KEY,
      OUTBOUND_ALLOW_PRIVATE: 'true',
      WORKER_LEASE_MS: '1000',
      WORKER_POLL_MS: '100',
    });

    it('every held execution runs after the restart, one at a time', async () => {
      const seed = parseOutput(await runCli(['seed:demo', '--plan', 'enterprise'], env()));
      const auth = { authorization: `Bearer ${seed.api_key as string}` };
      const first = await startServiceProcess(env());
      processes.push(first);
      const api = `http://127.0.0.1:${first.port}`;
      const created = await client.call(`${api}/v2/agents`, 'POST', auth, {
        name: 'One at a time',
        kind: 'http-request',
        config: { url: `${receiver.url}/one-at-a-time` },
        flow: { concurrency: { limit: 1 } },
      });
      expect(created.status).toBe(201);
      const ids: string[] = [];
      for (let n = 0; n < 5; n++) {
        const answer = await client.call(
          `${api}/v2/agents/${created.body.id as string}/trigger`,
          'POST',
          auth,
          { input: { customer: 'solo', n }, options: { async: true } },
        );
        expect(answer.status).toBe(202);
        ids.push(answer.body.execution_id as string);
      }
      // The first runs; the others are held.
      await waitFor(
        () => receiver.flights.filter((f) => f.key === 'solo').length,
        (n) => n >= 1,
        10_000,
      );
      first.killAll();
      await first.exited;

      const second = await startServiceProcess(env());
      processes.push(second);
      const api2 = `http://127.0.0.1:${second.port}`;
      const records = await waitFor(
        () => Promise.all(ids.map((id) => client.call(`${api2}/v2/executions/${id}`, 'GET', auth))),
        (answers) => answers.every((answer) => answer.body.status === 'completed'),
        30_000,
        100,
        'All completed after the restart',
      );
      expect(records).toHaveLength(5);
      // The killed run's request was left at the receiver; every other ran alone.
      expect(receiver.most.get('solo')).toBe(1);
      const order = receiver.flights.filter((f) => f.key === 'solo').map((f) => f.n);
      expect(order.slice(-4)).toEqual([1, 2, 3, 4]);
    });
  });
});

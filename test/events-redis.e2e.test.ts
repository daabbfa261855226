import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAgent } from './support/agents';
import { Receiver } from './support/receiver';
import { bearer, startTestService, type TestService } from './support/service';
import { eventually } from './support/wait';

const REDIS_URL = process.env.REDIS_URL;

/**
 * Roles in two services sharing one database and Redis: an endpoint created through the API
 * process reaches the worker process's cached subscriptions at once (the `endpoints` signal),
 * so the events the worker writes (`execution.started`, `.completed`) go to it.
 */
describe.skipIf(!REDIS_URL)('webhook endpoints across processes (REDIS_URL)', () => {
  let api: TestService;
  let worker: TestService;
  let hook: Receiver;

  beforeAll(async () => {
    const common = {
      REDIS_URL: REDIS_URL!,
      QUEUE_PREFIX: `aas-test-${randomBytes(6).toString('hex')}`,
      CALLBACK_RETRY_BASE_MS: '50',
    };
    api = await startTestService({ ...common, ROLE: 'api,webhook' });
    worker = await startTestService({ ...common, ROLE: 'worker' }, { db: api.db });
    hook = await Receiver.start();
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await hook?.close();
  });

  it("the worker's events reach an endpoint created after it cached the account", async () => {
    const { key } = await api.seedAccount();
    const agent = await seedAgent(api, key);
    const trigger = async () =>
      (
        await api
          .api()
          .post(`/v2/agents/${agent.id}/trigger`)
          .set(bearer(key))
          .send({ input: { email: 'ada@acme.io' }, options: { async: true } })
          .expect(202)
      ).body.execution_id as string;
    const done = (id: string) =>
      eventually(async () => {
        const res = await api.api().get(`/v2/executions/${id}`).set(bearer(key));
        return res.body.status === 'completed';
      });
    // The worker runs one first: it has now cached "no endpoints" for the account.
    await done(await trigger());
    await api
      .api()
      .post('/v2/webhook-endpoints')
      .set(bearer(key))
      .send({ url: hook.url(), events: ['execution.started', 'execution.completed'] })
      .expect(201);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the signal crosses Redis
    const id = await trigger();
    await done(id);
    const types = await eventually(() => {
      const got = hook.requests
        .map((r) => JSON.parse(r.body))
        .filter((e) => e.data.id === id)
        .map((e) => e.type);
      return got.length >= 2 && got.sort();
    });
    expect(types).toEqual(['execution.completed', 'execution.started']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_STATUSES } from '../src/executions/execution.entity';
import { createTestDatabase, type TestDatabase } from './support/database';
import { bearer, startTestService, type TestService } from './support/service';
import { startReceiver } from './support/workflows';
import { waitFor } from './support/wait';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;

/** A workflow execution runs its own version's definition; cancel aborts a step in flight. */
describe('workflow versions and cancel', () => {
  let db: TestDatabase;
  let t: TestService | undefined;
  let key: string;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const api = () => t!.api();
  const config = (version: number) => ({
    steps: [{ id: 'v', type: 'transform', value: { version, n: '{% $input.n %}' } }],
  });
  const record = async (id: string) =>
    (await api().get(`/v2/executions/${id}`).set(bearer(key)).expect(200)).body as Json;
  const finished = (id: string) =>
    waitFor(
      () => record(id),
      (body) => FINAL_STATUSES.includes(body.status),
      15_000,
    );

  it('an execution created before a config change runs the version it was created with', async () => {
    t = await startTestService({ ROLE: 'api,webhook' }, { db });
    key = (await t.seedAccount()).key;
    const agent = (
      await api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({ name: 'Versioned', kind: 'workflow', config: config(1) })
        .expect(201)
    ).body;
    const queued = await api()
      .post(`/v2/agents/${agent.id}/trigger`)
      .set(bearer(key))
      .send({ input: { n: 7 }, options: { async: true } })
      .expect(202);
    const patched = await api()
      .patch(`/v2/agents/${agent.id}`)
      .set(bearer(key))
      .send({ config: config(2) })
      .expect(200);
    expect(patched.body.version).toBe(2);
    await t.close();

    t = await startTestService({}, { db });
    const first = await finished(queued.body.execution_id);
    expect(first).toMatchObject({ status: 'completed', agent_version: 1 });
    expect(first.output).toEqual({ version: 1, n: 7 });
    const second = await api()
      .post(`/v2/agents/${agent.id}/trigger`)
      .set(bearer(key))
      .send({ input: { n: 8 } })
      .expect(200);
    expect(second.body.output).toEqual({ version: 2, n: 8 });
  });

  it('cancel aborts the step in flight', async () => {
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 60_000 }));
    try {
      const agent = (
        await api()
          .post('/v2/agents')
          .set(bearer(key))
          .send({
            name: 'Slow',
            kind: 'workflow',
            config: { steps: [{ id: 'slow', type: 'http', url: `${receiver.url}/slow` }] },
          })
          .expect(201)
      ).body;
      const run = await api()
        .post(`/v2/agents/${agent.id}/trigger`)
        .set(bearer(key))
        .send({ input: {}, options: { async: true } })
        .expect(202);
      await waitFor(
        async () => receiver.received.length,
        (n) => n === 1,
      );
      const cancelled = await api()
        .post(`/v2/executions/${run.body.execution_id}/cancel`)
        .set(bearer(key))
        .expect(200);
      expect(cancelled.body.status).toBe('cancelled');
      await waitFor(
        async () => receiver.aborted,
        (n) => n === 1,
      );
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database';
import { bearer, startTestService, type TestService } from './support/service';
import { waitFor } from './support/wait';

/**
 * The agent's `version` and the execution's `agent_version`: config changes make versions; runs
 * keep theirs.
 */
describe('agent versions', () => {
  let db: TestDatabase;
  let t: TestService | undefined;
  let key: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    // No worker at first: executions stay queued while the config changes.
    t = await startTestService({ ROLE: 'api,webhook' }, { db });
    key = (await t.seedAccount()).key;
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const api = () => t!.api();
  const create = (config: Record<string, unknown>) =>
    api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({ name: 'Versioned', kind: 'lead-qualification', config })
      .expect(201);

  it('starts at 1; every config change adds one, other changes do not', async () => {
    const agent = (await create({ threshold: 60 })).body;
    expect(agent.version).toBe(1);
    const patch = (body: object) =>
      api().patch(`/v2/agents/${agent.id}`).set(bearer(key)).send(body).expect(200);

    expect((await patch({ config: { threshold: 70 } })).body.version).toBe(2);
    // The same config again (key order aside), a rename, a pause: no new version.
    expect((await patch({ config: { threshold: 70 } })).body.version).toBe(2);
    expect((await patch({ name: 'Renamed', status: 'paused' })).body.version).toBe(2);
    expect((await patch({ config: { threshold: 80 }, name: 'Both' })).body).toMatchObject({
      version: 3,
      name: 'Both',
      config: { threshold: 80 },
    });

    const v1 = await api().get(`/v2/agents/${agent.id}/versions/1`).set(bearer(key)).expect(200);
    expect(v1.body).toEqual({
      version: 1,
      config: { threshold: 60 },
      created_at: agent.created_at,
    });
    const v3 = await api().get(`/v2/agents/${agent.id}/versions/3`).set(bearer(key)).expect(200);
    expect(v3.body.config).toEqual({ threshold: 80 });
    expect((await api().get(`/v2/agents/${agent.id}`).set(bearer(key))).body.version).toBe(3);
  });

  it('refuses bad version numbers, unknown versions and other accounts', async () => {
    const agent = (await create({})).body;
    for (const bad of ['0', '-1', 'abc', '1.5']) {
      const res = await api().get(`/v2/agents/${agent.id}/versions/${bad}`).set(bearer(key));
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'version' });
    }
    await api().get(`/v2/agents/${agent.id}/versions/2`).set(bearer(key)).expect(404);
    const stranger = await t!.seedAccount();
    await api().get(`/v2/agents/${agent.id}/versions/1`).set(bearer(stranger.key)).expect(404);
  });

  it('an execution runs the version current when it was created; a retry runs the current one', async () => {
    // A lead worth 50 points (business email, company): qualified only under threshold ≤ 50.
    const lead = { email: 'jane@acme.io', company: 'Acme' };
    const agent = (await create({ threshold: 90 })).body;
    const trigger = async () =>
      (
        await api()
          .post(`/v2/agents/${agent.id}/trigger`)
          .set(bearer(key))
          .send({ input: lead, options: { async: true } })
          .expect(202)
      ).body.execution_id as string;
    const before = await trigger();
    await api()
      .patch(`/v2/agents/${agent.id}`)
      .set(bearer(key))
      .send({ config: { threshold: 10 } })
      .expect(200);
    const after = await trigger();

    // Now a worker runs both.
    await t!.close();
    t = await startTestService({}, { db });
    const read = (id: string) => api().get(`/v2/executions/${id}`).set(bearer(key));
    const finished = async (id: string) =>
      (
        await waitFor(
          () => read(id),
          (res) => res.body.status === 'completed',
        )
      ).body;
    const old = await finished(before);
    const current = await finished(after);
    expect(old).toMatchObject({ agent_version: 1, output: { qualified: false, score: 50 } });
    expect(current).toMatchObject({ agent_version: 2, output: { qualified: true, score: 50 } });

    const retry = await api().post(`/v2/executions/${before}/retry`).set(bearer(key)).expect(202);
    expect(retry.body.agent_version).toBe(2);
    const retried = await finished(retry.body.id);
    expect(retried).toMatchObject({ agent_version: 2, output: { qualified: true } });
  });
});

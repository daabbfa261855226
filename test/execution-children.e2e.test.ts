import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestService, type TestService } from './support/service';
import { waitFor } from './support/wait';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;

/**
 * `parent_execution_id=` on the executions lists (docs/api.md, Trigger and executions): the
 * children of one execution only, newest first, paged by a cursor that keeps the filter, on the
 * account's list and on an agent's; another account sees none, and a bad id is 400.
 */
describe('listing an execution’s children', () => {
  let t: TestService;
  let key: string;
  let otherKey: string;
  let child: string;
  let other: string;
  let parentId: string;
  let loneId: string;
  let childIds: string[];

  const api = () => t.api();
  const create = async (body: Json): Promise<string> => {
    const response = await api().post('/v2/agents').set(bearer(key)).send(body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as string;
  };
  const run = async (agentId: string, input: Json = {}): Promise<Json> => {
    const response = await api()
      .post(`/v2/agents/${agentId}/trigger`)
      .set(bearer(key))
      .send({ input, options: { async: true } })
      .expect(202);
    const id = response.body.execution_id as string;
    return waitFor(
      async () => (await api().get(`/v2/executions/${id}`).set(bearer(key)).expect(200)).body,
      (body: Json) => ['completed', 'failed'].includes(body.status),
      20_000,
      25,
    );
  };
  const list = (path: string, as = key) => api().get(path).set(bearer(as));

  beforeAll(async () => {
    t = await startTestService({ WORKER_POLL_MS: '50' });
    key = (await t.seedAccount()).key;
    otherKey = (await t.seedAccount()).key;
    child = await create({
      name: 'child',
      kind: 'workflow',
      config: { steps: [{ id: 'echo', type: 'transform', value: { n: '{% $input.n %}' } }] },
    });
    other = await create({
      name: 'other child',
      kind: 'workflow',
      config: { steps: [{ id: 'echo', type: 'transform', value: { other: true } }] },
    });
    const parent = await create({
      name: 'parent',
      kind: 'workflow',
      config: {
        steps: [
          { id: 'one', type: 'agent', agent_id: child, input: { n: 1 } },
          { id: 'two', type: 'agent', agent_id: child, input: { n: 2 } },
          { id: 'three', type: 'agent', agent_id: other },
        ],
      },
    });
    const done = await run(parent);
    expect(done.status).toBe('completed');
    parentId = done.id as string;
    childIds = (done.steps as Json[]).map((step) => step.child_execution_id as string);
    expect(childIds.every((id) => /^exe_/.test(id))).toBe(true);
    // Executions that are no children of it: another run of the child, and the parent itself.
    loneId = (await run(child, { n: 9 })).id as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists only the children of the execution, newest first, with their parent and root', async () => {
    const response = await list(`/v2/executions?parent_execution_id=${parentId}`).expect(200);
    const ids = (response.body.data as Json[]).map((item) => item.id);
    expect(ids).toEqual([...childIds].reverse());
    expect(ids).not.toContain(loneId);
    expect(response.body.data[0]).toMatchObject({
      agent_id: other,
      source: 'agent',
      parent_execution_id: parentId,
      root_execution_id: parentId,
      status: 'completed',
    });
    expect(response.body.meta).toEqual({ limit: 20, has_more: false, next_cursor: null });
  });

  it('pages with a cursor that keeps the filter; another parent with it is 400 at cursor', async () => {
    const first = await list(`/v2/executions?parent_execution_id=${parentId}&limit=2`).expect(200);
    expect(first.body.data.map((item: Json) => item.id)).toEqual([childIds[2], childIds[1]]);
    expect(first.body.meta.has_more).toBe(true);
    const cursor = encodeURIComponent(first.body.meta.next_cursor as string);
    const second = await list(`/v2/executions?cursor=${cursor}`).expect(200);
    expect(second.body.data.map((item: Json) => item.id)).toEqual([childIds[0]]);
    expect(second.body.meta.has_more).toBe(false);
    const same = await list(`/v2/executions?parent_execution_id=${parentId}&cursor=${cursor}`);
    expect(same.status).toBe(200);
    const mixed = await list(`/v2/executions?parent_execution_id=${loneId}&cursor=${cursor}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.error).toMatchObject({ code: 'invalid_request', field: 'cursor' });
  });

  it("an agent's list with it holds that agent's children; other filters still apply", async () => {
    const mine = await list(`/v2/agents/${child}/executions?parent_execution_id=${parentId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((item: Json) => item.id)).toEqual([childIds[1], childIds[0]]);
    const theirs = await list(`/v2/agents/${other}/executions?parent_execution_id=${parentId}`);
    expect(theirs.body.data.map((item: Json) => item.id)).toEqual([childIds[2]]);
    const failed = await list(
      `/v2/executions?parent_execution_id=${parentId}&status=failed,cancelled`,
    ).expect(200);
    expect(failed.body.data).toEqual([]);
    const done = await list(`/v2/executions?parent_execution_id=${parentId}&status=completed`);
    expect(done.body.data).toHaveLength(3);
  });

  it('another account sees no children; an execution without any has none; a bad id is 400', async () => {
    const stranger = await list(`/v2/executions?parent_execution_id=${parentId}`, otherKey);
    expect(stranger.status).toBe(200);
    expect(stranger.body.data).toEqual([]);
    const none = await list(`/v2/executions?parent_execution_id=${loneId}`).expect(200);
    expect(none.body.data).toEqual([]);
    for (const bad of ['agt_01jd8z6q8r0s2t4u6v8w0x2y4z', 'exe_NOPE', "exe_1' OR 1=1"]) {
      const response = await list(`/v2/executions?parent_execution_id=${encodeURIComponent(bad)}`);
      expect(response.status, bad).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'invalid_request',
        field: 'parent_execution_id',
      });
    }
  });
});

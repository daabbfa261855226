import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from './support/http-server';
import { bearer, startTestService, type TestService } from './support/service';
import { waitFor } from './support/wait';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;

/**
 * `GET /v2/agents/:id/flow/keys` (docs/api.md, Flow control): the running and queued
 * executions per key of an agent's flow control, while a target that answers only when told
 * keeps the runs running; bounded by `limit`, most queued first, and another account's agent
 * is 404.
 */
describe('flow control keys', () => {
  let t: TestService;
  let key: string;
  let strangerKey: string;
  let target: LocalServer;
  /** The requests the target has not answered yet. */
  const pending: ServerResponse[] = [];
  const answerAll = () => {
    for (const res of pending.splice(0)) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    }
  };

  beforeAll(async () => {
    target = await startLocalServer((_req, res) => pending.push(res));
    t = await startTestService({ OUTBOUND_ALLOW_PRIVATE: 'true', WORKER_POLL_MS: '100' });
    key = (await t.seedAccount()).key;
    strangerKey = (await t.seedAccount()).key;
  });
  afterAll(async () => {
    answerAll();
    await t?.close();
    await target?.close();
  });

  const api = () => t.api();
  const createAgent = async (flow: Json | undefined): Promise<Json> =>
    (
      await api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({
          name: 'Keyed target',
          kind: 'http-request',
          config: { url: `${target.url}/keyed` },
          ...(flow === undefined ? {} : { flow }),
        })
        .expect(201)
    ).body as Json;
  const trigger = async (agentId: string, input: Json) =>
    (
      await api()
        .post(`/v2/agents/${agentId}/trigger`)
        .set(bearer(key))
        .send({ input, options: { async: true } })
        .expect(202)
    ).body as Json;
  const keys = async (agentId: string, query = '') =>
    (await api().get(`/v2/agents/${agentId}/flow/keys${query}`).set(bearer(key)).expect(200))
      .body as Json;

  it('per key: one running, the others queued and held; most queued first; bounded', async () => {
    const agent = await createAgent({ concurrency: { limit: 1, key: '{% $input.customer %}' } });
    expect(await keys(agent.id)).toEqual({ data: [], meta: { total: 0, limit: 20 } });
    const ids: string[] = [];
    for (let n = 0; n < 4; n++)
      ids.push((await trigger(agent.id, { customer: 'a', n })).execution_id);
    for (let n = 0; n < 2; n++)
      ids.push((await trigger(agent.id, { customer: 'b', n })).execution_id);
    await trigger(agent.id, { n: 99 }); // no customer: the null key

    // One request per key reaches the target and stays there: those runs are running.
    await waitFor(
      () => Promise.resolve(pending.length),
      (n) => n === 3,
      20_000,
      50,
      'Three in flight',
    );
    const all = await waitFor(
      () => keys(agent.id),
      (body) => (body.data as Json[]).every((item) => item.running === 1),
      10_000,
      50,
      'Every key running',
    );
    expect(all).toEqual({
      data: [
        { key: '"a"', running: 1, queued: 3, held: 3 },
        { key: '"b"', running: 1, queued: 1, held: 1 },
        { key: 'null', running: 1, queued: 0, held: 0 },
      ],
      meta: { total: 3, limit: 20 },
    });
    // The held ones say so on their records, and are shown queued.
    const held = await api().get(`/v2/executions/${ids[3]}`).set(bearer(key)).expect(200);
    expect(held.body).toMatchObject({ status: 'queued', held: 'concurrency' });

    expect(await keys(agent.id, '?limit=1')).toEqual({
      data: [{ key: '"a"', running: 1, queued: 3, held: 3 }],
      meta: { total: 3, limit: 1 },
    });
    for (const bad of ['0', '101', 'x', '1.5']) {
      const res = await api()
        .get(`/v2/agents/${agent.id}/flow/keys?limit=${bad}`)
        .set(bearer(key))
        .expect(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'limit' });
    }

    // Another account's agent, an unknown one: 404.
    const stranger = await api()
      .get(`/v2/agents/${agent.id}/flow/keys`)
      .set(bearer(strangerKey))
      .expect(404);
    expect(stranger.body.error.code).toBe('not_found');
    await api().get('/v2/agents/agt_unknown/flow/keys').set(bearer(key)).expect(404);

    // Answered one by one, the keys drain; then nothing is listed.
    await waitFor(
      async () => {
        answerAll();
        return keys(agent.id);
      },
      (body) => body.data.length === 0,
      30_000,
      100,
      'Every key drained',
    );
  });

  it('an agent without flow lists no keys', async () => {
    const agent = await createAgent(undefined);
    await trigger(agent.id, { customer: 'a' });
    await waitFor(
      () => Promise.resolve(pending.length),
      (n) => n === 1,
      20_000,
      50,
      'In flight',
    );
    expect(await keys(agent.id)).toEqual({ data: [], meta: { total: 0, limit: 20 } });
    answerAll();
  });
});

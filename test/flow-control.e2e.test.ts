import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { In } from 'typeorm';
import { Execution } from '../src/executions/execution.entity';
import { bearer, startTestService, type TestService } from './support/service';
import { startFlightReceiver } from './support/flow';
import { waitFor } from './support/wait';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;

/**
 * Flow control over HTTP (docs/api.md, Flow control): the agent's `flow` field and its
 * errors, concurrency per key measured at the target (a receiver counting the requests in
 * flight per key), throttle windows, held executions shown as `queued` with `held`, the
 * synchronous trigger's 202, and the debounce of webhooks and triggers.
 */
describe('flow control', () => {
  let t: TestService;
  let key: string;
  let receiver: Awaited<ReturnType<typeof startFlightReceiver>>;

  beforeAll(async () => {
    receiver = await startFlightReceiver(150);
    t = await startTestService({ OUTBOUND_ALLOW_PRIVATE: 'true', WORKER_POLL_MS: '100' });
    key = (await t.seedAccount()).key;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const api = () => t.api();
  const createAgent = async (flow: Json | undefined, name = 'Flow target'): Promise<Json> =>
    (
      await api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({
          name,
          kind: 'http-request',
          config: { url: `${receiver.url}/${name.replace(/\W/g, '-')}` },
          ...(flow === undefined ? {} : { flow }),
        })
        .expect(201)
    ).body as Json;
  const trigger = async (agentId: string, input: Json, async = true) =>
    (
      await api()
        .post(`/v2/agents/${agentId}/trigger`)
        .set(bearer(key))
        .send({ input, options: { async } })
        .expect(202)
    ).body as Json;
  const record = async (id: string): Promise<Json> =>
    (await api().get(`/v2/executions/${id}`).set(bearer(key)).expect(200)).body as Json;
  const allDone = (ids: string[], ms = 20_000) =>
    waitFor(
      () => Promise.all(ids.map(record)),
      (records) => records.every((r) => r.status === 'completed'),
      ms,
      50,
      'All completed',
    );

  it('flow is on the detail record, set on create and PATCH, removed with null', async () => {
    const agent = await createAgent({ concurrency: { limit: 2 } });
    expect(agent.flow).toEqual({ concurrency: { limit: 2 } });
    const plain = await createAgent(undefined);
    expect(plain.flow).toBeNull();
    const patched = await api()
      .patch(`/v2/agents/${agent.id}`)
      .set(bearer(key))
      .send({
        flow: {
          concurrency: { limit: 3, key: '{% $input.customer %}' },
          throttle: { limit: 10, period_ms: 60_000 },
          debounce: { period_ms: 500, max_wait_ms: 2000 },
        },
      })
      .expect(200);
    expect(patched.body.flow).toEqual({
      concurrency: { limit: 3, key: '{% $input.customer %}' },
      throttle: { limit: 10, period_ms: 60_000 },
      debounce: { period_ms: 500, max_wait_ms: 2000 },
    });
    expect(patched.body.version).toBe(1); // not a config change
    const removed = await api()
      .patch(`/v2/agents/${agent.id}`)
      .set(bearer(key))
      .send({ flow: null })
      .expect(200);
    expect(removed.body.flow).toBeNull();
    expect((await api().get(`/v2/agents/${agent.id}`).set(bearer(key))).body.flow).toBeNull();
  });

  it.each([
    [{ concurrency: { limit: 0 } }, 'flow.concurrency.limit'],
    [{ concurrency: { limit: 1001 } }, 'flow.concurrency.limit'],
    [{ concurrency: { limit: 1.5 } }, 'flow.concurrency.limit'],
    [{ concurrency: {} }, 'flow.concurrency.limit'],
    [{ concurrency: { limit: 1, keys: 'x' } }, 'flow.concurrency.keys'],
    [{ concurrency: { limit: 1, key: '{% $input.( %}' } }, 'flow.concurrency.key'],
    [{ throttle: { limit: 10_001, period_ms: 1000 } }, 'flow.throttle.limit'],
    [{ throttle: { limit: 1, period_ms: 999 } }, 'flow.throttle.period_ms'],
    [{ throttle: { limit: 1, period_ms: 86_400_001 } }, 'flow.throttle.period_ms'],
    [{ debounce: { period_ms: 99 } }, 'flow.debounce.period_ms'],
    [{ debounce: { period_ms: 3_600_001 } }, 'flow.debounce.period_ms'],
    [{ debounce: { period_ms: 1000, max_wait_ms: 99 } }, 'flow.debounce.max_wait_ms'],
    [{ priority: 1 }, 'flow.priority'],
    [{ concurrency: 3 }, 'flow.concurrency'],
    [[1], 'flow'],
    ['x', 'flow'],
  ])('flow %j: 400 at %s, on create and PATCH', async (flow, field) => {
    const created = await api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({ name: 'Bad flow', kind: 'http-request', config: { url: receiver.url }, flow })
      .expect(400);
    expect(created.body.error).toMatchObject({ code: 'invalid_request', field });
    const agent = await createAgent(undefined, 'Bad flow patch');
    const patched = await api()
      .patch(`/v2/agents/${agent.id}`)
      .set(bearer(key))
      .send({ flow })
      .expect(400);
    expect(patched.body.error).toMatchObject({ code: 'invalid_request', field });
  });

  it('concurrency per key: one run per customer at the target; a flood on one key delays it only', async () => {
    const agent = await createAgent(
      { concurrency: { limit: 1, key: '{% $input.customer %}' } },
      'per-customer',
    );
    const flood = [];
    for (let n = 0; n < 6; n++) flood.push(await trigger(agent.id, { customer: 'a', n }));
    const other = await trigger(agent.id, { customer: 'b', n: 100 });
    // Held ones are queued, and say why.
    const held = await record(flood[5].execution_id);
    expect(held.status).toBe('queued');
    expect(held.held).toBe('concurrency');
    await allDone([...flood.map((r) => r.execution_id), other.execution_id]);
    expect(receiver.most.get('a')).toBe(1);
    expect(receiver.most.get('b')).toBe(1);
    const a = receiver.flights.filter((f) => f.key === 'a');
    // In creation order within the key.
    expect(a.map((f) => f.n)).toEqual([0, 1, 2, 3, 4, 5]);
    // The other key did not wait for the flood.
    const b = receiver.flights.find((f) => f.key === 'b')!;
    expect(b.startedAt).toBeLessThan(a[2].startedAt);
    const done = await record(other.execution_id);
    expect(done.held).toBeNull();
  });

  it('a synchronous trigger of a held run answers 202 queued at once', async () => {
    const agent = await createAgent({ concurrency: { limit: 1 } }, 'sync-held');
    const first = await trigger(agent.id, { customer: 's', n: 1 });
    const second = await trigger(agent.id, { customer: 's', n: 2 }, false);
    expect(second.status).toBe('queued');
    await allDone([first.execution_id, second.execution_id]);
  });

  it('a throttle starts at most limit runs in any period', async () => {
    const agent = await createAgent({ throttle: { limit: 2, period_ms: 1000 } }, 'throttled');
    const ids = [];
    for (let n = 0; n < 5; n++) ids.push((await trigger(agent.id, { n })).execution_id);
    await allDone(ids);
    // The gate's releases (each execution queues from its release): the third a full period
    // after the first.
    const released = await t.service.dataSource.getRepository(Execution).findBy({ id: In(ids) });
    const releases = released.map((row) => row.queuedAt!.getTime()).sort((a, b) => a - b);
    expect(releases).toHaveLength(5);
    for (let i = 2; i < releases.length; i++) {
      expect(releases[i] - releases[i - 2]).toBeGreaterThanOrEqual(1000);
    }
    const starts = receiver.flights
      .filter((f) => f.key === 'null' && f.n !== null && f.n < 5)
      .slice(-5)
      .map((f) => f.startedAt);
    for (let i = 2; i < starts.length; i++) {
      // At the target, a period less what a claim and the request take after a release.
      expect(starts[i] - starts[i - 2]).toBeGreaterThanOrEqual(900);
    }
  });

  it('list with status=queued includes held executions; cancelling a held one frees its turn', async () => {
    const agent = await createAgent({ concurrency: { limit: 1 } }, 'cancel-held');
    const first = await trigger(agent.id, { n: 1 });
    const second = await trigger(agent.id, { n: 2 });
    const third = await trigger(agent.id, { n: 3 });
    const listed = await api()
      .get(`/v2/agents/${agent.id}/executions?status=queued`)
      .set(bearer(key))
      .expect(200);
    const queuedIds = (listed.body.data as Json[]).map((item) => item.id);
    expect(queuedIds).toContain(third.execution_id);
    await api().post(`/v2/executions/${second.execution_id}/cancel`).set(bearer(key)).expect(200);
    await allDone([first.execution_id, third.execution_id]);
    expect((await record(second.execution_id)).status).toBe('cancelled');
  });

  it('debounce: repeated webhooks share one execution, which runs once with the last input', async () => {
    const agent = await createAgent(
      { debounce: { period_ms: 400, key: '{% $input.customer %}' } },
      'debounced',
    );
    const webhookPath = new URL(agent.webhook_url).pathname;
    const ids: string[] = [];
    for (let n = 1; n <= 4; n++) {
      const answer = await t.webhook().post(webhookPath).send({ customer: 'd', n }).expect(202);
      ids.push(answer.body.executionId);
    }
    expect(new Set(ids).size).toBe(1);
    // Another key gets its own.
    const other = await t.webhook().post(webhookPath).send({ customer: 'e', n: 9 }).expect(202);
    expect(other.body.executionId).not.toBe(ids[0]);
    const pending = await record(ids[0]);
    expect(pending).toMatchObject({ status: 'queued', held: 'debounce', input: { n: 4 } });
    // A trigger through the API is debounced too, and answers the same id.
    const viaApi = await trigger(agent.id, { customer: 'd', n: 5 });
    expect(viaApi.execution_id).toBe(ids[0]);
    await allDone([ids[0], other.body.executionId]);
    const runs = receiver.flights.filter((f) => f.key === 'd');
    expect(runs.map((f) => f.n)).toEqual([5]);
  });

  it('a waiting run holds no slot; once awake it takes its turn again', async () => {
    const agent = await api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({
        name: 'Waits',
        kind: 'workflow',
        config: {
          steps: [
            {
              id: 'a',
              type: 'http',
              url: `${receiver.url}/w`,
              body: { customer: 'w', n: '{% $input.n * 10 %}' },
            },
            { id: 'pause', type: 'wait', duration_ms: 600 },
            {
              id: 'b',
              type: 'http',
              url: `${receiver.url}/w`,
              body: { customer: 'w', n: '{% $input.n * 10 + 1 %}' },
            },
          ],
        },
        flow: { concurrency: { limit: 1 } },
      })
      .expect(201);
    const first = await trigger(agent.body.id, { n: 1 });
    const second = await trigger(agent.body.id, { n: 2 });
    await allDone([first.execution_id, second.execution_id]);
    const order = receiver.flights.filter((f) => f.key === 'w').map((f) => f.n);
    // The second started while the first waited; one run at a time at the target.
    expect(order.indexOf(20)).toBeLessThan(order.indexOf(11));
    expect(receiver.most.get('w')).toBe(1);
  });

  it('debounce max_wait_ms: a steady stream still starts the run', async () => {
    const agent = await createAgent(
      { debounce: { period_ms: 300, max_wait_ms: 900 } },
      'debounce-max-wait',
    );
    const started = Date.now();
    const first = await trigger(agent.id, { n: 0 });
    // Triggers every 100 ms for 1.5 s: the quiet period never comes.
    let n = 1;
    let id = first.execution_id;
    while (Date.now() - started < 1500) {
      const answer = await trigger(agent.id, { n: n++ });
      if (answer.execution_id !== id) break;
      id = answer.execution_id;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const done = await allDone([first.execution_id]);
    const startedAt = Date.parse(done[0].started_at);
    expect(startedAt - Date.parse(done[0].created_at)).toBeLessThan(1500);
  });
});

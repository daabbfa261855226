import { verify as verifyGithubSignature } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebhookEndpoint } from '../src/webhooks/outbound/webhook-endpoint.entity';
import { CallbackDelivery } from '../src/webhooks/outbound/callback-delivery.entity';
import { seedAgent } from './support/agents';
import { Receiver, type ReceivedRequest } from './support/receiver';
import { bearer, startTestService, type TestService } from './support/service';
import { eventually } from './support/wait';

/** What a receiver got, parsed; the event type first. */
const events = (hook: Receiver) =>
  hook.requests.map((request) => ({ ...JSON.parse(request.body), request }) as Received);

interface Received {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
  request: ReceivedRequest;
}

/** Checks both signatures of a request with the providers' own verifiers. */
async function expectSigned(request: ReceivedRequest, secret: string): Promise<void> {
  const headers = request.headers as Record<string, string>;
  expect(new Webhook(secret).verify(request.body, headers)).toEqual(JSON.parse(request.body));
  expect(await verifyGithubSignature(secret, request.body, headers['x-signature'])).toBe(true);
  expect(() =>
    new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(request.body, headers),
  ).toThrow();
}

describe('webhook endpoints: execution events delivered, signed, retried', () => {
  let t: TestService;
  let key: string;
  const receivers: Receiver[] = [];
  const receiver = async (...args: Parameters<typeof Receiver.start>) => {
    const started = await Receiver.start(...args);
    receivers.push(started);
    return started;
  };
  const endpoint = async (url: string, types: string[], apiKey = key) =>
    (
      await t
        .api()
        .post('/v2/webhook-endpoints')
        .set(bearer(apiKey))
        .send({ url, events: types })
        .expect(201)
    ).body as { id: string; secret: string };
  const trigger = async (agentId: string, input: object, apiKey = key) =>
    (
      await t
        .api()
        .post(`/v2/agents/${agentId}/trigger`)
        .set(bearer(apiKey))
        .send({ input, options: { async: true } })
        .expect(202)
    ).body.execution_id as string;

  beforeAll(async () => {
    t = await startTestService({ CALLBACK_RETRY_BASE_MS: '20', WORKER_POLL_MS: '50' });
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  afterAll(async () => t?.close());

  it('sends execution.queued, .started and .completed, signed, with the execution as the API shows it', async () => {
    ({ key } = await t.seedAccount());
    const agent = await seedAgent(t, key);
    const hook = await receiver();
    const { secret } = await endpoint(hook.url('/all'), ['*']);
    const id = await trigger(agent.id, { email: 'ada@acme.io', company: 'Acme' });

    const got = await eventually(
      () => events(hook).filter((e) => e.data.id === id).length >= 3 && events(hook),
    );
    const types = got.filter((e) => e.data.id === id).map((e) => e.type);
    expect(new Set(types)).toEqual(
      new Set(['execution.queued', 'execution.started', 'execution.completed']),
    );
    const api = (await t.api().get(`/v2/executions/${id}`).set(bearer(key)).expect(200)).body;
    for (const event of got) {
      expect(event.id).toMatch(/^evt_[0-9a-z]{26}$/);
      expect(event.request.headers['webhook-id']).toBe(event.id);
      expect(event.request.headers['x-webhook-id']).toBe(event.id);
      expect(event.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Object.keys(event).sort()).toEqual(['created_at', 'data', 'id', 'request', 'type']);
      await expectSigned(event.request, secret);
    }
    const completed = got.find((e) => e.type === 'execution.completed')!;
    const { logs: _logs, ...withoutLogs } = api;
    expect(completed.data).toEqual(withoutLogs);
    expect(got.find((e) => e.type === 'execution.queued')!.data).toMatchObject({
      id,
      status: 'queued',
      started_at: null,
    });
    expect(got.find((e) => e.type === 'execution.started')!.data).toMatchObject({
      id,
      status: 'running',
      output: null,
    });
  });

  it('a synchronous run of a pure agent, stored once finished, still sends queued, started and completed', async () => {
    ({ key } = await t.seedAccount());
    const agent = await seedAgent(t, key);
    const hook = await receiver();
    await endpoint(hook.url('/sync'), ['*']);
    const res = await t
      .api()
      .post(`/v2/agents/${agent.id}/trigger`)
      .set(bearer(key))
      .send({ input: { email: 'ada@acme.io' } })
      .expect(200);
    const id = res.body.execution_id as string;

    const got = await eventually(() => {
      const mine = events(hook).filter((e) => e.data.id === id);
      return mine.length >= 3 && mine;
    });
    const byType = new Map(got.map((event) => [event.type, event.data]));
    expect([...byType.keys()].sort()).toEqual([
      'execution.completed',
      'execution.queued',
      'execution.started',
    ]);
    const api = (await t.api().get(`/v2/executions/${id}`).set(bearer(key)).expect(200)).body;
    const { logs: _logs, ...withoutLogs } = api;
    expect(byType.get('execution.completed')).toEqual(withoutLogs);
    // Each as the execution was in that state, though all three were written in one commit.
    expect(byType.get('execution.queued')).toMatchObject({
      status: 'queued',
      started_at: null,
      output: null,
    });
    expect(byType.get('execution.started')).toMatchObject({
      status: 'running',
      started_at: api.started_at,
      completed_at: null,
      output: null,
    });
  });

  it("a workflow execution's events carry its steps and usage, as the API shows them", async () => {
    ({ key } = await t.seedAccount());
    const agent = (
      await t
        .api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({
          name: 'Flow',
          kind: 'workflow',
          config: {
            steps: [
              { id: 'greet', type: 'transform', value: "{% 'Hi ' & $input.name %}" },
              { id: 'shout', type: 'transform', value: '{% $uppercase($steps.greet) %}' },
            ],
          },
        })
        .expect(201)
    ).body as { id: string };
    const hook = await receiver();
    await endpoint(hook.url('/flow'), ['execution.queued', 'execution.completed']);
    const id = await trigger(agent.id, { name: 'Ada' });
    const got = await eventually(
      () => events(hook).filter((e) => e.data.id === id).length >= 2 && events(hook),
    );
    const api = (await t.api().get(`/v2/executions/${id}`).set(bearer(key)).expect(200)).body;
    const { logs: _logs, ...withoutLogs } = api;
    const completed = got.find((e) => e.type === 'execution.completed')!;
    expect(completed.data).toEqual(withoutLogs);
    expect((completed.data.steps as { id: string }[]).map((step) => step.id)).toEqual([
      'greet',
      'shout',
    ]);
    expect(got.find((e) => e.type === 'execution.queued')!.data).toMatchObject({
      steps: [],
      usage: null,
    });
  });

  it('sends execution.waiting when a run starts waiting, with what it waits for; the end follows', async () => {
    ({ key } = await t.seedAccount());
    const agent = (
      await t
        .api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({
          name: 'Pause',
          kind: 'workflow',
          config: {
            steps: [
              { id: 'first', type: 'transform', value: 1 },
              { id: 'hold', type: 'wait', duration_ms: 400 },
              { id: 'last', type: 'transform', value: 2 },
            ],
          },
        })
        .expect(201)
    ).body as { id: string };
    const hook = await receiver();
    const { secret } = await endpoint(hook.url('/waiting'), [
      'execution.waiting',
      'execution.completed',
    ]);
    const others = await receiver();
    await endpoint(others.url('/others'), ['execution.completed']);
    const id = await trigger(agent.id, {});

    const got = await eventually(() => {
      const mine = events(hook).filter((e) => e.data.id === id);
      return mine.length >= 2 && mine;
    });
    expect(got.map((e) => e.type)).toEqual(['execution.waiting', 'execution.completed']);
    const [waiting, completed] = got;
    await expectSigned(waiting.request, secret);
    expect(waiting.data).toMatchObject({ id, status: 'waiting', output: null, completed_at: null });
    const until = (waiting.data.waiting as { until: string }).until;
    expect(waiting.data.waiting).toEqual({ step: 'hold', until });
    expect(
      Date.parse(until) - Date.parse(waiting.data.started_at as string),
    ).toBeGreaterThanOrEqual(400);
    expect(
      (waiting.data.steps as { id: string; status: string }[]).map((s) => [s.id, s.status]),
    ).toEqual([
      ['first', 'completed'],
      ['hold', 'waiting'],
    ]);
    expect(completed.data).toMatchObject({ status: 'completed', waiting: null });
    expect(Date.parse(completed.data.completed_at as string)).toBeGreaterThanOrEqual(
      Date.parse(until),
    );
    // An endpoint that subscribes to the end only gets the end.
    const theirs = await eventually(() => {
      const mine = events(others).filter((e) => e.data.id === id);
      return mine.length >= 1 && mine;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      events(others)
        .filter((e) => e.data.id === id)
        .map((e) => e.type),
    ).toEqual(['execution.completed']);
    expect(theirs[0].data).toEqual(completed.data);
  });

  it('sends execution.failed and execution.cancelled; an endpoint gets only what it subscribes to', async () => {
    ({ key } = await t.seedAccount());
    const agent = await seedAgent(t, key);
    const all = await receiver();
    const failedOnly = await receiver();
    // Subscribed by the deprecated spelling only, by both spellings, and to everything.
    const oldName = await receiver();
    const bothNames = await receiver();
    const everything = await receiver();
    await endpoint(all.url(), ['execution.failed', 'execution.cancelled']);
    await endpoint(failedOnly.url(), ['execution.failed']);
    const old = await endpoint(oldName.url(), ['execution.canceled']);
    await endpoint(bothNames.url(), ['execution.canceled', 'execution.cancelled']);
    await endpoint(everything.url(), ['*']);
    const stored = await t
      .api()
      .get(`/v2/webhook-endpoints/${old.id}`)
      .set(bearer(key))
      .expect(200);
    expect(stored.body.events).toEqual(['execution.canceled']);

    const failed = await trigger(agent.id, { name: 'no email' });
    // A run that waits on a receiver that never answers, cancelled while it runs.
    const hang = await receiver(() => 'hang');
    const slow = (
      await t
        .api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({ name: 'slow', kind: 'http-request', config: { url: hang.url() } })
        .expect(201)
    ).body.id as string;
    const cancelled = await trigger(slow, { n: 1 });
    await eventually(() => hang.requests.length === 1);
    await t.api().post(`/v2/executions/${cancelled}/cancel`).set(bearer(key)).expect(200);

    await eventually(() => all.requests.length >= 2);
    expect(
      events(all)
        .map((e) => [e.type, e.data.id])
        .sort(),
    ).toEqual(
      [
        ['execution.cancelled', cancelled],
        ['execution.failed', failed],
      ].sort(),
    );
    const current = events(all).find((e) => e.type === 'execution.cancelled')!;
    expect(current.data.status).toBe('cancelled');
    await eventually(() => failedOnly.requests.length >= 1);
    await eventually(() => oldName.requests.length >= 1);
    await eventually(() => bothNames.requests.length >= 1);
    const cancelledOf = (hook: Receiver) =>
      events(hook).filter((e) => e.data.id === cancelled && e.data.status === 'cancelled');
    await eventually(() => cancelledOf(everything).length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events(failedOnly).map((e) => e.type)).toEqual(['execution.failed']);
    expect(events(failedOnly)[0].id).toBe(
      events(all).find((e) => e.type === 'execution.failed')!.id,
    );
    // The old name's subscriber gets the same event under the name it subscribed to.
    expect(events(oldName).map((e) => [e.type, e.id])).toEqual([
      ['execution.canceled', current.id],
    ]);
    expect(events(oldName)[0].data).toEqual(current.data);
    // Both names, or `*`: once, under the current name.
    expect(events(bothNames).map((e) => e.type)).toEqual(['execution.cancelled']);
    expect(cancelledOf(everything).map((e) => e.type)).toEqual(['execution.cancelled']);
    // The delivery log names the type as sent.
    const log = await t
      .api()
      .get(`/v2/webhook-endpoints/${old.id}/deliveries`)
      .set(bearer(key))
      .expect(200);
    expect(log.body.data.map((d: { event: string }) => d.event)).toEqual(['execution.canceled']);
  });

  it('retries a failed attempt with the same event id and body; the log shows every attempt', async () => {
    ({ key } = await t.seedAccount());
    const agent = await seedAgent(t, key);
    const hook = await receiver((n) => (n === 0 ? 503 : 200));
    const { id: endpointId } = await endpoint(hook.url(), ['execution.completed']);
    await trigger(agent.id, { email: 'ada@acme.io' });
    await eventually(() => hook.requests.length === 2);
    const [first, second] = hook.requests;
    expect(second.body).toBe(first.body);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);

    const log = await eventually(async () => {
      const res = await t
        .api()
        .get(`/v2/webhook-endpoints/${endpointId}/deliveries`)
        .set(bearer(key))
        .expect(200);
      return res.body.data[0]?.status === 'delivered' && res.body;
    });
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({
      id: expect.stringMatching(/^dlv_/),
      event_id: JSON.parse(first.body).id,
      event: 'execution.completed',
      status: 'delivered',
      next_attempt_at: null,
    });
    expect(log.data[0].attempts).toEqual([
      expect.objectContaining({
        attempt: 2,
        status_code: 200,
        error: null,
        response_excerpt: 'ack',
      }),
      expect.objectContaining({
        attempt: 1,
        status_code: 503,
        error: 'http_error',
        response_excerpt: 'ack',
      }),
    ]);
    expect(log.data[0].attempts[0].duration_ms).toEqual(expect.any(Number));
    expect(log.meta).toEqual({ limit: 20, has_more: false, next_cursor: null });

    // Redelivered: a new delivery of the same event.
    const again = await t
      .api()
      .post(`/v2/webhook-endpoints/${endpointId}/deliveries/${log.data[0].id}/redeliver`)
      .set(bearer(key))
      .expect(202);
    expect(again.body).toMatchObject({ event_id: log.data[0].event_id, status: 'pending' });
    expect(again.body.id).not.toBe(log.data[0].id);
    await eventually(() => hook.requests.length === 3);
    expect(JSON.parse(hook.requests[2].body)).toEqual(JSON.parse(first.body));
    await t
      .api()
      .post(
        `/v2/webhook-endpoints/${endpointId}/deliveries/dlv_01jd8z0a2b4c6d8e0f2g4h6j8k/redeliver`,
      )
      .set(bearer(key))
      .expect(404);
  });

  it('ping: POST /test sends a signed ping whatever the endpoint subscribes to', async () => {
    ({ key } = await t.seedAccount());
    const hook = await receiver();
    const { id, secret } = await endpoint(hook.url(), ['agent.deleted']);
    const res = await t.api().post(`/v2/webhook-endpoints/${id}/test`).set(bearer(key)).expect(202);
    expect(res.body).toMatchObject({ event: 'ping', status: 'pending', attempts: [] });
    await eventually(() => hook.requests.length === 1);
    const [ping] = events(hook);
    expect(ping).toMatchObject({
      type: 'ping',
      id: res.body.event_id,
      data: { id, url: hook.url() },
    });
    expect(ping.data).not.toHaveProperty('secret');
    await expectSigned(ping.request, secret);
  });

  it('after a rotation both secrets sign (two v1 signatures) until the overlap ends', async () => {
    ({ key } = await t.seedAccount());
    const hook = await receiver();
    const { id, secret: old } = await endpoint(hook.url(), ['*']);
    const rotated = await t
      .api()
      .post(`/v2/webhook-endpoints/${id}/secret/rotate`)
      .set(bearer(key))
      .expect(200);
    await t.api().post(`/v2/webhook-endpoints/${id}/test`).set(bearer(key)).expect(202);
    await eventually(() => hook.requests.length === 1);
    const [request] = hook.requests;
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    const headers = request.headers as Record<string, string>;
    expect(new Webhook(old).verify(request.body, headers)).toBeTruthy();
    expect(new Webhook(rotated.body.secret).verify(request.body, headers)).toBeTruthy();
    // Svix's own library verifies with either secret too.
    expect(new SvixWebhook(old).verify(request.body, headers)).toBeTruthy();
    expect(new SvixWebhook(rotated.body.secret).verify(request.body, headers)).toBeTruthy();
    expect(
      await verifyGithubSignature(rotated.body.secret, request.body, headers['x-signature']),
    ).toBe(true);
  });

  it('a disabled endpoint gets nothing; an account without endpoints writes no event rows', async () => {
    ({ key } = await t.seedAccount());
    const { key: quiet, accountId: quietAccount } = await t.seedAccount();
    const agent = await seedAgent(t, key);
    const quietAgent = await seedAgent(t, quiet);
    const hook = await receiver();
    const { id } = await endpoint(hook.url(), ['*']);
    await t
      .api()
      .patch(`/v2/webhook-endpoints/${id}`)
      .set(bearer(key))
      .send({ enabled: false })
      .expect(200);
    const disabledRun = await trigger(agent.id, { email: 'ada@acme.io' });
    const quietRun = await trigger(quietAgent.id, { email: 'ada@acme.io' }, quiet);
    for (const [run, apiKey] of [
      [disabledRun, key],
      [quietRun, quiet],
    ]) {
      await eventually(async () => {
        const res = await t.api().get(`/v2/executions/${run}`).set(bearer(apiKey));
        return res.body.status === 'completed';
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hook.requests).toHaveLength(0);
    const rows = t.service.dataSource.getRepository(CallbackDelivery);
    expect(await rows.countBy({ accountId: quietAccount })).toBe(0);
    expect(await rows.countBy({ executionId: disabledRun })).toBe(0);
  });

  it('a private address is refused at delivery time when the policy forbids it', async () => {
    const strict = await startTestService({
      OUTBOUND_ALLOW_PRIVATE: 'false',
      CALLBACK_RETRY_BASE_MS: '20',
    });
    try {
      const { key: own } = await strict.seedAccount();
      // A public name is accepted on create; say it resolves to loopback later (DNS changes):
      // the address is checked again at every attempt.
      const created = await strict
        .api()
        .post('/v2/webhook-endpoints')
        .set(bearer(own))
        .send({ url: 'https://hooks.example.com/hook', events: ['*'] })
        .expect(201);
      await strict.service.dataSource
        .getRepository(WebhookEndpoint)
        .update({ id: created.body.id }, { url: 'http://127.0.0.1:9/hook' });
      await strict
        .api()
        .post(`/v2/webhook-endpoints/${created.body.id}/test`)
        .set(bearer(own))
        .expect(202);
      const log = await eventually(async () => {
        const res = await strict
          .api()
          .get(`/v2/webhook-endpoints/${created.body.id}/deliveries`)
          .set(bearer(own));
        return res.body.data[0]?.status === 'failed' && res.body.data[0];
      });
      expect(log.attempts).toEqual([
        expect.objectContaining({
          attempt: 1,
          url: 'http://127.0.0.1:9/hook',
          status_code: null,
          error: 'address_not_allowed',
        }),
      ]);
    } finally {
      await strict.close();
    }
  });
});

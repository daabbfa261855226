import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeysService } from '../src/auth/api-keys.service';
import { Execution } from '../src/executions/execution.entity';
import { CallbackDelivery } from '../src/webhooks/outbound/callback-delivery.entity';
import { createAgent } from './support/agents';
import { startLocalServer, type LocalServer } from './support/http-server';
import { bearer, startTestService, TestService } from './support/service';
import { waitFor } from './support/wait';

const BASE_URL = 'http://localhost:3000/v2';
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SYNC_WAIT_MS = 1500;

const HOT_LEAD = {
  email: 'jane@acme.io',
  name: 'Jane Doe',
  company: 'Acme',
  phone: '+1 555 123 4567',
  message: 'We would like a demo and pricing',
};

describe('POST /v2/agents/:id/trigger', () => {
  let t: TestService;
  let key: string;
  let accountId: string;
  let agentId: string;
  let slow: LocalServer;
  let fast: LocalServer;

  const trigger = (id: string, body: unknown, headers: Record<string, string> = {}) =>
    t
      .api()
      .post(`/v2/agents/${id}/trigger`)
      .set(bearer(key))
      .set(headers)
      .send(body as object);
  const executionCount = () => t.service.dataSource.getRepository(Execution).count();
  const getExecution = (id: string) => t.api().get(`/v2/executions/${id}`).set(bearer(key));

  beforeAll(async () => {
    t = await startTestService({ SYNC_WAIT_MS: String(SYNC_WAIT_MS) });
    ({ key, accountId } = await t.seedAccount());
    agentId = await createAgent(t, key);
    // Answers only when the test lets it (or never): for runs that must still be running.
    slow = await startLocalServer(() => undefined);
    fast = await startLocalServer((_req, res) => res.writeHead(204).end());
  });
  afterAll(async () => {
    await slow?.close();
    await fast?.close();
    await t?.close();
  });

  it('runs synchronously by default: 200 with the finished trigger result', async () => {
    const res = await trigger(agentId, { input: HOT_LEAD }).expect(200);
    expect(res.headers['location']).toBeUndefined();
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(res.body).toEqual({
      execution_id: expect.stringMatching(/^exe_[0-9a-z]{26}$/),
      status: 'completed',
      output: {
        qualified: true,
        score: 100,
        tier: 'hot',
        reasons: ['business_email', 'company', 'name', 'phone', 'buying_intent'],
        lead: HOT_LEAD,
      },
      error: null,
      duration_ms: expect.any(Number),
    });
    expect(Number.isInteger(res.body.duration_ms)).toBe(true);

    const detail = await getExecution(res.body.execution_id).expect(200);
    expect(detail.body).toEqual({
      id: res.body.execution_id,
      agent_id: agentId,
      status: 'completed',
      source: 'api',
      retry_of: null,
      schedule_id: null,
      scheduled_for: null,
      parent_execution_id: null,
      root_execution_id: null,
      agent_version: 1,
      input: HOT_LEAD,
      output: res.body.output,
      error: null,
      waiting: null,
      held: null,
      created_at: expect.stringMatching(ISO_MS),
      started_at: expect.stringMatching(ISO_MS),
      completed_at: expect.stringMatching(ISO_MS),
      duration_ms: res.body.duration_ms,
      usage: null,
      tags: [],
      trace_id: null,
      logs: expect.any(Array),
    });
    const { created_at, started_at, completed_at } = detail.body;
    expect(Date.parse(created_at)).toBeLessThanOrEqual(Date.parse(started_at));
    expect(Date.parse(completed_at) - Date.parse(started_at)).toBe(res.body.duration_ms);
    expect(detail.body.logs.length).toBeGreaterThan(0);
    for (const entry of detail.body.logs) {
      expect(entry).toEqual({
        timestamp: expect.stringMatching(ISO_MS),
        level: expect.stringMatching(/^(debug|info|warn|error)$/),
        message: expect.any(String),
      });
    }
    expect(detail.body.logs.map((entry: { level: string }) => entry.level)).toContain('info');
  });

  it('answers 200 with status failed and the error when the run fails (invalid_input, error log)', async () => {
    const res = await trigger(agentId, { input: { name: 'No Email' } }).expect(200);
    expect(res.body).toMatchObject({
      status: 'failed',
      output: null,
      error: { code: 'invalid_input', message: expect.any(String) },
    });
    expect(Number.isInteger(res.body.duration_ms)).toBe(true);
    const detail = await getExecution(res.body.execution_id).expect(200);
    expect(detail.body.error).toEqual({ code: 'invalid_input', message: expect.any(String) });
    expect(res.body.error).toEqual(detail.body.error);
    expect(detail.body.output).toBeNull();
    const errors = detail.body.logs.filter((entry: { level: string }) => entry.level === 'error');
    expect(errors).toHaveLength(1);
  });

  it('a failed http-request run says why: the error carries the answer', async () => {
    const failing = await startLocalServer((_req, res) =>
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'crm database down' })),
    );
    try {
      const httpAgent = await createAgent(t, key, {
        kind: 'http-request',
        config: { url: `${failing.url}/leads` },
      });
      const res = await trigger(httpAgent, { input: { a: 1 } }).expect(200);
      expect(res.body).toMatchObject({ status: 'failed', output: null });
      expect(res.body.error).toEqual({
        code: 'http_error',
        message: expect.stringMatching(
          /^POST http:\/\/127\.0\.0\.1:\d+\/leads answered HTTP 500 after \d+ ms$/,
        ),
        response: {
          status_code: 500,
          headers: expect.objectContaining({ 'content-type': 'application/json' }),
          body: { error: 'crm database down' },
          truncated: false,
        },
      });
      const detail = await getExecution(res.body.execution_id).expect(200);
      expect(detail.body.error).toEqual(res.body.error);
    } finally {
      await failing.close();
    }
  });

  it('runs asynchronously on request: 202, status queued, Location', async () => {
    const res = await trigger(agentId, { input: HOT_LEAD, options: { async: true } }).expect(202);
    expect(res.body).toEqual({
      execution_id: expect.stringMatching(/^exe_/),
      status: 'queued',
      output: null,
      error: null,
      duration_ms: null,
    });
    expect(res.headers['location']).toBe(`${BASE_URL}/executions/${res.body.execution_id}`);
    const done = await waitFor(
      async () => (await getExecution(res.body.execution_id).expect(200)).body,
      (body) => body.status === 'completed',
    );
    expect(done.output.score).toBe(100);
    expect(done.started_at).toMatch(ISO_MS);
  });

  it('answers 202 with status running when a synchronous run outlasts SYNC_WAIT_MS', async () => {
    const httpAgent = await createAgent(t, key, {
      kind: 'http-request',
      config: { url: `${slow.url}/never` },
    });
    const res = await trigger(httpAgent, { input: { a: 1 } }).expect(202);
    expect(res.body).toEqual({
      execution_id: expect.stringMatching(/^exe_/),
      status: 'running',
      output: null,
      error: null,
      duration_ms: null,
    });
    expect(res.headers['location']).toBe(`${BASE_URL}/executions/${res.body.execution_id}`);
    const detail = await getExecution(res.body.execution_id).expect(200);
    expect(detail.body.status).toBe('running');
    expect(detail.body.started_at).toMatch(ISO_MS);
    expect(detail.body.completed_at).toBeNull();
    await t
      .api()
      .post(`/v2/executions/${res.body.execution_id}/cancel`)
      .set(bearer(key))
      .expect(200);
  });

  it.each([
    ['no input', {}, 'input'],
    ['input null', { input: null }, 'input'],
    ['input an array', { input: [1, 2] }, 'input'],
    ['input a string', { input: 'lead' }, 'input'],
    ['input a number', { input: 3 }, 'input'],
    ['an unknown top-level field', { input: {}, extra: 1 }, 'extra'],
    ['options not an object', { input: {}, options: 'async' }, 'options'],
    ['options an array', { input: {}, options: [] }, 'options'],
    ['options null', { input: {}, options: null }, 'options'],
    ['an unknown option', { input: {}, options: { foo: true } }, 'options.foo'],
    ['async not a boolean', { input: {}, options: { async: 'true' } }, 'options.async'],
    ['async null', { input: {}, options: { async: null } }, 'options.async'],
    [
      'callback_url not a URL',
      { input: {}, options: { callback_url: 'nope' } },
      'options.callback_url',
    ],
    [
      'callback_url ftp',
      { input: {}, options: { callback_url: 'ftp://example.com/x' } },
      'options.callback_url',
    ],
    [
      'callback_url without scheme',
      { input: {}, options: { callback_url: 'example.com/x' } },
      'options.callback_url',
    ],
    ['callback_url a number', { input: {}, options: { callback_url: 5 } }, 'options.callback_url'],
    [
      'callback_url over 2048 characters',
      { input: {}, options: { callback_url: `https://example.com/${'a'.repeat(2040)}` } },
      'options.callback_url',
    ],
  ])('answers 400 naming the field for %s, creating nothing', async (_case, body, field) => {
    const before = await executionCount();
    const res = await trigger(agentId, body).expect(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', field });
    expect(await executionCount()).toBe(before);
  });

  it('answers 400 field Idempotency-Key for a key over 255 characters', async () => {
    const before = await executionCount();
    const res = await trigger(
      agentId,
      { input: HOT_LEAD },
      { 'Idempotency-Key': 'k'.repeat(256) },
    ).expect(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'Idempotency-Key' });
    expect(await executionCount()).toBe(before);
    await trigger(agentId, { input: HOT_LEAD }, { 'Idempotency-Key': 'k'.repeat(255) }).expect(200);
  });

  it('answers 409 agent_paused for a paused agent and creates nothing', async () => {
    const paused = await createAgent(t, key, { status: 'paused' });
    const res = await trigger(paused, { input: HOT_LEAD }).expect(409);
    expect(res.body.error).toMatchObject({
      code: 'agent_paused',
      docs_url: 'http://localhost:3000/docs/errors/agent_paused',
    });
    expect(await t.service.dataSource.getRepository(Execution).countBy({ agentId: paused })).toBe(
      0,
    );
    const list = await t.api().get(`/v2/agents/${paused}/executions`).set(bearer(key)).expect(200);
    expect(list.body.data).toEqual([]);
  });

  it('answers 404 for an unknown agent or another account’s agent', async () => {
    await trigger('agt_unknown', { input: HOT_LEAD }).expect(404);
    const other = await t.seedAccount();
    const foreign = await createAgent(t, other.key);
    const res = await trigger(foreign, { input: HOT_LEAD }).expect(404);
    expect(res.body.error.code).toBe('not_found');
    expect(await t.service.dataSource.getRepository(Execution).countBy({ agentId: foreign })).toBe(
      0,
    );
  });

  it('needs the agents:trigger scope', async () => {
    const reader = await t.service
      .api!.get(ApiKeysService)
      .create(accountId, ['agents:read', 'agents:write', 'executions:read']);
    const own = await createAgent(t, reader.key);
    const res = await t
      .api()
      .post(`/v2/agents/${own}/trigger`)
      .set(bearer(reader.key))
      .send({ input: HOT_LEAD })
      .expect(403);
    expect(res.body.error.code).toBe('forbidden');
  });

  describe('Idempotency-Key', () => {
    it('replays the first execution’s result and starts nothing', async () => {
      const headers = { 'Idempotency-Key': 'order-1001' };
      const first = await trigger(agentId, { input: HOT_LEAD }, headers).expect(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const before = await executionCount();
      // Same body with keys in another order: the same request.
      const reordered = { input: Object.fromEntries(Object.entries(HOT_LEAD).reverse()) };
      const replay = await trigger(agentId, reordered, headers).expect(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
      expect(await executionCount()).toBe(before);
    });

    it('replays a failed execution with its error', async () => {
      const headers = { 'Idempotency-Key': 'order-failed-1' };
      const first = await trigger(agentId, { input: { name: 'No Email' } }, headers).expect(200);
      expect(first.body.error).toEqual({ code: 'invalid_input', message: expect.any(String) });
      const replay = await trigger(agentId, { input: { name: 'No Email' } }, headers).expect(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
    });

    it('answers 409 conflict when the key comes back with another body', async () => {
      const headers = { 'Idempotency-Key': 'order-1002' };
      await trigger(agentId, { input: HOT_LEAD }, headers).expect(200);
      const before = await executionCount();
      const changedInput = await trigger(
        agentId,
        { input: { ...HOT_LEAD, name: 'Other' } },
        headers,
      ).expect(409);
      expect(changedInput.body.error.code).toBe('conflict');
      const changedOptions = await trigger(
        agentId,
        { input: HOT_LEAD, options: { async: true } },
        headers,
      ).expect(409);
      expect(changedOptions.body.error.code).toBe('conflict');
      expect(await executionCount()).toBe(before);
    });

    it('replays an unfinished execution with 202 and its current status', async () => {
      const httpAgent = await createAgent(t, key, {
        kind: 'http-request',
        config: { url: `${slow.url}/idempotent` },
      });
      const headers = { 'Idempotency-Key': 'slow-1' };
      const body = { input: { n: 1 }, options: { async: true } };
      const first = await trigger(httpAgent, body, headers).expect(202);
      await waitFor(
        async () => (await getExecution(first.body.execution_id)).body.status,
        (status) => status === 'running',
      );
      const replay = await trigger(httpAgent, body, headers).expect(202);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.headers['location']).toBe(`${BASE_URL}/executions/${first.body.execution_id}`);
      expect(replay.body).toEqual({
        execution_id: first.body.execution_id,
        status: 'running',
        output: null,
        error: null,
        duration_ms: null,
      });
      expect(
        await t.service.dataSource.getRepository(Execution).countBy({ agentId: httpAgent }),
      ).toBe(1);
      await t
        .api()
        .post(`/v2/executions/${first.body.execution_id}/cancel`)
        .set(bearer(key))
        .expect(200);
      const afterCancel = await trigger(httpAgent, body, headers).expect(200);
      expect(afterCancel.body).toMatchObject({
        execution_id: first.body.execution_id,
        status: 'cancelled',
        error: null,
      });
    });

    it('keys are per agent: the same key on another agent starts a new execution', async () => {
      const other = await createAgent(t, key);
      const headers = { 'Idempotency-Key': 'shared-key' };
      const a = await trigger(agentId, { input: HOT_LEAD }, headers).expect(200);
      const b = await trigger(other, { input: HOT_LEAD }, headers).expect(200);
      expect(b.headers['idempotent-replayed']).toBeUndefined();
      expect(b.body.execution_id).not.toBe(a.body.execution_id);
    });
  });

  it('stores callback_url and writes the callback into the outbox when the run ends', async () => {
    const callbackUrl = `${fast.url}/callback`;
    const res = await trigger(agentId, {
      input: HOT_LEAD,
      options: { callback_url: callbackUrl },
    }).expect(200);
    const deliveries = await t.service.dataSource
      .getRepository(CallbackDelivery)
      .findBy({ executionId: res.body.execution_id });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ url: callbackUrl, event: 'execution.completed' });
    const payload = deliveries[0].payload as { data: Record<string, unknown> };
    expect(payload.data).toMatchObject({ id: res.body.execution_id, status: 'completed' });
    expect(payload.data.logs).toBeUndefined();
    const sent = await waitFor(
      async () => fast.requests.find((request) => request.path === '/callback'),
      (request) => request !== undefined,
    );
    expect(sent!.body).toMatchObject({
      type: 'execution.completed',
      data: { id: res.body.execution_id, status: 'completed' },
    });
    // Without a callback_url, nothing goes to the outbox.
    const plain = await trigger(agentId, { input: HOT_LEAD }).expect(200);
    expect(
      await t.service.dataSource
        .getRepository(CallbackDelivery)
        .countBy({ executionId: plain.body.execution_id }),
    ).toBe(0);
  });
});

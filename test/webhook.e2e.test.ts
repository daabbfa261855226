import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Execution } from '../src/executions/execution.entity';
import { RateLimitService } from '../src/throttling/rate-limit.service';
import { seedAgent, setAgentStatus, webhookPath } from './support/agents';
import { bearer, startTestService, TestService } from './support/service';

const DOCS = 'http://localhost:3000/docs';

/**
 * The webhook error envelope (docs/api.md, Inbound webhook): `success: false`, `message` and the
 * error object.
 */
const webhookError = (code: string, field?: string) => ({
  success: false,
  message: expect.any(String),
  error: {
    code,
    message: expect.any(String),
    docs_url: `${DOCS}/errors/${code}`,
    ...(field ? { field } : {}),
  },
});

describe('inbound webhook: intake, bodies, lookup and deduplication', () => {
  let t: TestService;
  let accountId: string;
  let key: string;

  beforeAll(async () => {
    // A Pro account is really limited (50 a second): this suite sends faster than that, so
    // its burst window is 1 ms (rate limits have their own suites).
    t = await startTestService({ THROTTLE_SECOND_MS: '1' });
    ({ accountId, key } = await t.seedAccount({ plan: 'pro' }));
  });
  afterAll(async () => t?.close());

  const executions = () => t.service.dataSource.getRepository(Execution);
  const countFor = (agentId: string) => executions().countBy({ agentId });

  it('acknowledges with 202 {success, executionId, message} once the execution is stored', async () => {
    const { id: agentId, path } = await seedAgent(t, key);
    // Key order, nesting, unicode and numbers must come back exactly as sent.
    const raw =
      '{"zeta":1,"email":"ana@acme.io","alpha":{"b":[1,2.5,"x"],"a":null},"name":"Zoë","ok":true}';
    const res = await t
      .webhook()
      .post(path)
      .set('Content-Type', 'application/json')
      .set('X-Secret-Header', 'must-not-be-stored')
      .send(raw)
      .expect(202);
    expect(res.body).toEqual({
      success: true,
      executionId: expect.stringMatching(/^exe_/),
      message: expect.any(String),
    });
    const row = await executions().findOneByOrFail({ id: res.body.executionId });
    expect(row).toMatchObject({ agentId, accountId, source: 'webhook' });
    expect(JSON.stringify(row.input)).toBe(raw);
    expect(JSON.stringify(row)).not.toContain('must-not-be-stored');
  });

  it('answers on /webhook/:id only: no version segment', async () => {
    const { path } = await seedAgent(t, key);
    const res = await t.webhook().post(`/v2${path}`).send({ a: 1 }).expect(404);
    expect(res.body).toEqual(webhookError('not_found'));
    await t.webhook().post(path).send({ a: 1 }).expect(202);
  });

  it.each([
    ['a non-JSON content type', 415, 'unsupported_media_type', 'text/plain', 'email=a@b.co'],
    ['multipart form data', 415, 'unsupported_media_type', 'multipart/form-data; boundary=x', 'a'],
    [
      'a form in another charset',
      415,
      'unsupported_media_type',
      'application/x-www-form-urlencoded; charset=iso-8859-1',
      'a=b',
    ],
    ['malformed JSON', 400, 'invalid_request', 'application/json', '{"email": "a@b.co",'],
    ['an array', 400, 'invalid_request', 'application/json', '[{"email":"a@b.co"}]'],
    ['a string', 400, 'invalid_request', 'application/json', '"a@b.co"'],
    ['a number', 400, 'invalid_request', 'application/json', '42'],
    ['null', 400, 'invalid_request', 'application/json', 'null'],
    ['an empty body', 400, 'invalid_request', 'application/json', ''],
  ])('refuses %s with %i %s and starts nothing', async (_, status, code, type, body) => {
    const { id: agentId, path } = await seedAgent(t, key);
    const res = await t.webhook().post(path).set('Content-Type', type).send(body).expect(status);
    expect(res.body).toEqual(webhookError(code));
    expect(await countFor(agentId)).toBe(0);
  });

  it('refuses a body over 1 MiB with 413 and accepts one just under it', async () => {
    const { id: agentId, path } = await seedAgent(t, key);
    const over = JSON.stringify({ blob: 'x'.repeat(1024 * 1024) });
    const res = await t
      .webhook()
      .post(path)
      .set('Content-Type', 'application/json')
      .send(over)
      .expect(413);
    expect(res.body).toEqual(webhookError('payload_too_large'));
    expect(await countFor(agentId)).toBe(0);
    const under = JSON.stringify({ blob: 'x'.repeat(1024 * 1024 - 20) });
    expect(Buffer.byteLength(under)).toBeLessThanOrEqual(1024 * 1024);
    await t.webhook().post(path).set('Content-Type', 'application/json').send(under).expect(202);
  });

  it('answers 404 for an unknown webhook id, and for one that differs only in case', async () => {
    const unknown = await t
      .webhook()
      .post('/webhook/no-such-webhook-id')
      .send({ a: 1 })
      .expect(404);
    expect(unknown.body).toEqual(webhookError('not_found'));
    const agent = await seedAgent(t, key);
    const flipped = agent.webhookId.replace(/[a-zA-Z]/g, (c) =>
      c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase(),
    );
    expect(flipped).not.toBe(agent.webhookId);
    await t.webhook().post(`/webhook/${flipped}`).send({ a: 1 }).expect(404);
    expect(await countFor(agent.id)).toBe(0);
  });

  it('answers 404 once the agent is deleted, and for a rotated-away webhook URL', async () => {
    const deleted = await seedAgent(t, key);
    await t.webhook().post(deleted.path).send({ a: 1 }).expect(202);
    await t.api().delete(`/v2/agents/${deleted.id}`).set(bearer(key)).expect(204);
    const gone = await t.webhook().post(deleted.path).send({ a: 2 }).expect(404);
    expect(gone.body).toEqual(webhookError('not_found'));
    expect(await countFor(deleted.id)).toBe(1);

    const rotated = await seedAgent(t, key);
    const res = await t
      .api()
      .post(`/v2/agents/${rotated.id}/webhook-url/rotate`)
      .set(bearer(key))
      .expect(200);
    const newPath = webhookPath(res.body.webhook_url);
    expect(newPath).not.toBe(rotated.path);
    await t.webhook().post(rotated.path).send({ a: 1 }).expect(404);
    await t.webhook().post(newPath).send({ a: 1 }).expect(202);
    expect(await countFor(rotated.id)).toBe(1);
  });

  it('answers 409 agent_paused for a paused agent, starts nothing, and accepts again once resumed', async () => {
    const { id: agentId, path } = await seedAgent(t, key);
    await setAgentStatus(t, key, agentId, 'paused');
    const res = await t.webhook().post(path).send({ email: 'a@b.co' }).expect(409);
    expect(res.body).toEqual(webhookError('agent_paused'));
    expect(await countFor(agentId)).toBe(0);
    await setAgentStatus(t, key, agentId, 'active');
    await t.webhook().post(path).send({ email: 'a@b.co' }).expect(202);
    expect(await countFor(agentId)).toBe(1);
  });

  it('still answers a repeated delivery with its first execution after the agent was paused', async () => {
    const { id: agentId, path } = await seedAgent(t, key);
    const first = await t
      .webhook()
      .post(path)
      .set('Idempotency-Key', 'before-pause')
      .send({ a: 1 });
    expect(first.status).toBe(202);
    await setAgentStatus(t, key, agentId, 'paused');
    const again = await t
      .webhook()
      .post(path)
      .set('Idempotency-Key', 'before-pause')
      .send({ a: 1 });
    expect(again.status).toBe(200);
    expect(again.body.executionId).toBe(first.body.executionId);
    await t.webhook().post(path).set('Idempotency-Key', 'after-pause').send({ a: 1 }).expect(409);
    expect(await countFor(agentId)).toBe(1);
  });

  it.each(['Idempotency-Key', 'webhook-id', 'X-GitHub-Delivery'])(
    'treats a repeated %s as the same delivery: 200 with the first executionId',
    async (header) => {
      const { id: agentId, path } = await seedAgent(t, key);
      const first = await t.webhook().post(path).set(header, 'delivery-1').send({ n: 1 });
      expect(first.status).toBe(202);
      const again = await t.webhook().post(path).set(header, 'delivery-1').send({ n: 2 });
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual({
        success: true,
        executionId: first.body.executionId,
        message: expect.any(String),
      });
      const other = await t.webhook().post(path).set(header, 'delivery-2').send({ n: 3 });
      expect(other.status).toBe(202);
      expect(other.body.executionId).not.toBe(first.body.executionId);
      const rows = await executions().find({ where: { agentId }, order: { id: 'ASC' } });
      expect(rows.map((row) => row.input)).toEqual([{ n: 1 }, { n: 3 }]);
    },
  );

  it('prefers Idempotency-Key over webhook-id over X-GitHub-Delivery', async () => {
    const { path } = await seedAgent(t, key);
    const first = await t
      .webhook()
      .post(path)
      .set('Idempotency-Key', 'k')
      .set('webhook-id', 'w')
      .set('X-GitHub-Delivery', 'g')
      .send({});
    expect(first.status).toBe(202);
    // Same Idempotency-Key, other ids: the same delivery.
    const same = await t
      .webhook()
      .post(path)
      .set('Idempotency-Key', 'k')
      .set('webhook-id', 'w2')
      .send({});
    expect(same.status).toBe(200);
    // The webhook-id alone was never a key: a new delivery.
    await t.webhook().post(path).set('webhook-id', 'w').send({}).expect(202);
  });

  it('keeps delivery keys per agent, and case-sensitive', async () => {
    const one = await seedAgent(t, key);
    const two = await seedAgent(t, key);
    await t.webhook().post(one.path).set('Idempotency-Key', 'Shared-Key').send({}).expect(202);
    await t.webhook().post(two.path).set('Idempotency-Key', 'Shared-Key').send({}).expect(202);
    await t.webhook().post(one.path).set('Idempotency-Key', 'shared-key').send({}).expect(202);
    expect(await countFor(one.id)).toBe(2);
  });

  it('refuses a delivery key over 255 characters with 400 naming the header', async () => {
    const { id: agentId, path } = await seedAgent(t, key);
    for (const header of ['Idempotency-Key', 'webhook-id', 'X-GitHub-Delivery']) {
      const res = await t.webhook().post(path).set(header, 'k'.repeat(256)).send({}).expect(400);
      expect(res.body).toEqual(webhookError('invalid_request', header));
    }
    await t.webhook().post(path).set('Idempotency-Key', 'k'.repeat(255)).send({}).expect(202);
    expect(await countFor(agentId)).toBe(1);
  });

  it('starts exactly one execution for 10 concurrent requests with one delivery key', async () => {
    const { id: agentId, path } = await seedAgent(t, key);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.webhook().post(path).set('Idempotency-Key', 'concurrent-1').send({ i }),
      ),
    );
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 202]);
    const ids = new Set(responses.map((res) => res.body.executionId));
    expect(ids.size).toBe(1);
    expect(await countFor(agentId)).toBe(1);
    const [row] = await executions().findBy({ agentId });
    expect(ids.has(row.id)).toBe(true);
  });

  it('counts requests against the account once the agent is known, failed auth included', async () => {
    const consume = vi.spyOn(t.service.webhook!.get(RateLimitService), 'consume');
    try {
      const open = await seedAgent(t, key);
      const locked = await seedAgent(t, key, { webhookAuth: 'api_key' });
      consume.mockClear();
      await t.webhook().post('/webhook/no-such-webhook-id').send({}).expect(404);
      expect(consume).not.toHaveBeenCalled();
      await t.webhook().post(open.path).send({}).expect(202);
      await t.webhook().post(locked.path).set('X-API-Key', 'wrong').send({}).expect(401);
      expect(consume).toHaveBeenCalledTimes(2);
      expect(consume.mock.calls.map(([account]) => account.id)).toEqual([accountId, accountId]);
      expect(consume.mock.calls[0][0]).toMatchObject({ plan: 'pro' });
    } finally {
      consume.mockRestore();
    }
  });
});

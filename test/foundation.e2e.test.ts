import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKey } from '../src/auth/api-key.entity';
import { ApiKeysService } from '../src/auth/api-keys.service';
import { bearer, startTestService, TestService } from './support/service';
import { SCOPES } from '../src/auth/api-key.entity';
import { waitFor } from './support/wait';

const DOCS = 'http://localhost:3000/docs';

describe('foundation: auth, errors, request ids', () => {
  let t: TestService;
  let key: string;
  let keyId: string;

  beforeAll(async () => {
    t = await startTestService();
    ({ key, keyId } = await t.seedAccount());
  });
  afterAll(async () => t?.close());

  it('answers 401 in the envelope without a key', async () => {
    const res = await t.api().get('/v2/account').expect(401);
    expect(res.body).toEqual({
      error: {
        code: 'unauthorized',
        message: expect.any(String),
        docs_url: `${DOCS}/errors/unauthorized`,
      },
    });
  });

  it('answers 401 for a malformed, unknown or revoked key', async () => {
    await t.api().get('/v2/account').set('Authorization', 'Basic abc').expect(401);
    await t.api().get('/v2/account').set('Authorization', 'Bearer').expect(401);
    const unknown = await t.api().get('/v2/account').set(bearer('aas_not-a-real-key')).expect(401);
    expect(unknown.body.error.code).toBe('unauthorized');

    const other = await t.seedAccount();
    await t.api().get('/v2/account').set(bearer(other.key)).expect(200);
    await t.service.api!.get(ApiKeysService).revoke(other.keyId);
    const revoked = await t.api().get('/v2/account').set(bearer(other.key)).expect(401);
    expect(revoked.body.error.code).toBe('unauthorized');
  });

  it('shows the key its own account and scopes', async () => {
    const res = await t.api().get('/v2/account').set(bearer(key)).expect(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^acc_/),
      name: 'Test account',
      plan: 'enterprise',
      api_key: {
        id: keyId,
        scopes: [...SCOPES],
      },
      limits: null,
      usage: { this_hour: 0, today: 0 },
      signing: { enabled: false },
      mcp_url: 'http://localhost:3000/v2/mcp',
    });
  });

  it('records when a key was last used, at most once a minute', async () => {
    const fresh = await t.seedAccount();
    const keys = t.service.dataSource.getRepository(ApiKey);
    expect((await keys.findOneByOrFail({ id: fresh.keyId })).lastUsedAt).toBeNull();
    const before = Date.now();
    await t.api().get('/v2/account').set(bearer(fresh.key)).expect(200);
    const used = await waitFor(
      async () => (await keys.findOneByOrFail({ id: fresh.keyId })).lastUsedAt,
      (at) => at !== null,
    );
    expect(used!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Used again at once: not written again.
    await t.api().get('/v2/account').set(bearer(fresh.key)).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await keys.findOneByOrFail({ id: fresh.keyId })).lastUsedAt).toEqual(used);
  });

  it('answers unknown routes with 404 in the envelope, inside and outside /v2', async () => {
    for (const path of ['/v2/no-such-route', '/nothing-here', '/v1/agents']) {
      const res = await t.api().get(path).set(bearer(key)).expect(404);
      expect(res.body.error).toMatchObject({
        code: 'not_found',
        docs_url: `${DOCS}/errors/not_found`,
      });
    }
  });

  it('answers the webhook listener 404 with success false', async () => {
    const res = await t.webhook().post('/webhook/unknown-id').send({ a: 1 }).expect(404);
    expect(res.body).toMatchObject({
      success: false,
      message: expect.any(String),
      error: { code: 'not_found' },
    });
  });

  it('answers malformed JSON with 400 invalid_request, before authentication', async () => {
    const res = await t
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .set('Content-Type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(JSON.stringify(res.body)).not.toMatch(/at |SyntaxError|node_modules/);
  });

  it('answers a non-JSON body with 415 and an oversized one with 413', async () => {
    const text = await t
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .set('Content-Type', 'text/plain')
      .send('hi')
      .expect(415);
    expect(text.body.error.code).toBe('unsupported_media_type');
    const big = JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) });
    const huge = await t
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .set('Content-Type', 'application/json')
      .send(big)
      .expect(413);
    expect(huge.body.error.code).toBe('payload_too_large');
  });

  /** A trigger with this raw JSON body is 400 `invalid_request`, the message matching `why`. */
  const expectRefusedBody = async (body: string, why: RegExp) => {
    const res = await t
      .api()
      .post('/v2/agents/agt_unknown/trigger')
      .set(bearer(key))
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(400);
    expect(res.body.error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(why),
    });
  };

  it('answers a lone UTF-16 surrogate escape with 400, while a surrogate pair is accepted', async () => {
    for (const body of ['{"input":{"name":"\\ud800"}}', '{"input":{"\\udc00x":1}}']) {
      await expectRefusedBody(body, /surrogate/);
    }
    const agent = await t
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({ name: 'Unicode' })
      .expect(201);
    const paired = await t
      .api()
      .post(`/v2/agents/${agent.body.id}/trigger`)
      .set(bearer(key))
      .set('Content-Type', 'application/json')
      .send('{"input":{"name":"\\ud83d\\ude00","email":"a@b.co"},"options":{"async":true}}')
      .expect(202);
    expect(paired.body.execution_id).toMatch(/^exe_/);
  });

  it('answers a number past the range of a double with 400; large numbers in range and such text in strings pass', async () => {
    for (const body of [
      '{"input":{"n":1e400}}',
      '{"input":{"deep":[{"n":-2E+999}]}}',
      `{"input":{"n":${'9'.repeat(400)}}}`,
    ]) {
      await expectRefusedBody(body, /number too large/);
    }
    const agent = await t.api().post('/v2/agents').set(bearer(key)).send({ name: 'Numbers' });
    const input = { big: 1.5e300, note: 'e400 and 1e999 in a string', digits: '9'.repeat(250) };
    const accepted = await t
      .api()
      .post(`/v2/agents/${agent.body.id}/trigger`)
      .set(bearer(key))
      .send({ input, options: { async: true } })
      .expect(202);
    const stored = await t
      .api()
      .get(`/v2/executions/${accepted.body.execution_id}`)
      .set(bearer(key))
      .expect(200);
    expect(stored.body.input).toEqual(input);
  });

  it('serves an HTML page per error code and 404 for unknown codes', async () => {
    const page = await t.api().get('/docs/errors/rate_limited').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('rate_limited');
    expect(page.text).toContain('429');
    const missing = await t.api().get('/docs/errors/no_such_code').expect(404);
    expect(missing.body.error.code).toBe('not_found');
  });

  it('echoes a well-formed X-Request-Id and generates one otherwise', async () => {
    const echoed = await t.api().get('/v2/account').set('X-Request-Id', 'req-abc.123').expect(401);
    expect(echoed.headers['x-request-id']).toBe('req-abc.123');
    const generated = await t
      .api()
      .get('/v2/account')
      .set('X-Request-Id', 'bad id with spaces')
      .expect(401);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOpenApi } from './support/openapi-lint';
import { seedAgent, type SeededAgent } from './support/agents';
import { bearer, startTestService, type TestService } from './support/service';

const LISTED = 'https://app.example.com';
const UNLISTED = 'https://evil.example.net';

const corsHeaders = (headers: Record<string, string>) =>
  Object.keys(headers).filter((name) => name.toLowerCase().startsWith('access-control-'));

describe('HTTP semantics: 405 with Allow, OPTIONS, CORS off by default', () => {
  let t: TestService;
  let key: string;
  let agent: SeededAgent;

  beforeAll(async () => {
    t = await startTestService();
    ({ key } = await t.seedAccount());
    agent = await seedAgent(t, key);
  });
  afterAll(async () => t?.close());

  it('answers a known REST path asked with another method 405 with Allow, in the envelope', async () => {
    const cases: [string, string, string][] = [
      ['put', '/v2/agents', 'GET, HEAD, POST, OPTIONS'],
      ['post', `/v2/agents/${agent.id}`, 'GET, HEAD, PATCH, DELETE, OPTIONS'],
      ['get', `/v2/agents/${agent.id}/trigger`, 'POST, OPTIONS'],
      ['delete', '/v2/executions', 'GET, HEAD, OPTIONS'],
      ['post', '/health', 'GET, HEAD, OPTIONS'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await t.api()[method as 'get'](path).set(bearer(key));
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow, `${method} ${path}`).toBe(allow);
      expect(res.body).toEqual({
        error: {
          code: 'method_not_allowed',
          message: `${method.toUpperCase()} is not allowed on ${path}; Allow: ${allow}`,
          docs_url: 'http://localhost:3000/docs/errors/method_not_allowed',
        },
      });
    }
    // Without a key too: the method is wrong whoever asks.
    await t.api().put('/v2/agents').expect(405);
    // The methods a path has still work, and unknown paths stay 404.
    await t.api().get(`/v2/agents/${agent.id}`).set(bearer(key)).expect(200);
    await t.api().head('/v2/agents').set(bearer(key)).expect(200);
    const unknown = await t.api().put('/v2/nothing-here').set(bearer(key)).expect(404);
    expect(unknown.body.error.code).toBe('not_found');
    expect(unknown.headers.allow).toBeUndefined();
  });

  it('answers the webhook listener 405 with Allow in its own envelope', async () => {
    for (const method of ['get', 'put', 'delete'] as const) {
      const res = await t.webhook()[method](`/webhook/${agent.webhookId}`).expect(405);
      expect(res.headers.allow).toBe('POST, OPTIONS');
      expect(res.body).toEqual({
        success: false,
        message: `${method.toUpperCase()} is not allowed on /webhook/[redacted]; Allow: POST, OPTIONS`,
        error: {
          code: 'method_not_allowed',
          message: `${method.toUpperCase()} is not allowed on /webhook/[redacted]; Allow: POST, OPTIONS`,
          docs_url: 'http://localhost:3000/docs/errors/method_not_allowed',
        },
      });
    }
    // A REST path is not the webhook listener's: 404 there, whatever the method.
    await t.webhook().put('/v2/agents').expect(404);
    // The webhook listener's document is its own: not on the REST listener.
    await t.webhook().get('/openapi.json').expect(200);
    await t.api().get('/openapi.json').expect(404);
    await t.webhook().post(`/webhook/${agent.webhookId}`).send({ email: 'a@b.io' }).expect(202);
  });

  it('answers OPTIONS on a known path 204 with Allow, and 404 on an unknown one', async () => {
    const rest = await t.api().options(`/v2/agents/${agent.id}`).expect(204);
    expect(rest.headers.allow).toBe('GET, HEAD, PATCH, DELETE, OPTIONS');
    expect(rest.text).toBe('');
    const hook = await t.webhook().options(`/webhook/${agent.webhookId}`).expect(204);
    expect(hook.headers.allow).toBe('POST, OPTIONS');
    await t.api().options('/v2/nothing-here').expect(404);
  });

  it('sends no CORS header by default, even to a preflight', async () => {
    const preflight = await t
      .api()
      .options('/v2/agents')
      .set('Origin', LISTED)
      .set('Access-Control-Request-Method', 'POST')
      .expect(204);
    expect(corsHeaders(preflight.headers)).toEqual([]);
    const get = await t.api().get('/v2/agents').set('Origin', LISTED).set(bearer(key)).expect(200);
    expect(corsHeaders(get.headers)).toEqual([]);
  });

  it('states the key in the security scheme: an opaque token, not a JWT', async () => {
    const doc = await t.api().get('/v2/openapi.json').expect(200);
    const scheme = doc.body.components.securitySchemes.bearer;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque' });
    expect(scheme.description).toMatch(/opaque/);
    expect(scheme.description).toMatch(/aas_/);
    expect(JSON.stringify(doc.body)).toContain('method_not_allowed');
    const page = await t.api().get('/docs/errors/method_not_allowed').expect(200);
    expect(page.text).toContain('Method not allowed');
    expect(page.text).toContain('Allow');
  });
});

describe('the webhook listener publishes its own OpenAPI document', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService({ ROLE: 'webhook' });
  });
  afterAll(async () => t?.close());

  it('describes POST /webhook/{webhook_id} with its credentials and answers, valid 3.1', async () => {
    const res = await t.webhook().get('/openapi.json').expect(200);
    const doc = res.body;
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/health',
      '/openapi.json',
      '/webhook/{webhook_id}',
    ]);
    expect(doc.servers).toEqual([
      { url: 'http://localhost:3001', description: 'Inbound webhook listener' },
    ]);
    const post = doc.paths['/webhook/{webhook_id}'].post;
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(['200', '202', '400', '401', '404', '409', '413', '415', '429']),
    );
    // Every path of the listener lists the errors it gives before any route (its envelope).
    expect(doc.paths['/health'].get.responses['431'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/WebhookErrorEnvelope',
    );
    expect(post.responses['401'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/WebhookErrorEnvelope',
    );
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'githubSignature',
      'standardWebhooks',
      'svixSignature',
      'webhookApiKey',
      'webhookSignature',
    ]);
    expect(post.security).toContainEqual({ standardWebhooks: [] });
    expect(doc.paths['/health'].get.security).toEqual([]);
    expect(lintOpenApi(doc)).toEqual([]);
    await SwaggerParser.validate(structuredClone(doc) as OpenAPI.Document);
    // Only on the webhook listener.
    await t.webhook().post('/openapi.json').expect(405);
  });
});

describe('CORS_ORIGINS: an allow-list of origins for the REST API', () => {
  let t: TestService;
  let key: string;
  let agent: SeededAgent;

  beforeAll(async () => {
    t = await startTestService({ CORS_ORIGINS: `${LISTED},http://localhost:5173` });
    ({ key } = await t.seedAccount());
    agent = await seedAgent(t, key);
  });
  afterAll(async () => t?.close());

  it('answers a preflight from a listed origin with the path methods, without credentials', async () => {
    const res = await t
      .api()
      .options(`/v2/agents/${agent.id}`)
      .set('Origin', LISTED)
      .set('Access-Control-Request-Method', 'PATCH')
      .set('Access-Control-Request-Headers', 'authorization, content-type')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe(LISTED);
    expect(res.headers['access-control-allow-methods']).toBe('GET,HEAD,PATCH,DELETE');
    expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/);
    expect(res.headers['access-control-allow-headers']).toMatch(/Content-Type/);
    expect(res.headers['access-control-max-age']).toBe('600');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('lets a listed origin read answers, errors included, with a bearer key', async () => {
    const ok = await t.api().get('/v2/agents').set('Origin', LISTED).set(bearer(key)).expect(200);
    expect(ok.headers['access-control-allow-origin']).toBe(LISTED);
    expect(ok.headers['access-control-expose-headers']).toMatch(/X-Request-Id/);
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    const denied = await t.api().get('/v2/agents').set('Origin', LISTED).expect(401);
    expect(denied.headers['access-control-allow-origin']).toBe(LISTED);
    const wrong = await t.api().put('/v2/agents').set('Origin', LISTED).expect(405);
    expect(wrong.headers['access-control-allow-origin']).toBe(LISTED);
  });

  it('gives an unlisted origin, an unknown path or the webhook listener no CORS header', async () => {
    const preflight = await t
      .api()
      .options('/v2/agents')
      .set('Origin', UNLISTED)
      .set('Access-Control-Request-Method', 'POST')
      .expect(204);
    expect(corsHeaders(preflight.headers)).toEqual([]);
    expect(preflight.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    const get = await t
      .api()
      .get('/v2/agents')
      .set('Origin', UNLISTED)
      .set(bearer(key))
      .expect(200);
    expect(corsHeaders(get.headers)).toEqual([]);
    // A listed origin differing only by case, port or scheme is another origin.
    for (const origin of ['https://APP.example.com', 'http://app.example.com', `${LISTED}:8443`]) {
      const res = await t.api().get('/v2/agents').set('Origin', origin).set(bearer(key));
      expect(corsHeaders(res.headers), origin).toEqual([]);
    }
    const unknown = await t
      .api()
      .options('/v2/nothing-here')
      .set('Origin', LISTED)
      .set('Access-Control-Request-Method', 'GET')
      .expect(404);
    expect(corsHeaders(unknown.headers)).toEqual([]);
    const hook = await t
      .webhook()
      .options(`/webhook/${agent.webhookId}`)
      .set('Origin', LISTED)
      .set('Access-Control-Request-Method', 'POST')
      .expect(204);
    expect(corsHeaders(hook.headers)).toEqual([]);
    const dashboard = await t.api().get('/dashboard/').set('Origin', LISTED);
    expect(corsHeaders(dashboard.headers)).toEqual([]);
  });
});

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_WEBHOOK_INPUT } from '../src/dashboard/test-webhook.controller';
import { ensureBuilt } from './support/cli';
import { bearer, startTestService, TestService } from './support/service';

/**
 * The server side of the web dashboard (docs/operations.md, Dashboard (web console)): its static
 * files and headers under /dashboard, `GET /`, `POST /v2/agents/:id/test-webhook` and the config
 * edit of `PATCH /v2/agents/:id`. The pages themselves are tested in a real browser (e2e/).
 */
describe('dashboard (server side)', () => {
  let t: TestService;
  let key: string;
  let agentId: string;

  beforeAll(async () => {
    await ensureBuilt(); // dist/web, the built dashboard
    t = await startTestService();
    ({ key } = await t.seedAccount());
    const created = await t
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({ name: 'Leads', kind: 'lead-qualification' })
      .expect(201);
    agentId = created.body.id;
  });
  afterAll(() => t?.close());

  describe('static files under /dashboard', () => {
    it('answers every client-side route with index.html, under a strict CSP, never framed, revalidated', async () => {
      for (const path of ['/dashboard/', '/dashboard/agents/agt_x', '/dashboard/settings']) {
        const res = await t.api().get(path).expect(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.text).toContain('<div id="app"></div>');
        // No inline script: every <script> has a src under the app's own path.
        expect(res.text).not.toMatch(/<script(?![^>]*\bsrc="\/dashboard\/assets\/)[^>]*>/);
        const csp = res.headers['content-security-policy'];
        for (const directive of [
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'self'",
          "connect-src 'self'",
          "frame-ancestors 'none'",
          "object-src 'none'",
        ]) {
          expect(csp).toContain(directive);
        }
        expect(csp).not.toContain('unsafe');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    });

    it('serves the hashed assets with a year-long immutable cache; a missing asset is a 404 in the envelope', async () => {
      const assets = readdirSync(join(__dirname, '..', 'dist', 'web', 'assets'));
      const js = assets.find((name) => /^index-[\w-]+\.js$/.test(name))!;
      expect(js).toBeDefined();
      const res = await t.api().get(`/dashboard/assets/${js}`).expect(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const missing = await t.api().get('/dashboard/assets/index-nothing.js').expect(404);
      expect(missing.body.error.code).toBe('not_found');
    });

    it('GET / links the dashboard and the docs; other unknown routes stay 404 in the envelope', async () => {
      const root = await t.api().get('/').expect(200);
      expect(root.headers['content-type']).toMatch(/^text\/html/);
      expect(root.text).toContain('href="/dashboard/"');
      expect(root.text).toContain('href="/docs"');
      for (const path of ['/nothing', '/v2/nothing', '/dashboardx']) {
        const res = await t.api().get(path).expect(404);
        expect(res.body.error.code).toBe('not_found');
      }
      // The webhook listener serves no dashboard.
      expect((await t.webhook().get('/dashboard/').expect(404)).body.error.code).toBe('not_found');
    });
  });

  describe('POST /v2/agents/:id/test-webhook', () => {
    it('queues an execution from a sample payload, as the webhook would', async () => {
      const res = await t
        .api()
        .post(`/v2/agents/${agentId}/test-webhook`)
        .set(bearer(key))
        .send({})
        .expect(202);
      expect(res.body.execution_id).toMatch(/^exe_/);
      const execution = await t
        .api()
        .get(`/v2/executions/${res.body.execution_id}`)
        .set(bearer(key))
        .expect(200);
      expect(execution.body.source).toBe('webhook');
      expect(execution.body.agent_id).toBe(agentId);
      expect(execution.body.input).toEqual(SAMPLE_WEBHOOK_INPUT);
    });

    it('takes the given input, whatever the webhook security of the agent', async () => {
      await t
        .api()
        .post(`/v2/agents/${agentId}/webhook-credentials`)
        .set(bearer(key))
        .send({ type: 'signature' })
        .expect(201);
      const input = { email: 'a@b.io', note: '<b>x</b>' };
      const res = await t
        .api()
        .post(`/v2/agents/${agentId}/test-webhook`)
        .set(bearer(key))
        .send({ input })
        .expect(202);
      const execution = await t
        .api()
        .get(`/v2/executions/${res.body.execution_id}`)
        .set(bearer(key))
        .expect(200);
      expect(execution.body.input).toEqual(input);
    });

    it('refuses a paused agent, bad input, another account, and a key without agents:trigger', async () => {
      const paused = await t
        .api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({ name: 'Paused' })
        .expect(201);
      await t
        .api()
        .patch(`/v2/agents/${paused.body.id}`)
        .set(bearer(key))
        .send({ status: 'paused' })
        .expect(200);
      const res = await t
        .api()
        .post(`/v2/agents/${paused.body.id}/test-webhook`)
        .set(bearer(key))
        .send({})
        .expect(409);
      expect(res.body.error.code).toBe('agent_paused');

      const bad = await t
        .api()
        .post(`/v2/agents/${agentId}/test-webhook`)
        .set(bearer(key))
        .send({ input: [1, 2] })
        .expect(400);
      expect(bad.body.error.field).toBe('input');

      const other = await t.seedAccount();
      const foreign = await t
        .api()
        .post(`/v2/agents/${agentId}/test-webhook`)
        .set(bearer(other.key))
        .send({})
        .expect(404);
      expect(foreign.body.error.code).toBe('not_found');

      const readOnly = await t.seedAccount({ scopes: ['agents:read', 'executions:read'] });
      const agent = await t.api().get('/v2/agents').set(bearer(readOnly.key)).expect(200);
      expect(agent.body.data).toEqual([]);
      await t
        .api()
        .post(`/v2/agents/${agentId}/test-webhook`)
        .set(bearer(readOnly.key))
        .send({})
        .expect(403);
    });
  });

  describe('PATCH /v2/agents/:id with config', () => {
    it('replaces the config, checked by the kind; errors name the field', async () => {
      const ok = await t
        .api()
        .patch(`/v2/agents/${agentId}`)
        .set(bearer(key))
        .send({ config: { threshold: 75 } })
        .expect(200);
      expect(ok.body.config).toMatchObject({ threshold: 75 });
      const read = await t.api().get(`/v2/agents/${agentId}`).set(bearer(key)).expect(200);
      expect(read.body.config).toMatchObject({ threshold: 75 });

      const bad = await t
        .api()
        .patch(`/v2/agents/${agentId}`)
        .set(bearer(key))
        .send({ config: { threshold: 'high' } })
        .expect(400);
      expect(bad.body.error.field).toBe('config.threshold');
      const notObject = await t
        .api()
        .patch(`/v2/agents/${agentId}`)
        .set(bearer(key))
        .send({ config: 'x' })
        .expect(400);
      expect(notObject.body.error.field).toBe('config');
      // Unchanged by the refused requests.
      const after = await t.api().get(`/v2/agents/${agentId}`).set(bearer(key)).expect(200);
      expect(after.body.config).toMatchObject({ threshold: 75 });
    });
  });
});

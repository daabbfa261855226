import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExecutionIntakeService } from '../src/executions/execution-intake.service';
import { MetricsService } from '../src/metrics/metrics.service';
import { LocalBus } from '../src/queue/local-bus';
import { RateLimitStore } from '../src/throttling/rate-limit-store';
import { seedAgent } from './support/agents';
import { bearer, startTestService, TestService } from './support/service';

/**
 * One container per process (docs/decisions/0001-one-container-two-listeners.md): the REST
 * and webhook listeners share the singletons, and each listener still answers only its own
 * paths, in its own envelope.
 */
describe('two listeners in front of one container', () => {
  let t: TestService;
  let key: string;

  beforeAll(async () => {
    t = await startTestService();
    ({ key } = await t.seedAccount());
  });
  afterAll(async () => t?.close());

  it('gives both listeners and the worker the same singletons', () => {
    const { api, webhook, worker } = t.service;
    for (const token of [ExecutionIntakeService, LocalBus, MetricsService, RateLimitStore]) {
      const one = api!.get(token, { strict: false });
      expect(webhook!.get(token, { strict: false })).toBe(one);
      expect(worker!.get(token, { strict: false })).toBe(one);
    }
  });

  it('answers the REST routes, the docs and the dashboard on the REST listener only', async () => {
    await t.api().get('/v2/account').set(bearer(key)).expect(200);
    for (const path of [
      '/v2/account',
      '/v2/openapi.json',
      '/docs',
      '/dashboard/',
      '/metrics',
      '/',
    ]) {
      const res = await t.webhook().get(path).set(bearer(key)).expect(404);
      expect(res.body).toMatchObject({ success: false, error: { code: 'not_found' } });
    }
  });

  it('answers the inbound webhook on the webhook listener only, whatever the case', async () => {
    const agent = await seedAgent(t, key);
    await t.webhook().post(`/webhook/${agent.webhookId}`).send({ email: 'a@b.io' }).expect(202);
    for (const path of [`/webhook/${agent.webhookId}`, `/WEBHOOK/${agent.webhookId}`]) {
      const res = await t.api().post(path).send({ email: 'a@b.io' }).expect(404);
      expect(res.body).toEqual({
        error: {
          code: 'not_found',
          message: expect.stringMatching(/^No route POST \/webhook\/\[redacted\]$/i),
          docs_url: expect.any(String),
        },
      });
    }
  });

  it('answers /health on both listeners, and unknown paths in each listener envelope', async () => {
    await t.api().get('/health').expect(200);
    await t.webhook().get('/health').expect(200);
    const rest = await t.api().get('/nothing-here').expect(404);
    expect(rest.body.success).toBeUndefined();
    expect(rest.body.error.message).toBe('No route GET /nothing-here');
    const hook = await t.webhook().post('/webhook/unknown').send({}).expect(404);
    expect(hook.body).toMatchObject({ success: false, error: { code: 'not_found' } });
    const path = await t.webhook().get('/nothing-here').expect(404);
    expect(path.body).toMatchObject({ success: false, error: { code: 'not_found' } });
  });
});

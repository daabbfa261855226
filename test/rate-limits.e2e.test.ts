import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeysService } from '../src/auth/api-keys.service';
import { seedAgent } from './support/agents';
import { limits } from './support/rate-limits';
import { bearer, startTestService, TestService } from './support/service';
import { eventually, waitFor } from './support/wait';

const DOCS = 'http://localhost:3000/docs';

function expectRateLimited(res: Response, maxRetryAfter: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({
    error: {
      code: 'rate_limited',
      message: expect.any(String),
      docs_url: `${DOCS}/errors/rate_limited`,
    },
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
}

describe('rate limits: headers, shared budget, plans (default windows)', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(async () => t?.close());

  it('counts a Free Trial account: X-RateLimit-* on every response, Remaining decreasing', async () => {
    const { key } = await t.seedAccount({ plan: 'free_trial' });
    for (let i = 1; i <= 3; i++) {
      const res = await t.api().get('/v2/account').set(bearer(key)).expect(200);
      const seen = limits(res);
      expect(seen.limit).toBe(100);
      expect(seen.remaining).toBe(100 - i);
      expect(seen.reset).toBeGreaterThan(0);
      expect(seen.reset).toBeLessThanOrEqual(3600);
      expect(res.headers['retry-after']).toBeUndefined();
    }
  });

  it('shares one budget between all keys of an account, and not with other accounts', async () => {
    const { accountId, key } = await t.seedAccount({ plan: 'pro' });
    const second = await t.service.api!.get(ApiKeysService).create(accountId);
    const seen: number[] = [];
    for (const k of [key, second.key, key, second.key]) {
      const res = await t.api().get('/v2/account').set(bearer(k)).expect(200);
      expect(limits(res).limit).toBe(1000);
      seen.push(limits(res).remaining);
    }
    expect(seen).toEqual([999, 998, 997, 996]);

    const other = await t.seedAccount({ plan: 'pro' });
    const res = await t.api().get('/v2/account').set(bearer(other.key)).expect(200);
    expect(limits(res).remaining).toBe(999);
  });

  it('does not count Enterprise accounts at all (no headers, no 429)', async () => {
    const { key } = await t.seedAccount({ plan: 'enterprise' });
    for (let i = 0; i < 25; i++) {
      const res = await t.api().get('/v2/account').set(bearer(key)).expect(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
    }
  });

  it('does not count public routes', async () => {
    const res = await t.api().get('/docs/errors/rate_limited').expect(200);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('counts webhook requests against the same account budget as REST', async () => {
    const { key } = await t.seedAccount({ plan: 'free_trial' });
    const agent = await seedAgent(t, key); // POST /v2/agents: 99 left
    const rest = await t.api().get('/v2/account').set(bearer(key)).expect(200);
    expect(limits(rest).remaining).toBe(98);

    const hook = await t.webhook().post(agent.path).send({ email: 'a@b.co' }).expect(202);
    expect(limits(hook)).toMatchObject({ limit: 100, remaining: 97 });

    const after = await t.api().get('/v2/account').set(bearer(key)).expect(200);
    expect(limits(after).remaining).toBe(96);
  });

  it('puts the headers on error responses of counted requests too (400, 403, 404, 401 webhook)', async () => {
    const owner = await t.seedAccount({ plan: 'pro' });
    const foreign = await seedAgent(t, owner.key, { webhookAuth: 'api_key' });
    const { accountId, key } = await t.seedAccount({ plan: 'pro' });
    const readOnly = await t.service
      .api!.get(ApiKeysService)
      .create(accountId, ['executions:read']);

    const notFound = await t.api().get(`/v2/agents/${foreign.id}`).set(bearer(key)).expect(404);
    expect(limits(notFound)).toMatchObject({ limit: 1000, remaining: 999 });
    const invalid = await t.api().get('/v2/agents?per_page=500').set(bearer(key)).expect(400);
    expect(limits(invalid).remaining).toBe(998);
    const forbidden = await t.api().get('/v2/agents').set(bearer(readOnly.key)).expect(403);
    expect(limits(forbidden).remaining).toBe(997);

    // A webhook request refused for its credentials counts against the agent's account.
    const before = limits(await t.api().get('/v2/account').set(bearer(owner.key)).expect(200));
    const refused = await t.webhook().post(foreign.path).send({}).expect(401);
    expect(limits(refused)).toMatchObject({ limit: 1000, remaining: before.remaining - 1 });
  });
});

describe('rate limits: the burst window', () => {
  let t: TestService;

  beforeAll(async () => {
    // A 2 s "second" so that 11 sequential requests surely fall into one burst window.
    t = await startTestService({ THROTTLE_SECOND_MS: '2000' });
  });
  afterAll(async () => t?.close());

  it('answers the 11th request within the burst window with 429, Retry-After and the envelope', async () => {
    const { key } = await t.seedAccount({ plan: 'free_trial' });
    for (let i = 1; i <= 10; i++) {
      const res = await t.api().get('/v2/account').set(bearer(key));
      expect(res.status).toBe(200);
      expect(limits(res).remaining).toBe(100 - i);
    }
    const refused = await t.api().get('/v2/account').set(bearer(key));
    expectRateLimited(refused, 2);
    expect(refused.body.error.message).toMatch(/10 requests per second/);
    // The refused request still carries the hourly headers (it is counted in the hour).
    expect(limits(refused)).toMatchObject({ limit: 100, remaining: 89 });

    // Once the burst window has passed, requests are served again. Each refused poll counts
    // in the hour (89 left): poll every 250 ms, not as fast as possible, or a fast machine
    // spends the hour's quota within the 2 s window and never sees a 200.
    const last = await waitFor(
      () => t.api().get('/v2/account').set(bearer(key)),
      (res) => res.status === 200,
      10_000,
      250,
    );
    expect(limits(last).remaining).toBeLessThan(89);
  });
});

describe('rate limits: a longer burst', () => {
  let t: TestService;

  beforeAll(async () => {
    // 51 sequential requests can take longer than 2 s on a loaded machine: a 30 s "second".
    t = await startTestService({ THROTTLE_SECOND_MS: '30000' });
  });
  afterAll(async () => t?.close());

  it('applies the Pro burst of 50', async () => {
    const { key } = await t.seedAccount({ plan: 'pro' });
    for (let i = 1; i <= 50; i++) {
      const res = await t.api().get('/v2/account').set(bearer(key));
      expect(res.status).toBe(200);
    }
    expectRateLimited(await t.api().get('/v2/account').set(bearer(key)), 30);
  });
});

describe('rate limits: the hourly budget', () => {
  let t: TestService;

  beforeAll(async () => {
    // Burst window of 1 ms: sequential requests never share one, so only the hour counts.
    t = await startTestService({ THROTTLE_SECOND_MS: '1', THROTTLE_HOUR_MS: '600000' });
  });
  afterAll(async () => t?.close());

  it('serves exactly 100 requests of a Free Trial account, then 429 on every key', async () => {
    const { accountId, key } = await t.seedAccount({ plan: 'free_trial' });
    for (let i = 1; i <= 100; i++) {
      const res = await t.api().get('/v2/account').set(bearer(key));
      expect(res.status).toBe(200);
      expect(limits(res).remaining).toBe(100 - i);
      expect(limits(res).reset).toBeLessThanOrEqual(600);
    }
    const refused = await t.api().get('/v2/account').set(bearer(key));
    expectRateLimited(refused, 600);
    expect(refused.body.error.message).toMatch(/100 requests per hour/);
    expect(limits(refused)).toMatchObject({ limit: 100, remaining: 0 });
    const metrics = await t.api().get('/metrics').expect(200);
    expect(metrics.text).toMatch(/aas_rate_limited_total\{scope="account"\} 1\b/);

    const second = await t.service.api!.get(ApiKeysService).create(accountId);
    expectRateLimited(await t.api().get('/v2/account').set(bearer(second.key)), 600);

    // Another account is unaffected.
    const other = await t.seedAccount({ plan: 'free_trial' });
    await t.api().get('/v2/account').set(bearer(other.key)).expect(200);
  });
});

describe('rate limits: failed authentication per client IP', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService({ THROTTLE_AUTH_WINDOW_MS: '2000' });
  });
  afterAll(async () => t?.close());

  it('answers 401 for 60 failed attempts, then 429 until the window passes; valid keys still work', async () => {
    const { key } = await t.seedAccount({ plan: 'enterprise' });
    for (let i = 1; i <= 60; i++) {
      // Alternate an unknown key of the right form (looked up) and a malformed header.
      const res =
        i % 2
          ? await t.api().get('/v2/account').set(bearer('aas_not-a-real-key'))
          : await t.api().get('/v2/account').set('Authorization', 'Basic abc');
      expect(res.status).toBe(401);
      expect(limits(res)).toMatchObject({ limit: 60, remaining: 60 - i });
    }
    const refused = await t.api().get('/v2/account').set(bearer('aas_not-a-real-key'));
    expectRateLimited(refused, 2);
    expect(limits(refused).remaining).toBe(0);
    expectRateLimited(await t.api().get('/v2/account'), 2);

    const metrics = await t.api().get('/metrics').expect(200);
    expect(metrics.text).toMatch(/aas_rate_limited_total\{scope="ip"\} 2\b/);

    // The limit is on failed attempts only: a valid key from the same address is served.
    await t.api().get('/v2/account').set(bearer(key)).expect(200);

    await eventually(async () => {
      const res = await t.api().get('/v2/account').set(bearer('aas_not-a-real-key'));
      return res.status === 401;
    });
  });
});

describe('rate limits: failed webhook authentication per client IP', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(async () => t?.close());

  it('answers 401 for 60 wrong webhook keys, then 429 in the webhook envelope', async () => {
    const { key } = await t.seedAccount({ plan: 'enterprise' });
    const agent = await seedAgent(t, key, { webhookAuth: 'api_key' });
    for (let i = 0; i < 60; i++) {
      await t.webhook().post(agent.path).set('X-API-Key', 'whk_wrong').send({}).expect(401);
    }
    const refused = await t
      .webhook()
      .post(agent.path)
      .set('X-API-Key', 'whk_wrong')
      .send({})
      .expect(429);
    expect(refused.body).toEqual({
      success: false,
      message: expect.any(String),
      error: {
        code: 'rate_limited',
        message: expect.any(String),
        docs_url: `${DOCS}/errors/rate_limited`,
      },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The same address is refused on the REST listener too: one counter per IP.
    expectRateLimited(await t.api().get('/v2/account').set(bearer('aas_wrong')), 60);
    // The right key is still accepted.
    await t.webhook().post(agent.path).set('X-API-Key', agent.apiKey!).send({}).expect(202);
  });
});

describe('rate limits: Redis unreachable', () => {
  let t: TestService;

  beforeAll(async () => {
    // Nothing listens on port 1: every counter operation fails at once.
    t = await startTestService({ REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => t?.close());

  it('serves requests without counting them (fail open), never 500', async () => {
    const { key } = await t.seedAccount({ plan: 'free_trial' });
    for (let i = 0; i < 12; i++) {
      const res = await t.api().get('/v2/account').set(bearer(key));
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const bad = await t.api().get('/v2/account').set(bearer('aas_not-a-real-key'));
    expect(bad.status).toBe(401);
  });
});

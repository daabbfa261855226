import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/process';
import { startTestService, TestService } from './support/service';

describe('GET /health', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(async () => t?.close());

  it('answers 200 with both checks up, without authentication, on both listeners', async () => {
    const api = await t.api().get('/health').expect(200);
    expect(api.body).toEqual({
      status: 'ok',
      checks: { database: 'up', queue: 'up', schema: 'up' },
    });
    expect(api.headers['cache-control']).toBe('no-store');
    const webhook = await t.webhook().get('/health').expect(200);
    expect(webhook.body).toEqual({
      status: 'ok',
      checks: { database: 'up', queue: 'up', schema: 'up' },
    });
  });

  it('is not under /v2', async () => {
    const res = await t.api().get('/v2/health').expect(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('GET /health when the database is unreachable', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(async () => t?.close());

  it('answers 503 naming the database (and the table-backed queue) down', async () => {
    await t.api().get('/health').expect(200);
    await t.service.dataSource.destroy();
    const res = await t.api().get('/health').expect(503);
    expect(res.body).toEqual({
      status: 'error',
      checks: { database: 'down', queue: 'down', schema: 'down' },
    });
    const webhook = await t.webhook().get('/health').expect(503);
    expect(webhook.body.checks.database).toBe('down');
  });
});

describe('GET /health with REDIS_URL pointing at no Redis', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
  });
  afterAll(async () => t?.close());

  it('answers 503 with the queue down and the database up', async () => {
    const res = await t.api().get('/health').expect(503);
    expect(res.body).toEqual({
      status: 'error',
      checks: { database: 'up', queue: 'down', schema: 'up' },
    });
  });
});

describe.skipIf(!process.env.REDIS_URL)('GET /health with a live Redis', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService({ REDIS_URL: process.env.REDIS_URL! });
  });
  afterAll(async () => t?.close());

  it('pings Redis and answers 200', async () => {
    const res = await t.api().get('/health').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      checks: { database: 'up', queue: 'up', schema: 'up' },
    });
  });
});

import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Service, startService } from '../src/bootstrap';
import { loadConfig } from '../src/config/configuration';
import { RedisThrottlerStorage } from '../src/throttling/redis-throttler-storage';
import { seedAgent } from './support/agents';
import { limits } from './support/rate-limits';
import { bearer, startTestService, TEST_SECRET_KEY, TestService } from './support/service';
import { eventually } from './support/wait';

const REDIS_URL = process.env.REDIS_URL;
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A key prefix of its own, so that suites running at the same time never share counters. */
const uniquePrefix = () => `aas:test:${randomBytes(6).toString('hex')}`;

describe.skipIf(!REDIS_URL)('rate limits in Redis (REDIS_URL)', () => {
  let a: TestService;
  let b: Service;
  const apiA = () => a.api();
  const apiB = () => request(b.api!.getHttpServer());

  beforeAll(async () => {
    const env = {
      REDIS_URL: REDIS_URL!,
      THROTTLE_KEY_PREFIX: uniquePrefix(),
      QUEUE_PREFIX: uniquePrefix(),
      // Short windows: keys left behind expire quickly; 5 s bursts hold a sequential run.
      THROTTLE_HOUR_MS: '60000',
      THROTTLE_SECOND_MS: '5000',
      THROTTLE_AUTH_WINDOW_MS: '60000',
    };
    a = await startTestService(env);
    // A second process on the same database and the same Redis (here: in the same node
    // process, with its own applications, DataSource and Redis connection).
    b = await startService(
      loadConfig({ SECRET_KEY: TEST_SECRET_KEY, LOG_LEVEL: 'silent', ...a.db.env, ...env }),
    );
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('shares one account budget, REST and webhook, between two service instances', async () => {
    const { key } = await a.seedAccount({ plan: 'free_trial' });
    const seen: number[] = [];
    for (const api of [apiA, apiB, apiA, apiB]) {
      const res = await api().get('/v2/account').set(bearer(key)).expect(200);
      expect(limits(res).limit).toBe(100);
      expect(limits(res).reset).toBeLessThanOrEqual(60);
      seen.push(limits(res).remaining);
    }
    expect(seen).toEqual([99, 98, 97, 96]);

    // A webhook request on instance B counts in the budget that instance A reports.
    const agent = await seedAgent(a, key); // 95 left
    const hook = await request(b.webhook!.getHttpServer()).post(agent.path).send({}).expect(202);
    expect(limits(hook).remaining).toBe(94);
    const rest = await apiA().get('/v2/account').set(bearer(key)).expect(200);
    expect(limits(rest).remaining).toBe(93);
  });

  it('refuses the 11th request of a burst spread over both instances', async () => {
    const { key } = await a.seedAccount({ plan: 'free_trial' });
    for (let i = 0; i < 10; i++) {
      await (i % 2 ? apiB : apiA)().get('/v2/account').set(bearer(key)).expect(200);
    }
    const refused = await apiB().get('/v2/account').set(bearer(key)).expect(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(5);
    await apiA().get('/v2/account').set(bearer(key)).expect(429);
  });

  it('shares the failed-authentication limit per IP between instances', async () => {
    for (let i = 0; i < 60; i++) {
      await (i % 2 ? apiB : apiA)().get('/v2/account').set(bearer('bad')).expect(401);
    }
    const refused = await apiA().get('/v2/account').set(bearer('bad')).expect(429);
    expect(refused.body.error.code).toBe('rate_limited');
    await apiB().get('/v2/account').set(bearer('bad')).expect(429);
  });

  it('stores fixed windows atomically with the ThrottlerStorage record semantics', async () => {
    const storage = new RedisThrottlerStorage(REDIS_URL!, () => undefined);
    try {
      expect(await storage.waitUntilReady(2000)).toBe(true);
      const key = `${uniquePrefix()}:{unit}:w`;
      const results = await Promise.all(
        Array.from({ length: 5 }, () => storage.increment(key, 3000, 3, 0, 'w')),
      );
      expect(results.map((r) => r.totalHits).sort()).toEqual([1, 2, 3, 4, 5]);
      for (const r of results) {
        expect(r.timeToExpire).toBeGreaterThanOrEqual(1);
        expect(r.timeToExpire).toBeLessThanOrEqual(3);
        expect(r.isBlocked).toBe(r.totalHits > 3);
        expect(r.timeToBlockExpire).toBe(r.isBlocked ? r.timeToExpire : 0);
      }
      // With a block duration, exceeding the limit blocks for that long.
      const blockKey = `${uniquePrefix()}:{unit}:b`;
      await storage.increment(blockKey, 1000, 1, 4000, 'b');
      const blocked = await storage.increment(blockKey, 1000, 1, 4000, 'b');
      expect(blocked).toMatchObject({ isBlocked: true, timeToBlockExpire: 4 });
    } finally {
      await storage.close();
    }
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!REDIS_URL || !hasRedisServer)(
  'rate limits when Redis goes away and returns',
  () => {
    let t: TestService;
    let redis: ChildProcess | undefined;
    let port: number;

    const startRedis = async () => {
      redis = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      await eventually(
        async () => spawnSync('redis-cli', ['-p', String(port), 'ping']).status === 0,
      );
    };
    const stopRedis = async () => {
      const child = redis;
      redis = undefined;
      if (!child || child.exitCode !== null) return;
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGKILL');
      });
    };

    beforeAll(async () => {
      port = await freePort();
      await startRedis();
      t = await startTestService({
        REDIS_URL: `redis://127.0.0.1:${port}`,
        THROTTLE_KEY_PREFIX: uniquePrefix(),
      });
    });
    afterAll(async () => {
      await t?.close();
      await stopRedis();
    });

    it('serves without counting while Redis is down, and counts again once it is back', async () => {
      const { key } = await t.seedAccount({ plan: 'pro' });
      const counted = await t.api().get('/v2/account').set(bearer(key)).expect(200);
      expect(limits(counted).remaining).toBe(999);

      await stopRedis();
      for (let i = 0; i < 3; i++) {
        const res = await t.api().get('/v2/account').set(bearer(key));
        expect(res.status).toBe(200);
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
      await t.api().get('/v2/account').set(bearer('bad')).expect(401);

      await startRedis(); // empty: the new server has no counters
      await eventually(async () => {
        const res = await t.api().get('/v2/account').set(bearer(key)).expect(200);
        return res.headers['x-ratelimit-limit'] === '1000';
      });
      const again = await t.api().get('/v2/account').set(bearer(key)).expect(200);
      expect(limits(again).remaining).toBe(998);
    });
  },
);

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  loadConfig,
  maskUrlCredentials,
  redactConfigSecrets,
} from '../../src/config/configuration';

const base = () => ({ DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'cfg-')), 'db.sqlite') });

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig(base());
    expect(config).toMatchObject({
      port: 3000,
      webhookPort: 3001,
      baseUrl: 'http://localhost:3000/v2',
      webhookBaseUrl: 'http://localhost:3001',
      docsUrl: 'http://localhost:3000/docs',
      databaseUrl: null,
      redisUrl: null,
      outboundAllowPrivate: false,
      syncWaitMs: 30000,
      callbackRetryBaseMs: 10000,
      callbackTimeoutMs: 10000,
      callbackConcurrency: 16,
      workerYieldMs: 100,
      workerYieldLimitMs: 10_000,
    });
    expect([...config.roles].sort()).toEqual(['api', 'webhook', 'worker']);
  });

  it('generates SECRET_KEY once into the data folder and reuses it', () => {
    const env = base();
    const first = loadConfig(env).secretKey;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(env).secretKey).toBe(first);
    expect(readFileSync(join(env.DATABASE_PATH, '..', 'secret.key'), 'utf8')).toBe(first);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['WEBHOOK_PORT', '-1'],
    ['BASE_URL', 'not a url'],
    ['DATABASE_URL', 'postgres://x@y/z'],
    ['REDIS_URL', 'http://localhost'],
    ['ROLE', 'api,cook'],
    ['SECRET_KEY', 'too-short'],
    ['SECRET_KEY', ''],
    ['SECRET_KEY_PREVIOUS', 'too-short'],
    ['OUTBOUND_ALLOW_PRIVATE', 'maybe'],
    ['SYNC_WAIT_MS', '1.5'],
    ['THROTTLE_HOUR_MS', '0'],
    ['THROTTLE_SECOND_MS', 'fast'],
    ['THROTTLE_AUTH_WINDOW_MS', '-5'],
    ['THROTTLE_KEY_PREFIX', 'has spaces'],
    ['CALLBACK_TIMEOUT_MS', '0'],
    ['CALLBACK_CONCURRENCY', 'many'],
    ['WORKER_LEASE_MS', '50'],
    ['WORKER_POLL_MS', 'often'],
    ['WORKER_YIELD_MS', '1001'],
    ['WORKER_YIELD_MS', '-1'],
    ['WORKER_YIELD_LIMIT_MS', 'soon'],
    ['HOST', 'two words'],
    ['HOST', 'http://example.com'],
    ['KEEP_ALIVE_TIMEOUT_MS', '500'],
    ['REQUEST_TIMEOUT_MS', '0'],
  ])('rejects %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ ...base(), [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ ...base(), [name]: value })).toThrowError(
      new RegExp(`\\b${name}\\b`),
    );
  });

  it('has the rate-limit windows of the plans by default, overridable for tests', () => {
    expect(loadConfig(base()).rateLimit).toEqual({
      hourMs: 3_600_000,
      secondMs: 1000,
      failedAuthWindowMs: 60_000,
      keyPrefix: 'aas:rl',
    });
    const env = { THROTTLE_HOUR_MS: '5000', THROTTLE_SECOND_MS: '1', THROTTLE_KEY_PREFIX: 'x:y' };
    expect(loadConfig({ ...base(), ...env }).rateLimit).toMatchObject({
      hourMs: 5000,
      secondMs: 1,
      keyPrefix: 'x:y',
    });
  });

  it('splits ROLE into roles', () => {
    expect([...loadConfig({ ...base(), ROLE: 'api, worker' }).roles]).toEqual(['api', 'worker']);
  });

  it('refuses an empty or too short key file instead of replacing it', () => {
    for (const content of ['', '  \n', 'x'.repeat(31)]) {
      const env = base();
      mkdirSync(join(env.DATABASE_PATH, '..'), { recursive: true });
      writeFileSync(join(env.DATABASE_PATH, '..', 'secret.key'), content);
      expect(() => loadConfig(env)).toThrowError(ConfigError);
      expect(() => loadConfig(env)).toThrowError(/secret\.key is (empty|only 31 characters)/);
      // The file is left as it was.
      expect(readFileSync(join(env.DATABASE_PATH, '..', 'secret.key'), 'utf8')).toBe(content);
    }
    const env = base();
    writeFileSync(join(env.DATABASE_PATH, '..', 'secret.key'), ` ${'k'.repeat(32)}\n`);
    expect(loadConfig(env).secretKey).toBe('k'.repeat(32));
  });

  it('reads SECRET_KEY_PREVIOUS', () => {
    expect(loadConfig(base()).secretKeyPrevious).toBeNull();
    expect(loadConfig({ ...base(), SECRET_KEY_PREVIOUS: 'p'.repeat(32) }).secretKeyPrevious).toBe(
      'p'.repeat(32),
    );
  });

  it.each([
    ['DATABASE_URL', 'mysql://aas:Pa55-secret@db:notaport/app'],
    ['DATABASE_URL', 'mysql://aas:Pa55-secret with space@db:port/app'],
    ['DATABASE_URL', 'mysql://aas:Pa55/Pa55-secret@db/app'],
    ['REDIS_URL', 'redis://:Pa55-secret@redis:port'],
  ])('never echoes the password of a bad %s', (name, value) => {
    let message = '';
    try {
      loadConfig({ ...base(), [name]: value });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`\\b${name}\\b`));
    expect(message).not.toContain('Pa55-secret');
  });

  it('masks credentials of URLs and of the configuration in messages', () => {
    expect(maskUrlCredentials('mysql://u:p@ss@host:1/db')).toBe('mysql://***@host:1/db');
    expect(maskUrlCredentials('mysql://host/db')).toBe('mysql://host/db');
    const env = {
      DATABASE_URL: 'mysql://aas:p%40ssw0rd@db/app',
      REDIS_URL: 'redis://:redis-pw@r:6379',
      SECRET_KEY: 's'.repeat(32),
    };
    expect(redactConfigSecrets(`a p%40ssw0rd b p@ssw0rd c redis-pw d ${'s'.repeat(32)}`, env)).toBe(
      'a *** b *** c *** d ***',
    );
  });

  it('has keep-alive above load balancers’ idle timeouts and a request timeout under a minute', () => {
    expect(loadConfig(base())).toMatchObject({
      host: null,
      keepAliveTimeoutMs: 65_000,
      requestTimeoutMs: 30_000,
    });
    const env = { KEEP_ALIVE_TIMEOUT_MS: '120000', REQUEST_TIMEOUT_MS: '5000' };
    expect(loadConfig({ ...base(), ...env })).toMatchObject({
      keepAliveTimeoutMs: 120_000,
      requestTimeoutMs: 5000,
    });
  });

  describe('public URLs not set explicitly follow PORT, WEBHOOK_PORT and HOST', () => {
    const urls = (env: Record<string, string>) => {
      const { baseUrl, webhookBaseUrl, docsUrl } = loadConfig({ ...base(), ...env });
      return { baseUrl, webhookBaseUrl, docsUrl };
    };

    it('follows the ports', () => {
      expect(urls({ PORT: '8080', WEBHOOK_PORT: '8081' })).toEqual({
        baseUrl: 'http://localhost:8080/v2',
        webhookBaseUrl: 'http://localhost:8081',
        docsUrl: 'http://localhost:8080/docs',
      });
      // Port 80 is http's own: left out.
      expect(urls({ PORT: '80' }).baseUrl).toBe('http://localhost/v2');
    });

    it.each([
      ['127.0.0.1', 'http://127.0.0.1:4000'],
      ['api.internal', 'http://api.internal:4000'],
      ['::1', 'http://[::1]:4000'],
      ['[::1]', 'http://[::1]:4000'],
      // Every interface is no address a client can use.
      ['0.0.0.0', 'http://localhost:4000'],
      ['::', 'http://localhost:4000'],
    ])('HOST=%s gives %s', (host, origin) => {
      const config = loadConfig({ ...base(), HOST: host, PORT: '4000', WEBHOOK_PORT: '4001' });
      expect(config.baseUrl).toBe(`${origin}/v2`);
      expect(config.docsUrl).toBe(`${origin}/docs`);
      expect(config.webhookBaseUrl).toBe(origin.replace(':4000', ':4001'));
      expect(config.host).toBe(host.replace(/^\[|\]$/g, ''));
    });

    it('puts the docs beside an explicit BASE_URL, and keeps explicit URLs as given', () => {
      expect(urls({ BASE_URL: 'https://api.example.com/v2/', PORT: '9000' })).toEqual({
        baseUrl: 'https://api.example.com/v2',
        webhookBaseUrl: 'http://localhost:3001',
        docsUrl: 'https://api.example.com/docs',
      });
      const explicit = {
        BASE_URL: 'https://api.example.com/v2',
        WEBHOOK_BASE_URL: 'https://hooks.example.com',
        DOCS_URL: 'https://docs.example.com/aas',
      };
      expect(urls({ ...explicit, PORT: '9000', WEBHOOK_PORT: '9001', HOST: '10.0.0.5' })).toEqual({
        baseUrl: 'https://api.example.com/v2',
        webhookBaseUrl: 'https://hooks.example.com',
        docsUrl: 'https://docs.example.com/aas',
      });
    });
  });
});

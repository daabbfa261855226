import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/common/logging.module';
import { ConfigError, loadConfig } from '../../src/config/configuration';
import { ownOrigins, readCookie, requestSource } from '../../src/sessions/session-cookie';
import { hashPassword, verifyPassword } from '../../src/users/password';

const req = (headers: Record<string, string>, protocol = 'http') =>
  ({ headers, protocol }) as unknown as Request;

describe('dashboard auth pieces', () => {
  it('hashes passwords with scrypt and a salt, and verifies them', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('correct horse battery', null)).toBe(false);
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });

  it('reads one cookie from the header', () => {
    expect(readCookie(req({ cookie: 'a=1; aas_session=tok%2Den; b=2' }), 'aas_session')).toBe(
      'tok-en',
    );
    expect(readCookie(req({ cookie: 'xaas_session=1' }), 'aas_session')).toBeNull();
    expect(readCookie(req({}), 'aas_session')).toBeNull();
    expect(readCookie(req({ cookie: 'aas_session=%E0%A4%A' }), 'aas_session')).toBeNull();
  });

  it('tells where a request comes from and what the own origins are', () => {
    expect(requestSource(req({ origin: 'https://a.example' }))).toBe('https://a.example');
    expect(requestSource(req({ referer: 'https://a.example/x?y' }))).toBe('https://a.example');
    expect(requestSource(req({ origin: 'null' }))).toBe('invalid');
    expect(requestSource(req({}))).toBeNull();
    expect([
      ...ownOrigins(req({ host: 'api.example:8443' }, 'https'), 'http://localhost:3000/v2'),
    ]).toEqual(['http://localhost:3000', 'https://api.example:8443']);
  });

  it('keeps setup tokens out of logged URLs', () => {
    expect(redactUrl('/dashboard/setup-password?token=abc123&x=1')).toBe(
      '/dashboard/setup-password?token=[redacted]&x=1',
    );
  });

  it('parses TRUST_PROXY and the session settings', () => {
    const base = { SECRET_KEY: 'k'.repeat(32), DATABASE_PATH: '/tmp/aas-unit/x.sqlite' };
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'everyone' })).toThrow(ConfigError);
    const config = loadConfig(base);
    expect(config.sessionIdleMs).toBe(12 * 3_600_000);
    expect(config.sessionMaxMs).toBe(7 * 86_400_000);
    expect(config.signIn).toEqual({ perAddress: 10, perIp: 50, windowMs: 900_000 });
  });
});

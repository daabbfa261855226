import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectionsCheckingInterval } from '../../src/common/http-timeouts';
import { startupLine } from '../../src/common/startup-line';
import { loadConfig } from '../../src/config/configuration';

const config = (env: Record<string, string> = {}) =>
  loadConfig({ DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'cfg-')), 'db.sqlite'), ...env });
const all = { api: true, webhook: true, worker: true };

describe('the start line', () => {
  it('names the API, docs and webhook URLs', () => {
    expect(startupLine(config({ PORT: '8080', WEBHOOK_PORT: '8081' }), all)).toBe(
      'Agent Automation Service ready: API http://localhost:8080/v2, docs http://localhost:8080/docs, dashboard http://localhost:8080/dashboard/, ' +
        'webhooks http://localhost:8081/webhook/<webhook_id>, worker running',
    );
  });

  it('adds the ports listened on when the public URLs are elsewhere (behind a proxy)', () => {
    const line = startupLine(
      config({
        BASE_URL: 'https://api.example.com/v2',
        WEBHOOK_BASE_URL: 'https://hooks.example.com',
      }),
      all,
    );
    expect(line).toContain(
      'API https://api.example.com/v2, docs https://api.example.com/docs, dashboard https://api.example.com/dashboard/',
    );
    expect(line).toContain('webhooks https://hooks.example.com/webhook/<webhook_id>');
    expect(line).toMatch(/\(listening: API on port 3000, webhooks on port 3001\)$/);
  });

  it('names only the parts this process runs', () => {
    const line = startupLine(config(), { api: false, webhook: true, worker: false });
    expect(line).toBe(
      'Agent Automation Service ready: webhooks http://localhost:3001/webhook/<webhook_id>',
    );
    expect(startupLine(config(), { api: false, webhook: false, worker: true })).toBe(
      'Agent Automation Service ready: worker running',
    );
  });
});

describe('connection checks', () => {
  it('look for late requests often enough to cut them within 10 % of REQUEST_TIMEOUT_MS', () => {
    expect(connectionsCheckingInterval(30_000)).toBe(1000);
    expect(connectionsCheckingInterval(1500)).toBe(150);
    expect(connectionsCheckingInterval(100)).toBe(50);
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/configuration';
import {
  readServiceUrls,
  type RecordedUrls,
  recordServiceUrls,
  SERVICE_URLS_FILE,
  withServiceUrls,
} from '../../src/database/service-urls';

const folder = () => mkdtempSync(join(tmpdir(), 'urls-'));
const config = (dir: string, env: Record<string, string> = {}) =>
  loadConfig({ DATABASE_PATH: join(dir, 'db.sqlite'), SECRET_KEY: 'k'.repeat(32), ...env });
// SQLite records into the data folder: no statement is sent.
const noDatabase = {} as DataSource;

describe('the public URLs a service records for the CLI', () => {
  it('records what each listener role serves, beside the secret key (SQLite)', async () => {
    const dir = folder();
    await recordServiceUrls(noDatabase, config(dir, { ROLE: 'worker' }));
    expect(await readServiceUrls(noDatabase, config(dir))).toEqual({});

    await recordServiceUrls(noDatabase, config(dir, { ROLE: 'api', PORT: '5100' }));
    await recordServiceUrls(noDatabase, config(dir, { ROLE: 'webhook', WEBHOOK_PORT: '5101' }));
    // A worker started later changes nothing; each role kept what the other wrote.
    await recordServiceUrls(noDatabase, config(dir, { ROLE: 'worker', PORT: '9' }));
    expect(await readServiceUrls(noDatabase, config(dir))).toEqual({
      base_url: 'http://localhost:5100/v2',
      docs_url: 'http://localhost:5100/docs',
      dashboard_url: 'http://localhost:5100/dashboard',
      webhook_base_url: 'http://localhost:5101',
    });
    expect(JSON.parse(readFileSync(join(dir, SERVICE_URLS_FILE), 'utf8')).recorded_at).toMatch(
      /^\d{4}-\d\d-\d\dT/,
    );
  });

  it('reads a file edited into something else as nothing recorded', async () => {
    const dir = folder();
    writeFileSync(join(dir, SERVICE_URLS_FILE), '{"base_url": "javascript:alert(1)", "x": 1');
    expect(await readServiceUrls(noDatabase, config(dir))).toEqual({});
    writeFileSync(join(dir, SERVICE_URLS_FILE), '{"base_url": "javascript:alert(1)"}');
    expect(await readServiceUrls(noDatabase, config(dir))).toEqual({});
  });

  describe('in the CLI: what its environment sets wins, then what was recorded', () => {
    const recorded = {
      base_url: 'http://127.0.0.1:5100/v2',
      docs_url: 'http://127.0.0.1:5100/docs',
      dashboard_url: 'http://127.0.0.1:5100/dashboard',
      webhook_base_url: 'http://127.0.0.1:5101',
    };
    const urls = (env: Record<string, string>, from: RecordedUrls = recorded) => {
      const { baseUrl, docsUrl, dashboardUrl, webhookBaseUrl } = withServiceUrls(
        config(folder(), env),
        from,
        env,
      );
      return { baseUrl, docsUrl, dashboardUrl, webhookBaseUrl };
    };

    it('takes the recorded URLs when the environment names none', () => {
      expect(urls({})).toEqual({
        baseUrl: recorded.base_url,
        docsUrl: recorded.docs_url,
        dashboardUrl: recorded.dashboard_url,
        webhookBaseUrl: recorded.webhook_base_url,
      });
      // Ports in the CLI's environment are not URLs: the service's record still wins.
      expect(urls({ PORT: '7000', WEBHOOK_PORT: '' }).baseUrl).toBe(recorded.base_url);
    });

    it('keeps an explicit URL, with the docs and the dashboard beside an explicit BASE_URL', () => {
      expect(urls({ BASE_URL: 'https://api.example.com/v2' })).toEqual({
        baseUrl: 'https://api.example.com/v2',
        docsUrl: 'https://api.example.com/docs',
        dashboardUrl: 'https://api.example.com/dashboard',
        webhookBaseUrl: recorded.webhook_base_url,
      });
      expect(
        urls({ WEBHOOK_BASE_URL: 'https://hooks.example.com', DOCS_URL: 'https://d.io' }),
      ).toEqual({
        baseUrl: recorded.base_url,
        docsUrl: 'https://d.io',
        dashboardUrl: recorded.dashboard_url,
        webhookBaseUrl: 'https://hooks.example.com',
      });
    });

    it('derives from its own environment what nothing recorded', () => {
      expect(urls({ PORT: '7000' }, {})).toEqual({
        baseUrl: 'http://localhost:7000/v2',
        docsUrl: 'http://localhost:7000/docs',
        dashboardUrl: 'http://localhost:7000/dashboard',
        webhookBaseUrl: 'http://localhost:3001',
      });
    });
  });
});

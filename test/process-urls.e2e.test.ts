import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './support/cli';
import { createTestDatabase, TestDatabase } from './support/database';
import { ServiceProcess, startServiceProcess } from './support/process';
import { TEST_SECRET_KEY } from './support/service';

/**
 * The public URLs a process derives when BASE_URL, WEBHOOK_BASE_URL and DOCS_URL are unset:
 * from HOST and its (non-default) ports, in what it answers and in what it prints.
 */
describe('URLs derived from HOST and the ports (the built service as a real process)', () => {
  let db: TestDatabase;
  let proc: ServiceProcess;
  let api: string;
  let hooks: string;

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    proc = await startServiceProcess(
      { SECRET_KEY: TEST_SECRET_KEY, MIGRATE_ON_START: 'true', HOST: '127.0.0.1', ...db.env },
      { derivedUrls: true },
    );
    api = `http://127.0.0.1:${proc.port}`;
    hooks = `http://127.0.0.1:${proc.webhookPort}`;
  });
  afterAll(async () => {
    proc?.killAll();
    await db?.drop();
  });

  const get = async (url: string, init: { method?: 'GET' | 'POST'; body?: string } = {}) => {
    const res = await request(url, {
      method: init.method ?? 'GET',
      body: init.body,
      headers: init.body ? { 'content-type': 'application/json' } : {},
    });
    return { status: res.statusCode, text: await res.body.text() };
  };

  it('links errors of both listeners to the docs on the API’s own port', async () => {
    const rest = await get(`${api}/v2/agents`);
    expect(rest.status).toBe(401);
    const docsUrl = JSON.parse(rest.text).error.docs_url as string;
    expect(docsUrl).toBe(`${api}/docs/errors/unauthorized`);
    // ... and the link leads to the page.
    const page = await get(docsUrl);
    expect(page.status).toBe(200);
    expect(page.text).toContain('unauthorized');

    const webhook = await get(`${hooks}/webhook/wh_nothing`, { method: 'POST', body: '{}' });
    expect(webhook.status).toBe(404);
    expect(JSON.parse(webhook.text).error.docs_url).toBe(`${api}/docs/errors/not_found`);
  });

  it('names both listeners’ real addresses as the OpenAPI servers', async () => {
    const document = JSON.parse((await get(`${api}/v2/openapi.json`)).text) as {
      servers: { url: string }[];
      paths: Record<string, { servers?: { url: string }[] }>;
    };
    expect(document.servers.map((server) => server.url)).toEqual([api]);
    const webhookPath = Object.keys(document.paths).find((path) => path.startsWith('/webhook/'));
    expect(document.paths[webhookPath!].servers?.map((server) => server.url)).toEqual([hooks]);
  });

  it('prints one line with the URLs at start', () => {
    const line = proc
      .output()
      .split('\n')
      .find((text) => text.startsWith('Agent Automation Service ready:'));
    expect(line).toBe(
      `Agent Automation Service ready: API ${api}/v2, docs ${api}/docs, dashboard ${api}/dashboard/, ` +
        `webhooks ${hooks}/webhook/<webhook_id>, worker running`,
    );
  });
});

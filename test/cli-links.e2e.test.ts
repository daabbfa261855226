import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBudget, ensureBuilt, parseOutput, runCli } from './support/cli';
import { createTestDatabase, TestDatabase } from './support/database';
import { ServiceProcess, startServiceProcess } from './support/process';
import { TEST_SECRET_KEY } from './support/service';

/**
 * The links the CLI prints lead to the running service: started on other ports than the
 * defaults (and, on MySQL, as an api process and a webhook process), it records its public
 * URLs, and the CLI, whose environment names none, prints those.
 */
describe('CLI links follow the running service', () => {
  let db: TestDatabase;
  const procs: ServiceProcess[] = [];
  let api: string;
  let hooks: string;
  const cli = (args: string[], extra: Record<string, string> = {}) =>
    runCli(args, { ...db.env, SECRET_KEY: TEST_SECRET_KEY, LOG_LEVEL: 'silent', ...extra });

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    const env = { SECRET_KEY: TEST_SECRET_KEY, MIGRATE_ON_START: 'true', HOST: '127.0.0.1' };
    if (db.driver === 'sqlite') {
      // SQLite: one process of every role.
      const all = await startServiceProcess({ ...env, ...db.env }, { derivedUrls: true });
      procs.push(all);
      api = `http://127.0.0.1:${all.port}`;
      hooks = `http://127.0.0.1:${all.webhookPort}`;
    } else {
      // MySQL: the REST API and the webhook listener in processes of their own, each on
      // ports the other does not use; each records what it serves.
      const rest = await startServiceProcess(
        { ...env, ...db.env, ROLE: 'api' },
        { derivedUrls: true },
      );
      procs.push(rest);
      const inbound = await startServiceProcess(
        { ...env, ...db.env, ROLE: 'webhook' },
        { derivedUrls: true },
      );
      procs.push(inbound);
      api = `http://127.0.0.1:${rest.port}`;
      hooks = `http://127.0.0.1:${inbound.webhookPort}`;
    }
  }, 120_000);
  afterAll(async () => {
    for (const proc of procs) proc.killAll();
    await db?.drop();
  });

  it(
    'seed:demo prints a sign-in link and a webhook URL that the running service answers',
    async () => {
      const out = parseOutput(await cli(['seed:demo']));
      const signIn = new URL(String(out.sign_in_url));
      expect(signIn.origin).toBe(api);
      expect(signIn.pathname).toBe('/dashboard/setup-password');
      expect(String(out.webhook_url)).toMatch(
        new RegExp(`^${hooks.replace(/[.]/g, '\\.')}/webhook/[A-Za-z0-9_-]{32}$`),
      );

      // The link opens the dashboard's page ...
      const page = await request(signIn.href);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      await page.body.text();
      // ... and its token sets the demo owner's password on that service.
      const setup = await request(`${api}/v2/password-setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          token: signIn.searchParams.get('token'),
          password: 'demo password 123',
        }),
      });
      expect(setup.statusCode).toBe(200);
      expect(await setup.body.json()).toMatchObject({
        user: { email: 'demo@example.com' },
        account: { id: out.account_id },
      });

      // The webhook URL reaches the demo agent.
      const hook = await request(String(out.webhook_url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'lead@example.com', message: 'hello' }),
      });
      expect(hook.statusCode).toBe(202);
      expect(await hook.body.json()).toMatchObject({
        success: true,
        executionId: expect.stringMatching(/^exe_/),
      });
    },
    cliBudget(1),
  );

  it(
    'records the URLs where the CLI reads them: the data folder (SQLite) or the database',
    async () => {
      if (db.driver === 'sqlite') {
        const file = join(dirname(db.env.DATABASE_PATH), 'service-urls.json');
        expect(existsSync(file)).toBe(true);
        expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
          base_url: `${api}/v2`,
          docs_url: `${api}/docs`,
          dashboard_url: `${api}/dashboard`,
          webhook_base_url: hooks,
        });
      } else {
        // Each role wrote its own rows: neither process overwrote the other's.
        const out = parseOutput(await cli(['seed:demo']));
        expect(new URL(String(out.sign_in_url)).origin).toBe(api);
        expect(new URL(String(out.webhook_url)).origin).toBe(hooks);
      }
    },
    cliBudget(1),
  );

  it(
    'lets an explicit BASE_URL or WEBHOOK_BASE_URL win over what the service recorded',
    async () => {
      const account = parseOutput(
        await cli(['account:create', '--name', 'Links', '--plan', 'pro']),
      );
      const user = parseOutput(
        await cli(['user:create', '--account', String(account.id), '--email', 'lin@example.com'], {
          BASE_URL: 'https://console.example.test/v2',
        }),
      );
      expect(String(user.setup_url)).toMatch(
        /^https:\/\/console\.example\.test\/dashboard\/setup-password\?token=/,
      );
      const agent = parseOutput(
        await cli(['agent:create', '--account', String(account.id), '--name', 'Hooked'], {
          WEBHOOK_BASE_URL: 'https://hooks.example.test',
        }),
      );
      expect(String(agent.webhook_url)).toMatch(/^https:\/\/hooks\.example\.test\/webhook\//);
    },
    cliBudget(3),
  );
});

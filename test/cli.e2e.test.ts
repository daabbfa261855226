import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../src/common/crypto';
import { cliBudget, CliResult, ensureBuilt, parseOutput, runCli } from './support/cli';
import { bearer, startTestService, TEST_SECRET_KEY, TestService } from './support/service';
import { SCOPES } from '../src/auth/api-key.entity';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ALL_SCOPES = [...SCOPES];

/** A bad invocation: non-zero exit, a message on stderr, nothing on stdout. */
function expectRefused(result: CliResult, message?: RegExp): void {
  expect(result.code).not.toBe(0);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim()).not.toBe('');
  if (message) expect(result.stderr).toMatch(message);
}

/**
 * The built CLI (`node dist/src/cli/main.js`) as a separate process, on the database of a
 * service started in this suite, so that what it creates is checked through the API.
 */
describe('CLI', () => {
  let t: TestService;
  let env: Record<string, string>;
  const cli = (...args: string[]) => runCli(args, env);
  const ok = async (...args: string[]) => parseOutput(await cli(...args));

  beforeAll(async () => {
    await ensureBuilt();
    t = await startTestService();
    env = { ...t.db.env, SECRET_KEY: TEST_SECRET_KEY, LOG_LEVEL: 'silent' };
  }, 180_000);
  afterAll(async () => t?.close());

  it(
    'account:create prints {id, name, plan}',
    async () => {
      const out = await ok('account:create', '--name', 'Acme', '--plan', 'free_trial');
      expect(out).toEqual({ id: expect.stringMatching(/^acc_/), name: 'Acme', plan: 'free_trial' });
      expectRefused(await cli('account:create', '--name', 'Acme', '--plan', 'gold'), /plan/);
      expectRefused(await cli('account:create', '--plan', 'pro'), /name/);
      expectRefused(await cli('no:such-command'));
    },
    cliBudget(4),
  );

  it(
    'key:create prints a working key with all scopes by default, or the given ones',
    async () => {
      const account = await ok('account:create', '--name', 'Keys', '--plan', 'pro');
      const full = await ok('key:create', '--account', String(account.id));
      expect(full).toEqual({
        id: expect.stringMatching(/^key_/),
        key: expect.stringMatching(/^aas_/),
        scopes: ALL_SCOPES,
      });
      const who = await t
        .api()
        .get('/v2/account')
        .set(bearer(String(full.key)))
        .expect(200);
      expect(who.body).toMatchObject({
        id: account.id,
        api_key: { id: full.id, scopes: ALL_SCOPES },
      });

      const reader = await ok(
        'key:create',
        '--account',
        String(account.id),
        '--scopes',
        'agents:read',
        '--name',
        'ro',
      );
      expect(reader.scopes).toEqual(['agents:read']);
      await t
        .api()
        .get('/v2/agents')
        .set(bearer(String(reader.key)))
        .expect(200);
      await t
        .api()
        .post('/v2/agents')
        .set(bearer(String(reader.key)))
        .send({ name: 'x' })
        .expect(403);

      expectRefused(
        await cli('key:create', '--account', String(account.id), '--scopes', 'agents:own'),
        /scope/,
      );
      expectRefused(await cli('key:create', '--account', 'acc_nope'), /Account not found/);
    },
    cliBudget(5),
  );

  it(
    'key:revoke prints {id, revoked_at} and the key stops working',
    async () => {
      const account = await ok('account:create', '--name', 'Revoke', '--plan', 'pro');
      const key = await ok('key:create', '--account', String(account.id));
      const auth = bearer(String(key.key));
      await t.api().get('/v2/account').set(auth).expect(200);
      const out = await ok('key:revoke', '--key', String(key.id));
      expect(out).toEqual({ id: key.id, revoked_at: expect.stringMatching(ISO_MS) });
      await t.api().get('/v2/account').set(auth).expect(401);
      expectRefused(await cli('key:revoke', '--key', 'key_nope'), /not found/);
    },
    cliBudget(4),
  );

  it(
    'signing-secret:rotate prints a whsec_ secret that is stored encrypted',
    async () => {
      const account = await ok('account:create', '--name', 'Signer', '--plan', 'pro');
      const out = await ok('signing-secret:rotate', '--account', String(account.id));
      expect(out).toEqual({
        account_id: account.id,
        signing_secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      });
      const rows: { signing_secret_enc: string }[] = await t.service.dataSource.query(
        'SELECT signing_secret_enc FROM accounts WHERE id = ?',
        [account.id],
      );
      const secret = String(out.signing_secret);
      expect(rows[0].signing_secret_enc).not.toContain(secret.slice(6));
      expect(new SecretBox(TEST_SECRET_KEY).open(rows[0].signing_secret_enc)).toBe(secret);
      expectRefused(await cli('signing-secret:rotate', '--account', 'acc_nope'), /not found/);
    },
    cliBudget(3),
  );

  it(
    'agent:create prints the detailed agent record the API shows',
    async () => {
      const account = await ok('account:create', '--name', 'Agents', '--plan', 'pro');
      const key = await ok('key:create', '--account', String(account.id));
      const auth = bearer(String(key.key));

      const plain = await ok('agent:create', '--account', String(account.id), '--name', 'Leads');
      expect(plain).toMatchObject({
        id: expect.stringMatching(/^agt_/),
        name: 'Leads',
        status: 'active',
        kind: 'lead-qualification',
        config: {},
        webhook_auth: 'none',
        timeout_ms: 30000,
        executions_today: 0,
        success_rate: 0,
        created_at: expect.stringMatching(ISO_MS),
        updated_at: expect.stringMatching(ISO_MS),
      });
      const read = await t.api().get(`/v2/agents/${plain.id}`).set(auth).expect(200);
      expect(read.body).toEqual(plain);

      const forwarder = await ok(
        'agent:create',
        '--account',
        String(account.id),
        '--name',
        'Forwarder',
        '--kind',
        'http-request',
        '--config',
        '{"url":"https://example.com/in","method":"PUT"}',
      );
      expect(forwarder).toMatchObject({
        kind: 'http-request',
        config: { url: 'https://example.com/in', method: 'PUT' },
      });

      const custom = await runCli(
        ['agent:create', '--account', String(account.id), '--name', 'Hooked'],
        { ...env, WEBHOOK_BASE_URL: 'https://hooks.example.test' },
      );
      expect(parseOutput(custom).webhook_url).toMatch(
        /^https:\/\/hooks\.example\.test\/webhook\/[A-Za-z0-9_-]{32}$/,
      );

      const id = String(account.id);
      const refusals: [string[], RegExp][] = [
        [['--account', id, '--name', 'x', '--config', '{"a":'], /config/],
        [['--account', id, '--name', 'x', '--config', '[1,2]'], /config/],
        [['--account', id, '--name', 'x', '--kind', 'nope'], /kind/],
        [['--account', id, '--name', ''], /name/],
        [['--account', id], /name/],
        [['--account', 'acc_nope', '--name', 'x'], /Account not found/],
      ];
      const results = await Promise.all(refusals.map(([args]) => cli('agent:create', ...args)));
      results.forEach((result, i) => expectRefused(result, refusals[i][1]));
      const listed = await t.api().get('/v2/agents').set(auth).expect(200);
      expect(listed.body.meta.total).toBe(3);
    },
    cliBudget(11),
  );

  it(
    'seed:demo prints an account, a full-scope key and an agent that the API serves',
    async () => {
      const out = await ok('seed:demo');
      expect(Object.keys(out).sort()).toEqual([
        'account_id',
        'agent_id',
        'api_key',
        'owner_email',
        'sign_in_url',
        'webhook_url',
      ]);
      expect(out.owner_email).toBe('demo@example.com');
      expect(String(out.sign_in_url)).toMatch(
        /^http:\/\/localhost:3000\/dashboard\/setup-password\?token=[A-Za-z0-9_-]{40,}$/,
      );
      // The README's quick start shows this output: the same fields in the same order, each
      // value as printed or its beginning followed by "…".
      const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
      const shown = /^npm run --silent cli -- seed:demo\n# (\{.*\})$/m.exec(readme);
      expect(shown, "README's quick start shows the output of seed:demo").toBeTruthy();
      const sample = JSON.parse(shown![1]) as Record<string, string>;
      expect(Object.keys(sample)).toEqual(Object.keys(out));
      for (const [field, value] of Object.entries(sample)) {
        const printed = String(out[field]);
        if (value.endsWith('…')) expect(printed.startsWith(value.slice(0, -1)), field).toBe(true);
        else expect(printed, field).toBe(value);
      }
      const auth = bearer(String(out.api_key));

      const who = await t.api().get('/v2/account').set(auth).expect(200);
      expect(who.body).toMatchObject({ id: out.account_id, plan: 'pro' });
      expect(who.body.api_key.scopes).toEqual(ALL_SCOPES);

      const agent = await t.api().get(`/v2/agents/${out.agent_id}`).set(auth).expect(200);
      expect(agent.body).toMatchObject({
        id: out.agent_id,
        kind: 'lead-qualification',
        status: 'active',
        webhook_url: out.webhook_url,
      });
      expect(String(out.webhook_url)).toMatch(
        /^http:\/\/localhost:3001\/webhook\/[A-Za-z0-9_-]{32}$/,
      );

      const enterprise = await ok('seed:demo', '--plan', 'enterprise');
      expect(enterprise.account_id).not.toBe(out.account_id);
      const plan = await t
        .api()
        .get('/v2/account')
        .set(bearer(String(enterprise.api_key)))
        .expect(200);
      expect(plan.body.plan).toBe('enterprise');
      expectRefused(await cli('seed:demo', '--plan', 'gold'), /plan/);

      // The demo owner moved to the newest demo account; its link signs in there.
      const token = new URL(String(enterprise.sign_in_url)).searchParams.get('token');
      const oldToken = new URL(String(out.sign_in_url)).searchParams.get('token');
      const setup = (value: string | null) =>
        t.api().post('/v2/password-setup').send({ token: value, password: 'demo password 123' });
      expect((await setup(oldToken).expect(400)).body.error.field).toBe('token');
      const signedIn = await setup(token).expect(200);
      expect(signedIn.body).toMatchObject({
        user: { email: 'demo@example.com', role: 'owner' },
        account: { id: enterprise.account_id, plan: 'enterprise' },
      });
    },
    cliBudget(3),
  );

  it(
    'user:create prints the user and a one-time link that sets the password once',
    async () => {
      const account = await ok('account:create', '--name', 'Users', '--plan', 'pro');
      const out = await ok(
        'user:create',
        '--account',
        String(account.id),
        '--email',
        'Lin@Example.com',
      );
      expect(out).toEqual({
        id: expect.stringMatching(/^usr_/),
        email: 'lin@example.com',
        role: 'owner',
        setup_url: expect.stringMatching(
          /^http:\/\/localhost:3000\/dashboard\/setup-password\?token=[A-Za-z0-9_-]{40,}$/,
        ),
      });
      const token = new URL(String(out.setup_url)).searchParams.get('token');
      const setup = () =>
        t.api().post('/v2/password-setup').send({ token, password: 'lin password 123' });
      const res = await setup().expect(200);
      expect(res.body.account.id).toBe(account.id);
      expect(String(res.headers['set-cookie'])).toMatch(/^aas_session=/);
      await setup().expect(400);

      const member = await ok(
        'user:create',
        '--account',
        String(account.id),
        '--email',
        'max@example.com',
        '--role',
        'member',
      );
      expect(member.role).toBe('member');
      expectRefused(
        await cli('user:create', '--account', String(account.id), '--email', 'max@example.com'),
        /already exists/,
      );
      expectRefused(
        await cli(
          'user:create',
          '--account',
          String(account.id),
          '--email',
          'x@y.z',
          '--role',
          'boss',
        ),
        /role/,
      );
      expectRefused(
        await cli('user:create', '--account', String(account.id), '--email', 'not-an-address'),
        /email/,
      );
      expectRefused(
        await cli('user:create', '--account', 'acc_nope', '--email', 'a@b.co'),
        /Account/,
      );
    },
    cliBudget(7),
  );

  it(
    'user:reset-password prints a one-time link that sets a new password once',
    async () => {
      const account = await ok('account:create', '--name', 'Forgot', '--plan', 'pro');
      const email = `sole-owner-${Date.now()}@example.com`;
      const created = await ok('user:create', '--account', String(account.id), '--email', email);
      const setup = (url: unknown, password: string) =>
        t
          .api()
          .post('/v2/password-setup')
          .send({ token: new URL(String(url)).searchParams.get('token'), password });
      await setup(created.setup_url, 'the forgotten password').expect(200);

      const reset = await ok('user:reset-password', '--email', email.toUpperCase());
      expect(reset).toEqual({
        id: created.id,
        account_id: account.id,
        email,
        role: 'owner',
        setup_url: expect.stringMatching(
          /^http:\/\/localhost:3000\/dashboard\/setup-password\?token=[A-Za-z0-9_-]{40,}$/,
        ),
        expires_at: expect.stringMatching(ISO_MS),
      });
      const signedIn = await setup(reset.setup_url, 'a remembered password').expect(200);
      expect(signedIn.body).toMatchObject({
        user: { id: created.id },
        account: { id: account.id },
      });
      await setup(reset.setup_url, 'another password!!').expect(400);
      await t
        .api()
        .post('/v2/session')
        .send({ email, password: 'a remembered password' })
        .expect(200);

      // The address in a second account: the command asks which one.
      const other = await ok('account:create', '--name', 'Forgot too', '--plan', 'pro');
      await ok('user:create', '--account', String(other.id), '--email', email, '--role', 'member');
      expectRefused(await cli('user:reset-password', '--email', email), /--account/);
      const inOther = await ok(
        'user:reset-password',
        '--email',
        email,
        '--account',
        String(other.id),
      );
      expect(inOther).toMatchObject({ account_id: other.id, role: 'member' });

      expectRefused(await cli('user:reset-password'), /email/);
      expectRefused(await cli('user:reset-password', '--email', 'not-an-address'), /email/);
      expectRefused(
        await cli('user:reset-password', '--email', 'nobody@example.com'),
        /no dashboard user/,
      );
      expectRefused(
        await cli('user:reset-password', '--email', email, '--account', 'acc_nope'),
        /no dashboard user of this account/,
      );
    },
    cliBudget(11),
  );
});

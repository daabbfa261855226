import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/configuration';
import { openDatabase } from '../src/database/database';
import { ENTITIES } from '../src/entities';
import { ensureBuilt, parseOutput, runCli } from './support/cli';
import { createTestDatabase, type TestDatabase } from './support/database';
import { startServiceProcess, type ServiceProcess } from './support/process';
import { Receiver } from './support/receiver';
import { startTestService, TEST_SECRET_KEY, type TestService } from './support/service';
import { stateFingerprint } from './support/state';
import { eventually, waitFor } from './support/wait';

interface Answer {
  path: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * Credentials never leak: the built service runs at LOG_LEVEL=trace while every kind of secret
 * passes through it (API keys, webhook keys, signing secrets, signatures, the webhook URL),
 * valid and wrong; then its whole output, the stored rows and every answer are searched for
 * each of them. Responses carry the security headers of helmet.
 */
describe('secrets stay out of logs, records and answers; security headers', () => {
  let db: TestDatabase;
  let proc: ServiceProcess;
  let receiver: Receiver;
  const client = new Agent({ keepAliveTimeout: 5_000 });
  /** Every secret that passed through the service, by what it is. */
  const secrets = new Map<string, string>();
  const answers: Answer[] = [];
  let output = '';

  const env = () => ({
    ...db.env,
    SECRET_KEY: TEST_SECRET_KEY,
    OUTBOUND_ALLOW_PRIVATE: 'true',
    CALLBACK_RETRY_BASE_MS: '50',
    WORKER_POLL_MS: '100',
  });

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    receiver = await Receiver.start(() => 200);
  });

  afterAll(async () => {
    proc?.child.kill('SIGKILL');
    await client.close();
    await receiver?.close();
    await db?.drop();
  });

  async function call(
    port: number,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<Answer> {
    const res = await request(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body,
      dispatcher: client,
    });
    const answer = {
      path,
      status: res.statusCode,
      headers: res.headers,
      text: await res.body.text(),
    };
    answers.push(answer);
    return answer;
  }

  it('exercises every credential, valid and wrong, at LOG_LEVEL=trace', async () => {
    const seed = parseOutput(await runCli(['seed:demo', '--plan', 'enterprise'], env()));
    const accountId = seed.account_id as string;
    const apiKey = seed.api_key as string;
    const signing = parseOutput(
      await runCli(['signing-secret:rotate', '--account', accountId], env()),
    );
    secrets.set('API key', apiKey);
    secrets.set('account signing secret', signing.signing_secret as string);
    secrets.set('account signing key (base64)', (signing.signing_secret as string).slice(6));

    proc = await startServiceProcess({ ...env(), LOG_LEVEL: 'trace' });
    const auth = { authorization: `Bearer ${apiKey}` };
    const wrongKey = `aas_${randomBytes(32).toString('base64url')}`;
    secrets.set('wrong API key', wrongKey);

    // REST with a valid key, a wrong key, in other headers, and on an unknown route.
    expect((await call(proc.port, 'GET', '/v2/agents', auth)).status).toBe(200);
    expect(
      (await call(proc.port, 'GET', '/v2/agents', { authorization: `Bearer ${wrongKey}` })).status,
    ).toBe(401);
    expect((await call(proc.port, 'GET', '/v2/agents', { 'x-api-key': apiKey })).status).toBe(401);
    expect((await call(proc.port, 'GET', '/v2/nowhere', auth)).status).toBe(404);
    expect((await call(proc.port, 'POST', '/v2/agents', auth, '{"name":')).status).toBe(400);

    // An agent per webhook mode; the credentials are shown once.
    const agent = async (kind = 'lead-qualification') => {
      const created = await call(
        proc.port,
        'POST',
        '/v2/agents',
        auth,
        JSON.stringify({ name: 'Secret test', kind }),
      );
      expect(created.status).toBe(201);
      const body = JSON.parse(created.text) as { id: string; webhook_url: string };
      return { id: body.id, path: new URL(body.webhook_url).pathname };
    };
    const keyed = await agent();
    const signed = await agent();
    const credential = async (id: string, type: string) => {
      const res = await call(
        proc.port,
        'POST',
        `/v2/agents/${id}/webhook-credentials`,
        auth,
        JSON.stringify({ type }),
      );
      expect(res.status).toBe(201);
      return (JSON.parse(res.text) as { secret: string }).secret;
    };
    const webhookKey = await credential(keyed.id, 'api_key');
    const webhookSecret = await credential(signed.id, 'signature');
    secrets.set('webhook API key', webhookKey);
    secrets.set('webhook signing secret', webhookSecret);
    secrets.set('webhook signing key (base64)', webhookSecret.slice(6));
    secrets.set('webhook URL id (api_key agent)', keyed.path.split('/').pop()!);
    secrets.set('webhook URL id (signature agent)', signed.path.split('/').pop()!);

    const body = JSON.stringify({ email: 'lead@acme.io', company: 'Acme' });
    const wrongWebhookKey = `whk_${randomBytes(32).toString('base64url')}`;
    secrets.set('wrong webhook API key', wrongWebhookKey);
    expect(
      (await call(proc.webhookPort, 'POST', keyed.path, { 'x-api-key': webhookKey }, body)).status,
    ).toBe(202);
    expect(
      (await call(proc.webhookPort, 'POST', keyed.path, { 'x-api-key': wrongWebhookKey }, body))
        .status,
    ).toBe(401);

    const hex = `sha256=${createHmac('sha256', webhookSecret).update(body).digest('hex')}`;
    const wrongHex = `sha256=${createHmac('sha256', 'not-the-secret').update(body).digest('hex')}`;
    secrets.set('X-Signature', hex);
    secrets.set('wrong X-Signature', wrongHex);
    expect(
      (await call(proc.webhookPort, 'POST', signed.path, { 'x-signature': hex }, body)).status,
    ).toBe(202);
    expect(
      (await call(proc.webhookPort, 'POST', signed.path, { 'x-signature': wrongHex }, body)).status,
    ).toBe(401);
    // One time for the signature and its header: two reads of the clock may fall either side
    // of a second.
    const signedAt = new Date();
    const standard = new Webhook(webhookSecret).sign('msg_secret_test', signedAt, body);
    secrets.set('webhook-signature', standard.split(',')[1]);
    const standardHeaders = {
      'webhook-id': 'msg_secret_test',
      'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
      'webhook-signature': standard,
    };
    expect((await call(proc.webhookPort, 'POST', signed.path, standardHeaders, body)).status).toBe(
      202,
    );
    // The right webhook key sent to the wrong agent, the wrong method on a webhook URL.
    expect(
      (await call(proc.webhookPort, 'POST', signed.path, { 'x-api-key': webhookKey }, body)).status,
    ).toBe(401);
    expect((await call(proc.webhookPort, 'GET', keyed.path)).status).toBe(405);

    // A trigger whose callback is signed with the account's secret.
    const triggered = await call(
      proc.port,
      'POST',
      `/v2/agents/${keyed.id}/trigger`,
      auth,
      JSON.stringify({
        input: { email: 'lead@acme.io' },
        options: { callback_url: receiver.url() },
      }),
    );
    expect(triggered.status).toBe(200);
    const delivered = await eventually(() => receiver.requests[0], 10_000, 'the callback');
    secrets.set('callback X-Signature', String(delivered.headers['x-signature']));
    secrets.set(
      'callback webhook-signature',
      String(delivered.headers['webhook-signature']).split(',')[1],
    );
    const executionId = (JSON.parse(triggered.text) as { execution_id: string }).execution_id;
    await waitFor(
      async () =>
        (await call(proc.port, 'GET', `/v2/executions/${executionId}/deliveries`, auth)).text,
      (text) => text.includes('"status_code":200'),
    );

    // A webhook endpoint: its secret (shown on create and rotate), its signed events.
    const endpoint = await call(
      proc.port,
      'POST',
      '/v2/webhook-endpoints',
      auth,
      JSON.stringify({ url: receiver.url('/endpoint'), events: ['*'] }),
    );
    expect(endpoint.status).toBe(201);
    const { id: endpointId, secret: endpointSecret } = JSON.parse(endpoint.text) as {
      id: string;
      secret: string;
    };
    secrets.set('endpoint secret', endpointSecret);
    secrets.set('endpoint signing key (base64)', endpointSecret.slice(6));
    const rotatedEndpoint = await call(
      proc.port,
      'POST',
      `/v2/webhook-endpoints/${endpointId}/secret/rotate`,
      auth,
    );
    expect(rotatedEndpoint.status).toBe(200);
    const newEndpointSecret = (JSON.parse(rotatedEndpoint.text) as { secret: string }).secret;
    secrets.set('rotated endpoint secret', newEndpointSecret);
    expect(
      (await call(proc.port, 'POST', `/v2/webhook-endpoints/${endpointId}/test`, auth)).status,
    ).toBe(202);
    const ping = await eventually(
      () => receiver.requests.find((r) => r.path === '/endpoint' && r.body.includes('"ping"')),
      10_000,
      'the ping',
    );
    secrets.set('event X-Signature', String(ping.headers['x-signature']));
    for (const [i, signature] of String(ping.headers['webhook-signature']).split(' ').entries()) {
      secrets.set(`event webhook-signature ${i}`, signature.split(',')[1]);
    }
    await waitFor(
      async () =>
        (await call(proc.port, 'GET', `/v2/webhook-endpoints/${endpointId}/deliveries`, auth)).text,
      (text) => text.includes('"status":"delivered"'),
    );
    await call(proc.port, 'GET', `/v2/webhook-endpoints/${endpointId}`, auth);
    await call(proc.port, 'GET', '/v2/webhook-endpoints', auth);

    // Every execution record, with its logs, as the API shows it.
    const list = await call(proc.port, 'GET', `/v2/agents/${keyed.id}/executions`, auth);
    for (const item of (JSON.parse(list.text) as { data: { id: string }[] }).data) {
      await call(proc.port, 'GET', `/v2/executions/${item.id}`, auth);
      await call(proc.port, 'GET', `/v2/executions/${item.id}/deliveries`, auth);
    }
    await call(proc.port, 'GET', `/v2/agents/${signed.id}/executions`, auth);

    // The dashboard: the one-time setup link (opened, then used), a password, wrong and
    // right sign-ins, the session cookie and its CSRF token, a key and a signing secret made
    // from the dashboard.
    const setupToken = new URL(String(seed.sign_in_url)).searchParams.get('token')!;
    const password = `pw-${randomBytes(12).toString('base64url')}`;
    const wrongPassword = `pw-${randomBytes(12).toString('base64url')}`;
    secrets.set('password setup token', setupToken);
    secrets.set('dashboard password', password);
    secrets.set('wrong dashboard password', wrongPassword);
    const origin = { origin: `http://127.0.0.1:${proc.port}` };
    await call(proc.port, 'GET', `/dashboard/setup-password?token=${setupToken}`);
    const setup = await call(
      proc.port,
      'POST',
      '/v2/password-setup',
      origin,
      JSON.stringify({ token: setupToken, password }),
    );
    expect(setup.status).toBe(200);
    const cookie = String(setup.headers['set-cookie']).split(';')[0];
    secrets.set('session token', cookie.slice('aas_session='.length));
    const csrf = (JSON.parse(setup.text) as { csrf_token: string }).csrf_token;
    secrets.set('CSRF token', csrf);
    const signIn = (pw: string) =>
      call(
        proc.port,
        'POST',
        '/v2/session',
        origin,
        JSON.stringify({ email: seed.owner_email, password: pw }),
      );
    expect((await signIn(wrongPassword)).status).toBe(401);
    const second = await signIn(password);
    expect(second.status).toBe(200);
    secrets.set(
      'second session token',
      String(second.headers['set-cookie']).split(';')[0].slice('aas_session='.length),
    );
    const session = { ...origin, cookie, 'x-csrf-token': csrf };
    const made = await call(
      proc.port,
      'POST',
      '/v2/api-keys',
      session,
      JSON.stringify({ name: 'From the dashboard' }),
    );
    expect(made.status).toBe(201);
    secrets.set('API key made in the dashboard', (JSON.parse(made.text) as { key: string }).key);
    const rotated = await call(proc.port, 'POST', '/v2/account/signing-secret/rotate', session);
    expect(rotated.status).toBe(200);
    secrets.set(
      'signing secret rotated in the dashboard',
      (JSON.parse(rotated.text) as { signing_secret: string }).signing_secret,
    );
    const secretValue = `secret-value-${randomBytes(12).toString('hex')}`;
    const stored = await call(
      proc.port,
      'PUT',
      '/v2/secrets/CRM_TOKEN',
      session,
      JSON.stringify({ value: secretValue }),
    );
    expect(stored.status).toBe(200);
    secrets.set('account secret value (PUT /v2/secrets)', secretValue);
    expect((await call(proc.port, 'GET', '/v2/secrets', { cookie })).status).toBe(200);
    expect((await call(proc.port, 'GET', '/v2/api-keys', { cookie })).status).toBe(200);
    expect((await call(proc.port, 'GET', '/v2/session', { cookie })).status).toBe(200);

    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    output = proc.output();
    // The capture is real: a line per request of both listeners, refused ones included.
    expect(output).toContain('"url":"/webhook/[redacted]"},"res":{"statusCode":401}');
    expect(output).toContain('"url":"/v2/agents"},"res":{"statusCode":401}');
    expect(output.split('\n').length).toBeGreaterThan(20);
  }, 180_000);

  it('no secret appears in the service output', () => {
    expect(secrets.size).toBeGreaterThanOrEqual(14);
    for (const [what, value] of secrets) {
      expect(value.length, what).toBeGreaterThan(10);
      expect(output.includes(value), `${what} found in the logs`).toBe(false);
    }
  });

  it('no secret is stored in clear, in executions or anywhere else', async () => {
    const dataSource = await openDatabase(loadConfig({ ...env(), LOG_LEVEL: 'silent' }), {
      entities: ENTITIES,
      migrate: false,
    });
    try {
      const everything = await stateFingerprint(dataSource);
      expect(everything).toContain('lead@acme.io'); // the dump holds the executions
      for (const [what, value] of secrets) {
        // The webhook URL id is stored (the URL is shown to its owner), nothing else.
        if (what.startsWith('webhook URL id')) continue;
        expect(everything.includes(value), `${what} stored in clear`).toBe(false);
      }
    } finally {
      await dataSource.destroy();
    }
  });

  it('no answer carries a secret it was not created to show', () => {
    // The answers that show a secret once (credentials, agent detail with its webhook_url).
    const showing = (answer: Answer) =>
      /"secret":"|"webhook_url":"|"csrf_token":"|"key":"aas_|"signing_secret":"/.test(answer.text);
    for (const answer of answers.filter((a) => !showing(a))) {
      for (const [what, value] of secrets) {
        expect(
          answer.text.includes(value),
          `${what} in ${answer.status} ${answer.text.slice(0, 200)}`,
        ).toBe(false);
      }
    }
    const errors = answers.filter((a) => a.status >= 400);
    expect(errors.length).toBeGreaterThanOrEqual(8);
  });

  it('every answer carries the security headers (helmet)', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) {
      const h = answer.headers;
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(h['cross-origin-resource-policy']).toBe('same-origin');
      expect(h['x-powered-by']).toBeUndefined();
      if (answer.path.startsWith('/dashboard/')) {
        // The dashboard's page: its own files only, never framed (http-hardening.ts).
        expect(h['x-frame-options']).toBe('DENY');
        expect(h['referrer-policy']).toBe('same-origin');
        expect(h['content-security-policy']).toMatch(/frame-ancestors 'none'/);
        expect(h['content-security-policy']).toMatch(/script-src 'self'/);
        continue;
      }
      expect(h['x-frame-options']).toBe('SAMEORIGIN');
      expect(h['referrer-policy']).toBe('no-referrer');
      // Account data and secrets shown once: kept by no cache, never revalidated.
      expect(h['cache-control']).toBe('no-store');
      expect(h.etag).toBeUndefined();
      expect(h['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    }
  });
});

describe('security headers of the documentation pages and the webhook listener', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService({ ROLE: 'api,webhook' });
  });
  afterAll(async () => t?.close());

  it('the docs pages may load their own scripts, styles and images; JSON may load nothing', async () => {
    const page = await t.api().get('/docs/errors/not_found').expect(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // The rendered reference, when the service has one, loads its own assets under that policy.
    const docs = await t.api().get('/docs');
    if (docs.status === 200) {
      expect(String(docs.headers['content-security-policy'])).toContain("script-src 'self'");
      const assets = [
        ...docs.text.matchAll(/<(?:script src|link rel="stylesheet"[^>]*href)="([^"]+)"/g),
      ];
      expect(assets.length).toBeGreaterThan(1);
      for (const [, src] of assets) {
        // Resolved as the browser does, against the page's own URL.
        const asset = await t.api().get(new URL(src, 'http://localhost/docs').pathname).expect(200);
        expect(String(asset.headers['content-security-policy'])).toContain("default-src 'self'");
      }
    } else {
      expect(docs.status).toBe(404);
    }
    for (const res of [
      await t.webhook().get('/health'),
      await t.webhook().post('/webhook/nope').send({}),
    ]) {
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

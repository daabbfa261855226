import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import type { DataSource } from 'typeorm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccountsService } from '../src/auth/accounts.service';
import { SecretBox, secretKeyId } from '../src/common/crypto';
import { loadConfig } from '../src/config/configuration';
import { openDatabase } from '../src/database/database';
import { ENTITIES } from '../src/entities';
import { readCheckValue } from '../src/secret-key/secret-key-check';
import { rotateSecretKey } from '../src/secret-key/secret-key-rotation';
import { seedAgent, type SeededAgent } from './support/agents';
import { ensureBuilt, parseOutput, runCli } from './support/cli';
import { createTestDatabase, testDriver, type TestDatabase } from './support/database';
import { Receiver } from './support/receiver';
import { sealV1 } from './support/sealed-v1';
import { bearer, startTestService, type TestService } from './support/service';
import { eventually } from './support/wait';

const KEY_A = 'rotation-key-A-0123456789abcdef0123456789';
const KEY_B = 'rotation-key-B-0123456789abcdef0123456789';
const ROOT = join(__dirname, '..');

const hmacHex = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** Runs the built service until it exits (it is expected to refuse to start). */
function runServiceToExit(env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist', 'src', 'main.js')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        WEBHOOK_PORT: '0',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? -1 : 0), output });
    });
  });
}

describe('the secret key: start check, rotation, request-time failures', () => {
  const open: TestService[] = [];
  const databases: TestDatabase[] = [];
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    await ensureBuilt();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((t) => t.close().catch(() => undefined)));
    await Promise.all(receivers.splice(0).map((r) => r.close()));
    await Promise.all(databases.splice(0).map((db) => db.drop()));
  });

  const newDatabase = async () => {
    const db = await createTestDatabase();
    databases.push(db);
    return db;
  };
  const start = async (db: TestDatabase, env: Record<string, string>) => {
    const t = await startTestService({ CALLBACK_RETRY_BASE_MS: '10', ...env }, { db });
    open.push(t);
    return t;
  };
  const stop = async (t: TestService) => {
    open.splice(open.indexOf(t), 1);
    await t.close();
  };

  /** An account with an API key and an outgoing signing secret, and signature agents. */
  async function seed(t: TestService, agents: number) {
    const { accountId, key } = await t.seedAccount();
    const { signing_secret: accountSecret } = await t.service
      .api!.get(AccountsService)
      .rotateSigningSecret(accountId);
    const seeded: SeededAgent[] = [];
    for (let i = 0; i < agents; i++)
      seeded.push(await seedAgent(t, key, { webhookAuth: 'signature' }));
    return { accountId, key, accountSecret, agents: seeded };
  }

  /** A webhook signed with X-Signature, and one signed the Standard Webhooks way. */
  async function expectWebhooksVerify(t: TestService, agent: SeededAgent) {
    const raw = JSON.stringify({ email: 'lead@acme.io', n: randomBytes(4).toString('hex') });
    await t
      .webhook()
      .post(agent.path)
      .set('content-type', 'application/json')
      .set('X-Signature', hmacHex(agent.signingSecret!, raw))
      .send(raw)
      .expect(202);
    const id = `msg_${randomBytes(6).toString('hex')}`;
    const at = new Date();
    await t
      .webhook()
      .post(agent.path)
      .set('content-type', 'application/json')
      .set({
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(agent.signingSecret!.slice('whsec_'.length)).sign(
          id,
          at,
          raw,
        ),
      })
      .send(raw)
      .expect(202);
    // A wrong signature is still refused.
    await t
      .webhook()
      .post(agent.path)
      .set('content-type', 'application/json')
      .set('X-Signature', hmacHex('whsec_other', raw))
      .send(raw)
      .expect(401);
  }

  /** A callback of a run of `agent`, signed with the account's secret `accountSecret`. */
  async function expectCallbackSigned(
    t: TestService,
    key: string,
    agent: SeededAgent,
    accountSecret: string,
  ) {
    const receiver = await Receiver.start();
    receivers.push(receiver);
    await t
      .api()
      .post(`/v2/agents/${agent.id}/trigger`)
      .set(bearer(key))
      .send({
        input: { email: 'lead@acme.io' },
        options: { async: true, callback_url: receiver.url() },
      })
      .expect(202);
    const [request] = await eventually(() => receiver.requests.length > 0 && receiver.requests);
    expect(request.headers['x-signature']).toBe(hmacHex(accountSecret, request.body));
    new Webhook(accountSecret.slice('whsec_'.length)).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    });
  }

  const sealedValues = async (dataSource: DataSource): Promise<string[]> => [
    ...(
      await dataSource.query(
        'SELECT webhook_secret_enc AS v FROM agents WHERE webhook_secret_enc IS NOT NULL',
      )
    ).map((row: { v: string }) => row.v),
    ...(
      await dataSource.query(
        'SELECT signing_secret_enc AS v FROM accounts WHERE signing_secret_enc IS NOT NULL',
      )
    ).map((row: { v: string }) => row.v),
    ...(
      await dataSource.query(
        'SELECT secret_enc AS v FROM webhook_endpoints UNION ALL SELECT previous_secret_enc AS v FROM webhook_endpoints WHERE previous_secret_enc IS NOT NULL',
      )
    ).map((row: { v: string }) => row.v),
  ];

  it('refuses to start with a key other than the one that sealed the stored secrets', async () => {
    const db = await newDatabase();
    const a = await start(db, { SECRET_KEY: KEY_A });
    const seeded = await seed(a, 1);
    expect(await readCheckValue(a.service.dataSource)).toBe(secretKeyId(KEY_A));
    await stop(a);

    await expect(start(db, { SECRET_KEY: KEY_B })).rejects.toThrow(
      /SECRET_KEY is not the key that encrypted the secrets stored in this database/,
    );
    // The real process: one clear line, exit code 78, no crypto words, nothing served.
    const refused = await runServiceToExit({ ...db.env, SECRET_KEY: KEY_B });
    expect(refused.code).toBe(78);
    expect(refused.output.trim().split('\n')).toHaveLength(1);
    expect(refused.output).toMatch(/^Failed to start: Invalid configuration: SECRET_KEY is not/);
    expect(refused.output).toContain(secretKeyId(KEY_A));
    expect(refused.output).not.toContain(KEY_B);
    // The CLI too: it would seal new secrets under a key the service does not have.
    const cli = await runCli(['account:create', '--name', 'x', '--plan', 'pro'], {
      ...db.env,
      SECRET_KEY: KEY_B,
    });
    expect(cli.code).not.toBe(0);
    expect(cli.stderr).toMatch(/SECRET_KEY is not the key/);

    // The right key still starts, and everything still verifies.
    const again = await start(db, { SECRET_KEY: KEY_A });
    await expectWebhooksVerify(again, seeded.agents[0]);
  });

  it('upgrades a database without a check value by decrypting a stored secret (v1 values too)', async () => {
    const db = await newDatabase();
    const a = await start(db, { SECRET_KEY: KEY_A });
    const seeded = await seed(a, 1);
    const agent = seeded.agents[0];
    // As a database of the previous release: values without key id, no check value.
    await a.service.dataSource.query('UPDATE agents SET webhook_secret_enc = ? WHERE id = ?', [
      sealV1(KEY_A, agent.signingSecret!),
      agent.id,
    ]);
    await a.service.dataSource.query('UPDATE accounts SET signing_secret_enc = ? WHERE id = ?', [
      sealV1(KEY_A, seeded.accountSecret),
      seeded.accountId,
    ]);
    await a.service.dataSource.query('DELETE FROM secret_key_check');
    await stop(a);

    await expect(start(db, { SECRET_KEY: KEY_B })).rejects.toThrow(
      /SECRET_KEY does not decrypt the secrets stored in this database/,
    );
    const b = await runServiceToExit({ ...db.env, SECRET_KEY: KEY_B });
    expect(b.code).toBe(78);
    expect(b.output).not.toMatch(/unable to authenticate|Unsupported state/i);

    const t = await start(db, { SECRET_KEY: KEY_A });
    expect(await readCheckValue(t.service.dataSource)).toBe(secretKeyId(KEY_A));
    await expectWebhooksVerify(t, agent);
    await expectCallbackSigned(t, seeded.key, agent, seeded.accountSecret);
  });

  it('rotates every stored secret to a new key: webhooks verify and callbacks are signed as before', async () => {
    const db = await newDatabase();
    const a = await start(db, { SECRET_KEY: KEY_A });
    const seeded = await seed(a, 2);
    await expectWebhooksVerify(a, seeded.agents[0]);
    // A webhook endpoint whose secret was rotated: its current and previous secrets are sealed.
    const hook = await Receiver.start();
    receivers.push(hook);
    const endpoint = (
      await a
        .api()
        .post('/v2/webhook-endpoints')
        .set(bearer(seeded.key))
        .send({ url: hook.url(), events: ['agent.deleted'] })
        .expect(201)
    ).body as { id: string; secret: string };
    const endpointSecret = (
      await a
        .api()
        .post(`/v2/webhook-endpoints/${endpoint.id}/secret/rotate`)
        .set(bearer(seeded.key))
        .expect(200)
    ).body.secret as string;
    await stop(a);

    // 1. Every process gets the new key, with the old one as SECRET_KEY_PREVIOUS.
    const both = { SECRET_KEY: KEY_B, SECRET_KEY_PREVIOUS: KEY_A };
    const during = await start(db, both);
    for (const agent of seeded.agents) await expectWebhooksVerify(during, agent);
    await expectCallbackSigned(during, seeded.key, seeded.agents[0], seeded.accountSecret);
    // A secret created now is sealed under the new key.
    const fresh = await seedAgent(during, seeded.key, { webhookAuth: 'signature' });

    // 2. The command, while the service runs.
    const rotated = parseOutput(await runCli(['secret-key:rotate'], { ...db.env, ...both }));
    expect(rotated).toEqual({
      key_id: secretKeyId(KEY_B),
      previous_key_id: secretKeyId(KEY_A),
      reencrypted: 5,
      already_current: 1,
    });
    const values = await sealedValues(during.service.dataSource);
    expect(values).toHaveLength(6);
    for (const value of values) expect(value.startsWith(`v2.${secretKeyId(KEY_B)}.`)).toBe(true);
    expect(await readCheckValue(during.service.dataSource)).toBe(secretKeyId(KEY_B));
    // Running it again changes nothing.
    expect(parseOutput(await runCli(['secret-key:rotate'], { ...db.env, ...both }))).toMatchObject({
      reencrypted: 0,
      already_current: 6,
    });
    await stop(during);

    // 3. The previous key removed: same secrets, same signatures.
    const after = await start(db, { SECRET_KEY: KEY_B });
    for (const agent of [...seeded.agents, fresh]) await expectWebhooksVerify(after, agent);
    await expectCallbackSigned(after, seeded.key, seeded.agents[1], seeded.accountSecret);
    // The endpoint's events are signed with both of its secrets, as before the rotation.
    await after
      .api()
      .post(`/v2/webhook-endpoints/${endpoint.id}/test`)
      .set(bearer(seeded.key))
      .expect(202);
    const [ping] = await eventually(() => hook.requests.length > 0 && hook.requests);
    const headers = ping.headers as Record<string, string>;
    expect(new Webhook(endpointSecret).verify(ping.body, headers)).toBeTruthy();
    expect(new Webhook(endpoint.secret).verify(ping.body, headers)).toBeTruthy();
    await stop(after);
    // The old key alone is refused now.
    await expect(start(db, { SECRET_KEY: KEY_A })).rejects.toThrow(/SECRET_KEY is not the key/);
  });

  it('a rotation interrupted midway leaves every secret readable and completes when run again', async () => {
    const db = await newDatabase();
    const a = await start(db, { SECRET_KEY: KEY_A });
    const seeded = await seed(a, 5);
    await stop(a);

    const both = { SECRET_KEY: KEY_B, SECRET_KEY_PREVIOUS: KEY_A };
    const config = loadConfig({ ...db.env, ...both });
    const dataSource = await openDatabase(config, { entities: ENTITIES });
    try {
      const box = new SecretBox(KEY_B, KEY_A);
      let batches = 0;
      await expect(
        rotateSecretKey(dataSource, box, {
          batchSize: 2,
          afterBatch: () => {
            if (++batches === 1) throw new Error('interrupted');
          },
        }),
      ).rejects.toThrow('interrupted');
      const values = await sealedValues(dataSource);
      expect(values.filter((value) => box.isCurrent(value))).toHaveLength(2);
      // Not done: the database still names the old key, so the new one alone is refused...
      expect(await readCheckValue(dataSource)).toBe(secretKeyId(KEY_A));
      await expect(start(db, { SECRET_KEY: KEY_B })).rejects.toThrow(/SECRET_KEY is not the key/);
      // ...while processes with both keys read every secret, old and new.
      const during = await start(db, both);
      for (const agent of seeded.agents) await expectWebhooksVerify(during, agent);
      await stop(during);

      expect(await rotateSecretKey(dataSource, box, { batchSize: 2 })).toEqual({
        key_id: secretKeyId(KEY_B),
        previous_key_id: secretKeyId(KEY_A),
        reencrypted: 4,
        already_current: 2,
      });
      for (const value of await sealedValues(dataSource)) expect(box.isCurrent(value)).toBe(true);
      expect(await readCheckValue(dataSource)).toBe(secretKeyId(KEY_B));
    } finally {
      await dataSource.destroy();
    }
    const after = await start(db, { SECRET_KEY: KEY_B });
    for (const agent of seeded.agents) await expectWebhooksVerify(after, agent);
    await expectCallbackSigned(after, seeded.key, seeded.agents[4], seeded.accountSecret);
  });

  it('a secret unreadable at request time is a clear 503, never a 500 or a crypto error', async () => {
    const db = await newDatabase();
    const a = await start(db, { SECRET_KEY: KEY_A });
    const seeded = await seed(a, 1);
    const agent = seeded.agents[0];
    // As written by a process that already has a newer key (a rotation rolling out).
    await a.service.dataSource.query('UPDATE agents SET webhook_secret_enc = ? WHERE id = ?', [
      new SecretBox(KEY_B).seal(agent.signingSecret!),
      agent.id,
    ]);
    const raw = JSON.stringify({ email: 'lead@acme.io' });
    const res = await a
      .webhook()
      .post(agent.path)
      .set('content-type', 'application/json')
      .set('X-Signature', hmacHex(agent.signingSecret!, raw))
      .send(raw)
      .expect(503);
    expect(res.body.error.code).toBe('service_unavailable');
    expect(res.body.error.message).toMatch(/signing secret is unreadable/);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.text).not.toMatch(/authenticate|Unsupported state|decipher/i);
  });

  it('refuses an empty or too short SECRET_KEY or key file, with one line and no key', async () => {
    const db = await newDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'aas-key-'));
    const env = { ...db.env, DATABASE_PATH: join(dir, 'agents.sqlite') };
    for (const content of ['\n', 'short-key-0123456789']) {
      writeFileSync(join(dir, 'secret.key'), content);
      const run = await runServiceToExit(env);
      expect(run.code).toBe(78);
      expect(run.output.trim().split('\n')).toHaveLength(1);
      expect(run.output).toMatch(
        /SECRET_KEY is unset and the key file .*secret\.key is (empty|only)/,
      );
      if (content.trim()) expect(run.output).not.toContain(content.trim());
    }
    const empty = await runServiceToExit({ ...db.env, SECRET_KEY: '' });
    expect(empty.code).toBe(78);
    expect(empty.output).toMatch(/SECRET_KEY is set but empty/);
  });

  // Driver-independent (it sets its own DATABASE_URL): run once, in the sqlite project.
  it.runIf(testDriver() === 'sqlite')(
    'never prints the database password in a configuration or start error',
    async () => {
      const password = 'pa55-Word-Very-Secret';
      const cases = [
        `mysql://aas:${password}@127.0.0.1:notaport/db`,
        // Parses, but nothing listens there: a start error, not a configuration one.
        `mysql://aas:${password}@127.0.0.1:1/db`,
      ];
      for (const url of cases) {
        const run = await runServiceToExit({ SECRET_KEY: KEY_A, DATABASE_URL: url });
        expect(run.code).not.toBe(0);
        expect(run.output.length).toBeGreaterThan(0);
        expect(run.output).not.toContain(password);
        const cli = await runCli(['account:create', '--name', 'x', '--plan', 'pro'], {
          SECRET_KEY: KEY_A,
          DATABASE_URL: url,
        });
        expect(cli.code).not.toBe(0);
        expect(cli.stderr).not.toContain(password);
      }
    },
  );
});

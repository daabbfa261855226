import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSigningSecret } from '../src/common/crypto';
import { Execution } from '../src/executions/execution.entity';
import { seedAgent, SeededAgent } from './support/agents';
import { bearer, startTestService, TestService } from './support/service';

/** `X-Signature` as a sender computes it (same as `openssl dgst -sha256 -hmac "$SECRET"`). */
const hexSignature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
const unixSeconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

/**
 * Signed webhooks and replays: Standard Webhooks headers that are present are checked and
 * decide (a stale or wrong one is 401 whatever else the request carries), and an agent can
 * refuse the untimestamped `X-Signature` form (`webhook_signature_formats`).
 */
describe('inbound webhook: Standard Webhooks headers fail closed', () => {
  let t: TestService;
  let key: string;
  let agent: SeededAgent;
  let sender: Webhook;

  beforeAll(async () => {
    t = await startTestService();
    ({ key } = await t.seedAccount());
    agent = await seedAgent(t, key, { webhookAuth: 'signature' });
    sender = new Webhook(agent.signingSecret!);
  });
  afterAll(async () => t?.close());

  const countFor = (agentId: string) =>
    t.service.dataSource.getRepository(Execution).countBy({ agentId });
  const post = (target: SeededAgent, body: string) =>
    t.webhook().post(target.path).set('Content-Type', 'application/json').send(body);
  const family = (
    prefix: 'webhook' | 'svix',
    id: string,
    body: string,
    at = new Date(),
    signer = sender,
  ) => ({
    [`${prefix}-id`]: id,
    [`${prefix}-timestamp`]: unixSeconds(at),
    [`${prefix}-signature`]: signer.sign(id, at, body),
  });

  it('refuses a 301 s old timestamp even beside a valid X-Signature', async () => {
    const body = '{"email":"ana@acme.io"}';
    const before = await countFor(agent.id);
    for (const prefix of ['webhook', 'svix'] as const) {
      const stale = family(prefix, `msg_stale_${prefix}`, body, new Date(Date.now() - 301_000));
      const res = await post(agent, body)
        .set(stale)
        .set('X-Signature', hexSignature(agent.signingSecret!, body))
        .expect(401);
      expect(res.body.error).toMatchObject({
        code: 'unauthorized',
        message: expect.stringContaining(`${prefix}-timestamp`),
      });
      await post(agent, body)
        .set(stale)
        .set('X-Hub-Signature-256', hexSignature(agent.signingSecret!, body))
        .expect(401);
    }
    expect(await countFor(agent.id)).toBe(before);
  });

  it('refuses a wrong or malformed Standard Webhooks signature beside a valid X-Signature', async () => {
    const body = '{"email":"bo@acme.io"}';
    const good = hexSignature(agent.signingSecret!, body);
    const stranger = new Webhook(newSigningSecret());
    const fresh = family('webhook', 'msg_ok', body);
    const cases: Record<string, Record<string, string>> = {
      otherSecret: family('webhook', 'msg_x1', body, new Date(), stranger),
      tamperedId: { ...fresh, 'webhook-id': 'msg_other' },
      junkSignature: { ...fresh, 'webhook-signature': 'v1,%%%' },
      nonNumericTimestamp: { ...fresh, 'webhook-timestamp': 'soon' },
      onlyTimestamp: { 'webhook-timestamp': fresh['webhook-timestamp'] },
      onlySignature: { 'svix-signature': fresh['webhook-signature'] },
      missingId: { 'svix-timestamp': fresh['webhook-timestamp'], 'svix-signature': 'v1,AAAA' },
    };
    const before = await countFor(agent.id);
    for (const [name, headers] of Object.entries(cases)) {
      const res = await post(agent, body).set(headers).set('X-Signature', good);
      expect({ name, status: res.status }).toEqual({ name, status: 401 });
      expect(res.body.error.code).toBe('unauthorized');
    }
    expect(await countFor(agent.id)).toBe(before);
    // The same X-Signature alone passes: the refusals above come from the other headers.
    await post(agent, body).set('X-Signature', good).expect(202);
  });

  it('refuses a valid family beside an invalid one of the other name', async () => {
    const body = '{"n":1}';
    const forged = family('webhook', 'msg_f', body, new Date(), new Webhook(newSigningSecret()));
    const stale = family('svix', 'msg_s', body, new Date(Date.now() - 10 * 60_000));
    await post(agent, body)
      .set({ ...forged, ...family('svix', 'msg_good_1', body) })
      .expect(401);
    await post(agent, body)
      .set({ ...family('webhook', 'msg_good_2', body), ...stale })
      .expect(401);
    // Both families valid: accepted, keyed by the webhook-id.
    await post(agent, body)
      .set({ ...family('webhook', 'msg_good_3', body), ...family('svix', 'msg_good_3', body) })
      .expect(202);
  });
});

describe('webhook_signature_formats: an agent can demand timestamped signatures', () => {
  let t: TestService;
  let key: string;

  beforeAll(async () => {
    t = await startTestService();
    ({ key } = await t.seedAccount());
  });
  afterAll(async () => t?.close());

  const countFor = (agentId: string) =>
    t.service.dataSource.getRepository(Execution).countBy({ agentId });
  const post = (target: SeededAgent, body: string) =>
    t.webhook().post(target.path).set('Content-Type', 'application/json').send(body);
  const patch = (agentId: string, body: Record<string, unknown>) =>
    t.api().patch(`/v2/agents/${agentId}`).set(bearer(key)).send(body);
  const standard = (secret: string, id: string, body: string, at = new Date()) => ({
    'webhook-id': id,
    'webhook-timestamp': unixSeconds(at),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  });

  it('defaults to both formats, shown in the detail and stored', async () => {
    const created = await t
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({ name: 'Default formats' })
      .expect(201);
    expect(created.body.webhook_signature_formats).toEqual(['sha256', 'standard_webhooks']);
    const read = await t.api().get(`/v2/agents/${created.body.id}`).set(bearer(key)).expect(200);
    expect(read.body.webhook_signature_formats).toEqual(['sha256', 'standard_webhooks']);
  });

  it('is settable on create and by PATCH, in a fixed order', async () => {
    const created = await t
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({ name: 'Strict formats', webhook_signature_formats: ['standard_webhooks'] })
      .expect(201);
    expect(created.body.webhook_signature_formats).toEqual(['standard_webhooks']);
    const relaxed = await patch(created.body.id, {
      webhook_signature_formats: ['standard_webhooks', 'sha256'],
    }).expect(200);
    expect(relaxed.body.webhook_signature_formats).toEqual(['sha256', 'standard_webhooks']);
    const strict = await patch(created.body.id, {
      webhook_signature_formats: ['standard_webhooks'],
    }).expect(200);
    expect(strict.body.webhook_signature_formats).toEqual(['standard_webhooks']);
    // Stored: a fresh read (and the row itself) says the same.
    const read = await t.api().get(`/v2/agents/${created.body.id}`).set(bearer(key)).expect(200);
    expect(read.body.webhook_signature_formats).toEqual(['standard_webhooks']);
    const [row] = await t.service.dataSource.query(
      'SELECT webhook_signature_formats AS formats FROM agents WHERE id = ?',
      [created.body.id],
    );
    expect(row.formats).toBe('standard_webhooks');
  });

  it('refuses anything else with 400 naming the field, on create and PATCH', async () => {
    const created = await t
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({ name: 'Bad formats' })
      .expect(201);
    const bad: unknown[] = [
      [],
      ['sha256'],
      ['standard_webhooks', 'standard_webhooks'],
      ['sha256', 'sha256', 'standard_webhooks'],
      ['sha1', 'standard_webhooks'],
      ['Standard_Webhooks'],
      'standard_webhooks',
      [['standard_webhooks']],
      null,
      { 0: 'standard_webhooks' },
    ];
    for (const value of bad) {
      const onCreate = await t
        .api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({ name: 'x', webhook_signature_formats: value });
      expect({ value, status: onCreate.status }).toEqual({ value, status: 400 });
      expect(onCreate.body.error).toMatchObject({
        code: 'invalid_request',
        field: 'webhook_signature_formats',
      });
      const onPatch = await patch(created.body.id, { webhook_signature_formats: value });
      expect({ value, status: onPatch.status }).toEqual({ value, status: 400 });
      expect(onPatch.body.error.field).toBe('webhook_signature_formats');
    }
    const read = await t.api().get(`/v2/agents/${created.body.id}`).set(bearer(key)).expect(200);
    expect(read.body.webhook_signature_formats).toEqual(['sha256', 'standard_webhooks']);
  });

  it('with only standard_webhooks, refuses X-Signature alone and accepts Standard Webhooks', async () => {
    const agent = await seedAgent(t, key, { webhookAuth: 'signature' });
    const secret = agent.signingSecret!;
    const body = '{"email":"ana@acme.io"}';
    // Both formats (the default): X-Signature alone passes.
    await post(agent, body).set('X-Signature', hexSignature(secret, body)).expect(202);
    await patch(agent.id, { webhook_signature_formats: ['standard_webhooks'] }).expect(200);
    const before = await countFor(agent.id);
    for (const name of ['X-Signature', 'X-Hub-Signature-256']) {
      const res = await post(agent, body).set(name, hexSignature(secret, body)).expect(401);
      expect(res.body.error).toMatchObject({
        code: 'unauthorized',
        message: expect.stringContaining('Standard Webhooks'),
      });
      // Even with a new Idempotency-Key: a captured request cannot be replayed.
      await post(agent, body)
        .set(name, hexSignature(secret, body))
        .set('Idempotency-Key', `replay-${name}`)
        .expect(401);
    }
    expect(await countFor(agent.id)).toBe(before);
    await post(agent, body)
      .set(standard(secret, 'msg_strict_1', body))
      .expect(202);
    // A valid Standard Webhooks message passes whatever X-Signature it also carries.
    await post(agent, body)
      .set(standard(secret, 'msg_strict_2', body))
      .set('X-Signature', hexSignature(secret, body))
      .expect(202);
    // A stale one stays refused.
    await post(agent, body)
      .set(standard(secret, 'msg_strict_3', body, new Date(Date.now() - 301_000)))
      .expect(401);
    // Back to both formats: X-Signature alone passes again.
    await patch(agent.id, { webhook_signature_formats: ['sha256', 'standard_webhooks'] }).expect(
      200,
    );
    await post(agent, body).set('X-Signature', hexSignature(secret, body)).expect(202);
  });

  it('does not change api_key or unauthenticated webhooks', async () => {
    const keyed = await seedAgent(t, key, { webhookAuth: 'api_key' });
    await patch(keyed.id, { webhook_signature_formats: ['standard_webhooks'] }).expect(200);
    await post(keyed, '{}').set('X-API-Key', keyed.apiKey!).expect(202);
    const open = await seedAgent(t, key);
    await patch(open.id, { webhook_signature_formats: ['standard_webhooks'] }).expect(200);
    await post(open, '{}').expect(202);
  });
});

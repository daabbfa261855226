import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSigningSecret } from '../src/common/crypto';
import { Execution } from '../src/executions/execution.entity';
import { seedAgent, SeededAgent, setAgentStatus } from './support/agents';
import { bearer, startTestService, TestService } from './support/service';

const unauthorized = {
  success: false,
  message: expect.any(String),
  error: {
    code: 'unauthorized',
    message: expect.any(String),
    docs_url: 'http://localhost:3000/docs/errors/unauthorized',
  },
};

/** `X-Signature` as a sender computes it (same as `openssl dgst -sha256 -hmac "$SECRET"`). */
const hexSignature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

describe('inbound webhook: authentication', () => {
  let t: TestService;
  let accountId: string;
  let key: string;

  beforeAll(async () => {
    t = await startTestService();
    ({ accountId, key } = await t.seedAccount());
  });
  afterAll(async () => t?.close());

  const countFor = (agentId: string) =>
    t.service.dataSource.getRepository(Execution).countBy({ agentId });
  const post = (agent: SeededAgent, body: string) =>
    t.webhook().post(agent.path).set('Content-Type', 'application/json').send(body);

  describe('api_key', () => {
    let agent: SeededAgent;
    beforeAll(async () => {
      agent = await seedAgent(t, key, { webhookAuth: 'api_key' });
    });

    it('refuses a missing or wrong X-API-Key with 401 and starts nothing', async () => {
      const missing = await post(agent, '{"a":1}').expect(401);
      expect(missing.body).toEqual(unauthorized);
      const wrong = await post(agent, '{"a":1}').set('X-API-Key', 'whk_wrong').expect(401);
      expect(wrong.body).toEqual(unauthorized);
      const almost = await post(agent, '{"a":1}')
        .set('X-API-Key', `${agent.apiKey!.slice(0, -1)}x`)
        .expect(401);
      expect(almost.body).toEqual(unauthorized);
      // A Bearer header is not the webhook key.
      await post(agent, '{"a":1}').set('Authorization', `Bearer ${agent.apiKey}`).expect(401);
      expect(await countFor(agent.id)).toBe(0);
    });

    it('accepts the right X-API-Key', async () => {
      const res = await post(agent, '{"a":1}').set('X-API-Key', agent.apiKey!).expect(202);
      expect(res.body.executionId).toMatch(/^exe_/);
      expect(await countFor(agent.id)).toBe(1);
    });

    it('refuses everything while no key was ever created (fails closed)', async () => {
      const created = await t
        .api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({ name: 'Keyless', webhook_auth: 'api_key' })
        .expect(201);
      const path = new URL(created.body.webhook_url).pathname;
      await t.webhook().post(path).send({}).expect(401);
      await t.webhook().post(path).set('X-API-Key', 'anything').send({}).expect(401);
      await t.webhook().post(path).set('X-API-Key', '').send({}).expect(401);
    });

    it('accepts only the newest key once a new one is created', async () => {
      const rotated = await seedAgent(t, key, { webhookAuth: 'api_key' });
      const res = await t
        .api()
        .post(`/v2/agents/${rotated.id}/webhook-credentials`)
        .set(bearer(key))
        .send({ type: 'api_key' })
        .expect(201);
      await post(rotated, '{}').set('X-API-Key', rotated.apiKey!).expect(401);
      await post(rotated, '{}').set('X-API-Key', res.body.secret).expect(202);
    });
  });

  describe('signature (X-Signature)', () => {
    let agent: SeededAgent;
    beforeAll(async () => {
      agent = await seedAgent(t, key, { webhookAuth: 'signature' });
    });

    it('verifies the exact raw bytes, not a re-serialization', async () => {
      // Whitespace, key order and a unicode escape: JSON.stringify(JSON.parse(raw)) differs.
      const raw = '{ "zeta" : 1,\n  "email": "caf\\u00e9@acme.io", "alpha": [ 1, 2 ] }\n';
      const reserialized = JSON.stringify(JSON.parse(raw));
      expect(reserialized).not.toBe(raw);
      const res = await post(agent, raw)
        .set('X-Signature', hexSignature(agent.signingSecret!, raw))
        .expect(202);
      const row = await t.service.dataSource
        .getRepository(Execution)
        .findOneByOrFail({ id: res.body.executionId });
      expect(row.input).toEqual({ zeta: 1, email: 'café@acme.io', alpha: [1, 2] });
      expect(Object.keys(row.input)).toEqual(['zeta', 'email', 'alpha']);
      // A signature over the re-serialized body does not match the bytes that were sent.
      await post(agent, raw)
        .set('X-Signature', hexSignature(agent.signingSecret!, reserialized))
        .expect(401);
    });

    it('refuses a tampered body, a wrong secret, a missing prefix, uppercase hex or no header', async () => {
      const body = '{"email":"ana@acme.io"}';
      const good = hexSignature(agent.signingSecret!, body);
      const cases: Record<string, string | undefined> = {
        tampered: hexSignature(agent.signingSecret!, '{"email":"eve@acme.io"}'),
        wrongSecret: hexSignature(newSigningSecret(), body),
        // Keyed with the decoded bytes (the Standard Webhooks key), not the whole string.
        decodedKey: `sha256=${createHmac(
          'sha256',
          Buffer.from(agent.signingSecret!.slice(6), 'base64'),
        )
          .update(body)
          .digest('hex')}`,
        noPrefix: good.slice('sha256='.length),
        otherPrefix: `sha1=${good.slice('sha256='.length)}`,
        uppercase: `sha256=${good.slice('sha256='.length).toUpperCase()}`,
        truncated: good.slice(0, -2),
        missing: undefined,
      };
      for (const [name, signature] of Object.entries(cases)) {
        const req = post(agent, body);
        if (signature !== undefined) req.set('X-Signature', signature);
        const res = await req;
        expect({ name, status: res.status }).toEqual({ name, status: 401 });
        expect(res.body).toEqual(unauthorized);
      }
      // The right signature over the same body passes.
      await post(agent, body).set('X-Signature', good).expect(202);
    });

    it('does not accept an API key on a signature webhook', async () => {
      await post(agent, '{}').set('X-API-Key', agent.signingSecret!).expect(401);
    });
  });

  describe('signature (Standard Webhooks)', () => {
    let agent: SeededAgent;
    let sender: Webhook;
    beforeAll(async () => {
      agent = await seedAgent(t, key, { webhookAuth: 'signature' });
      sender = new Webhook(agent.signingSecret!);
    });

    /** The three Standard Webhooks headers, signed by the reference library. */
    const signed = (id: string, body: string, at = new Date()) => ({
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': sender.sign(id, at, body),
    });

    it('accepts a fresh message signed by the standardwebhooks library', async () => {
      const body = '{"type":"lead.created", "data": {"email":"ana@acme.io"}}';
      const res = await post(agent, body).set(signed('msg_fresh', body)).expect(202);
      expect(res.body.executionId).toMatch(/^exe_/);
      // The same message delivered again (same webhook-id): the first execution, nothing new.
      const again = await post(agent, body).set(signed('msg_fresh', body)).expect(200);
      expect(again.body.executionId).toBe(res.body.executionId);
    });

    it('refuses a timestamp more than 5 minutes old or ahead', async () => {
      const body = '{"a":1}';
      const tenMinutes = 10 * 60 * 1000;
      const stale = await post(agent, body)
        .set(signed('msg_stale', body, new Date(Date.now() - tenMinutes)))
        .expect(401);
      expect(stale.body).toEqual(unauthorized);
      await post(agent, body)
        .set(signed('msg_future', body, new Date(Date.now() + tenMinutes)))
        .expect(401);
      // Within the window (4 minutes off either way) it passes.
      const fourMinutes = 4 * 60 * 1000;
      await post(agent, body)
        .set(signed('msg_recent', body, new Date(Date.now() - fourMinutes)))
        .expect(202);
      await post(agent, body)
        .set(signed('msg_soon', body, new Date(Date.now() + fourMinutes)))
        .expect(202);
    });

    it('refuses a tampered body, id or timestamp, and a non-numeric timestamp', async () => {
      const body = '{"amount":10}';
      const headers = signed('msg_tamper', body);
      await post(agent, '{"amount":99}').set(headers).expect(401);
      await post(agent, body)
        .set({ ...headers, 'webhook-id': 'msg_other' })
        .expect(401);
      await post(agent, body)
        .set({ ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) })
        .expect(401);
      await post(agent, body)
        .set({ ...headers, 'webhook-timestamp': `${headers['webhook-timestamp']}abc` })
        .expect(401);
      await post(agent, body).set(headers).expect(202);
    });

    it('accepts several space-separated signatures when one is valid', async () => {
      const body = '{"b":2}';
      const headers = signed('msg_multi', body);
      const other = new Webhook(newSigningSecret()).sign('msg_multi', new Date(), body);
      const list = `v1a,c29tZXRoaW5n ${other} garbage ${headers['webhook-signature']}`;
      await post(agent, body)
        .set({ ...headers, 'webhook-signature': list })
        .expect(202);
      // None valid: refused. A valid signature under another version tag: refused.
      await post(agent, body)
        .set({ ...signed('msg_multi2', body), 'webhook-signature': `${other} v1,AAAA` })
        .expect(401);
      const bare = signed('msg_multi3', body)['webhook-signature'].slice('v1,'.length);
      await post(agent, body)
        .set({ ...signed('msg_multi3', body), 'webhook-signature': `v2,${bare}` })
        .expect(401);
    });

    it('refuses a message signed with another secret or missing one of its headers', async () => {
      const body = '{"c":3}';
      const stranger = new Webhook(newSigningSecret());
      const at = new Date();
      await post(agent, body)
        .set({
          'webhook-id': 'msg_stranger',
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': stranger.sign('msg_stranger', at, body),
        })
        .expect(401);
      const headers = signed('msg_partial', body);
      for (const name of Object.keys(headers)) {
        const partial = { ...headers } as Record<string, string>;
        delete partial[name];
        await post(agent, body).set(partial).expect(401);
      }
    });
  });

  describe('what a 401 reveals', () => {
    it('authenticates before anything else about the agent or the delivery is told', async () => {
      const paused = await seedAgent(t, key, { webhookAuth: 'api_key' });
      await setAgentStatus(t, key, paused.id, 'paused');
      // Paused, but the caller is not authenticated: 401, not 409.
      const res = await post(paused, '{}').set('X-API-Key', 'wrong').expect(401);
      expect(res.body).toEqual(unauthorized);
      expect(JSON.stringify(res.body)).not.toContain(paused.id);
      expect(JSON.stringify(res.body)).not.toContain(accountId);
      await post(paused, '{}').set('X-API-Key', paused.apiKey!).expect(409);

      // A repeated delivery id does not reveal its execution id to an unauthenticated caller.
      const open = await seedAgent(t, key, { webhookAuth: 'api_key' });
      const first = await post(open, '{}')
        .set('X-API-Key', open.apiKey!)
        .set('Idempotency-Key', 'secret-delivery')
        .expect(202);
      const probe = await post(open, '{}').set('Idempotency-Key', 'secret-delivery').expect(401);
      expect(JSON.stringify(probe.body)).not.toContain(first.body.executionId);
      // A bad delivery key is only reported to an authenticated caller.
      await post(open, '{}').set('Idempotency-Key', 'k'.repeat(300)).expect(401);
    });
  });
});

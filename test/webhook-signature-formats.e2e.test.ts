import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSigningSecret } from '../src/common/crypto';
import { Execution } from '../src/executions/execution.entity';
import { seedAgent, SeededAgent } from './support/agents';
import { startTestService, TestService } from './support/service';

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

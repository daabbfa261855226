import { randomUUID } from 'node:crypto';
import { sign as githubSign } from '@octokit/webhooks-methods';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSigningSecret } from '../src/common/crypto';
import { Execution } from '../src/executions/execution.entity';
import { seedAgent, SeededAgent } from './support/agents';
import { startTestService, TestService } from './support/service';

/**
 * An agent's webhook takes a provider pointed at it directly (docs/api.md, Inbound webhook). Svix
 * sends the Standard Webhooks headers under its own names (`svix-id`, `svix-timestamp`,
 * `svix-signature`); GitHub sends the `sha256=` signature as `X-Hub-Signature-256` and names the
 * delivery with `X-GitHub-Delivery`. Every request below is signed by the provider's own library.
 */
describe('inbound webhook: senders in the wild (Svix, GitHub)', () => {
  let t: TestService;
  let key: string;

  beforeAll(async () => {
    t = await startTestService();
    ({ key } = await t.seedAccount());
  });
  afterAll(async () => t?.close());

  const countFor = (agentId: string) =>
    t.service.dataSource.getRepository(Execution).countBy({ agentId });
  const post = (agent: SeededAgent, body: string) =>
    t.webhook().post(agent.path).set('Content-Type', 'application/json').send(body);
  /** The input the execution was stored with. */
  const storedInput = async (executionId: string) =>
    (await t.service.dataSource.getRepository(Execution).findOneByOrFail({ id: executionId }))
      .input;
  const unixSeconds = (at: Date) => String(Math.floor(at.getTime() / 1000));
  const minutes = (n: number) => n * 60 * 1000;

  describe('Svix (svix-id, svix-timestamp, svix-signature)', () => {
    let agent: SeededAgent;
    let svix: SvixWebhook;
    beforeAll(async () => {
      agent = await seedAgent(t, key, { webhookAuth: 'signature' });
      // The agent's `whsec_…` secret is what one pastes into Svix as the endpoint secret.
      svix = new SvixWebhook(agent.signingSecret!);
    });

    /** The headers Svix sends, signed by the svix library. */
    const svixHeaders = (id: string, body: string, at = new Date()) => ({
      'svix-id': id,
      'svix-timestamp': unixSeconds(at),
      'svix-signature': svix.sign(id, at, body),
      'User-Agent': 'Svix-Webhooks/1.99',
    });

    it('accepts a message signed by the svix library and keeps its body as the input', async () => {
      const body = '{"type":"invoice.paid", "data":{"email":"ana@acme.io","amount":1200}}';
      const headers = svixHeaders('msg_2vSvixFresh', body);
      // The svix library itself accepts these headers for this body and secret.
      expect(svix.verify(body, headers)).toEqual(JSON.parse(body));
      const res = await post(agent, body).set(headers).expect(202);
      expect(res.body).toMatchObject({
        success: true,
        executionId: expect.stringMatching(/^exe_/),
      });
      expect(await storedInput(res.body.executionId)).toEqual(JSON.parse(body));
    });

    it('refuses a wrong signature with 401 and starts nothing', async () => {
      const before = await countFor(agent.id);
      const body = '{"type":"invoice.paid","data":{"amount":1}}';
      const stranger = new SvixWebhook(newSigningSecret());
      const at = new Date();
      const cases: Record<string, Record<string, string>> = {
        otherSecret: {
          ...svixHeaders('msg_wrong1', body, at),
          'svix-signature': stranger.sign('msg_wrong1', at, body),
        },
        tamperedBody: svixHeaders('msg_wrong2', '{"type":"invoice.paid","data":{"amount":9}}'),
        otherId: { ...svixHeaders('msg_wrong3', body), 'svix-id': 'msg_wrong3b' },
        otherTimestamp: {
          ...svixHeaders('msg_wrong4', body, at),
          'svix-timestamp': String(Number(unixSeconds(at)) - 1),
        },
      };
      for (const [name, headers] of Object.entries(cases)) {
        const res = await post(agent, body).set(headers);
        expect({ name, status: res.status }).toEqual({ name, status: 401 });
        expect(res.body.error.code).toBe('unauthorized');
      }
      // A family missing one of its headers is no signature at all.
      const full = svixHeaders('msg_partial', body);
      for (const name of ['svix-id', 'svix-timestamp', 'svix-signature'] as const) {
        const partial: Record<string, string> = { ...full };
        delete partial[name];
        await post(agent, body).set(partial).expect(401);
      }
      expect(await countFor(agent.id)).toBe(before);
    });

    it('deduplicates a replay by its signed svix-id, whatever Idempotency-Key it carries', async () => {
      const body = '{"type":"invoice.paid","data":{"amount":7}}';
      const headers = svixHeaders('msg_replayed', body);
      const first = await post(agent, body).set(headers).expect(202);
      const again = await post(agent, body).set(headers).expect(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.executionId).toBe(first.body.executionId);
      // A replayer adding or changing the unsigned Idempotency-Key does not make a new delivery.
      for (const idempotencyKey of ['replay-1', 'replay-2']) {
        const replay = await post(agent, body)
          .set(headers)
          .set('Idempotency-Key', idempotencyKey)
          .expect(200);
        expect(replay.body.executionId).toBe(first.body.executionId);
      }
      // Nor does an unsigned X-GitHub-Delivery added beside the svix headers.
      const decorated = await post(agent, body)
        .set(headers)
        .set('X-GitHub-Delivery', randomUUID())
        .expect(200);
      expect(decorated.body.executionId).toBe(first.body.executionId);
      // A lone webhook-id beside them is an incomplete Standard Webhooks family: refused.
      await post(agent, body).set(headers).set('webhook-id', 'msg_other').expect(401);
      // Svix's retry of the same message is signed again at a later time: same svix-id, same run.
      const retried = await post(agent, body)
        .set(svixHeaders('msg_replayed', body, new Date(Date.now() + 1000)))
        .expect(200);
      expect(retried.body.executionId).toBe(first.body.executionId);
    });

    it('refuses timestamps more than 5 minutes off either way', async () => {
      const body = '{"type":"ping"}';
      for (const offset of [-minutes(10), minutes(10), -minutes(5) - 5000, minutes(5) + 5000]) {
        const at = new Date(Date.now() + offset);
        const res = await post(agent, body)
          .set(svixHeaders(`msg_off_${offset}`, body, at))
          .expect(401);
        expect(res.body.error).toMatchObject({
          code: 'unauthorized',
          message: expect.stringContaining('svix-timestamp'),
        });
      }
      for (const offset of [-minutes(4), minutes(4)]) {
        await post(agent, body)
          .set(svixHeaders(`msg_near_${offset}`, body, new Date(Date.now() + offset)))
          .expect(202);
      }
    });

    it('answers junk in the svix and GitHub headers with 401, never a 500', async () => {
      const body = '{"a":1}';
      const now = unixSeconds(new Date());
      const junk: Record<string, string>[] = [
        { 'svix-id': '', 'svix-timestamp': '', 'svix-signature': '' },
        { 'svix-id': 'msg_j', 'svix-timestamp': '1e20', 'svix-signature': 'v1,abc' },
        { 'svix-id': 'msg_j', 'svix-timestamp': '-1', 'svix-signature': 'v1,' },
        { 'svix-id': 'msg_j', 'svix-timestamp': now, 'svix-signature': ' ,v1 ,, v1,%%%' },
        {
          'svix-id': 'msg_j',
          'svix-timestamp': '9'.repeat(300),
          'svix-signature': 'x'.repeat(300),
        },
        { 'X-Hub-Signature-256': '' },
        { 'X-Hub-Signature-256': 'sha256=' },
        { 'X-Hub-Signature-256': `sha256=${'zz'.repeat(32)}` },
      ];
      for (const headers of junk) {
        const res = await post(agent, body).set(headers);
        expect({ headers, status: res.status }).toEqual({ headers, status: 401 });
        expect(res.body.error.code).toBe('unauthorized');
      }
    });

    it('names an over-long signed svix-id in the 400', async () => {
      const body = '{"a":1}';
      const res = await post(agent, body)
        .set(svixHeaders('m'.repeat(256), body))
        .expect(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'svix-id' });
    });
  });

  describe('both Standard Webhooks families on one request', () => {
    let agent: SeededAgent;
    let svix: SvixWebhook;
    let standard: StandardWebhook;
    beforeAll(async () => {
      agent = await seedAgent(t, key, { webhookAuth: 'signature' });
      svix = new SvixWebhook(agent.signingSecret!);
      standard = new StandardWebhook(agent.signingSecret!);
    });

    const family = (prefix: 'webhook' | 'svix', id: string, body: string, at = new Date()) => ({
      [`${prefix}-id`]: id,
      [`${prefix}-timestamp`]: unixSeconds(at),
      [`${prefix}-signature`]:
        prefix === 'svix' ? svix.sign(id, at, body) : standard.sign(id, at, body),
    });

    it('accepts the same message under both names (one delivery)', async () => {
      const body = '{"n":1}';
      const at = new Date();
      const both = {
        ...family('webhook', 'msg_both', body, at),
        ...family('svix', 'msg_both', body, at),
      };
      expect(both['svix-signature']).toBe(both['webhook-signature']);
      const first = await post(agent, body).set(both).expect(202);
      // Either family alone is the same delivery.
      const svixOnly = await post(agent, body)
        .set(family('svix', 'msg_both', body))
        .expect(200);
      const stdOnly = await post(agent, body)
        .set(family('webhook', 'msg_both', body))
        .expect(200);
      expect(svixOnly.body.executionId).toBe(first.body.executionId);
      expect(stdOnly.body.executionId).toBe(first.body.executionId);
    });

    it('takes the delivery id from webhook-* when both families verify', async () => {
      const body = '{"n":2}';
      const both = {
        ...family('webhook', 'msg_std_2', body),
        ...family('svix', 'msg_svix_2', body),
      };
      const first = await post(agent, body).set(both).expect(202);
      const byStd = await post(agent, body)
        .set(family('webhook', 'msg_std_2', body))
        .expect(200);
      expect(byStd.body.executionId).toBe(first.body.executionId);
      // The svix-id was not the delivery id: alone, it is a new delivery.
      await post(agent, body)
        .set(family('svix', 'msg_svix_2', body))
        .expect(202);
    });

    it('refuses a fresh svix-* family beside a webhook-* one that does not verify', async () => {
      const body = '{"n":3}';
      const stranger = new StandardWebhook(newSigningSecret());
      const at = new Date();
      const forged = {
        'webhook-id': 'msg_forged',
        'webhook-timestamp': unixSeconds(at),
        'webhook-signature': stranger.sign('msg_forged', at, body),
      };
      const before = await countFor(agent.id);
      await post(agent, body)
        .set({ ...forged, ...family('svix', 'msg_svix_3', body) })
        .expect(401);
      // A stale webhook-* family beside a fresh svix-* one: refused too.
      const stale = family('webhook', 'msg_stale_3', body, new Date(Date.now() - minutes(10)));
      await post(agent, body)
        .set({ ...stale, ...family('svix', 'msg_svix_3b', body) })
        .expect(401);
      expect(await countFor(agent.id)).toBe(before);
      // The svix family alone is accepted.
      await post(agent, body)
        .set(family('svix', 'msg_svix_3', body))
        .expect(202);
    });

    it('never combines headers of the two families', async () => {
      const body = '{"n":4}';
      const at = new Date();
      const std = family('webhook', 'msg_mix', body, at);
      const sv = family('svix', 'msg_mix', body, at);
      // Each combination has all three fields, but no complete family.
      const mixes = [
        {
          'webhook-id': std['webhook-id'],
          'svix-timestamp': sv['svix-timestamp'],
          'svix-signature': sv['svix-signature'],
        },
        {
          'svix-id': sv['svix-id'],
          'webhook-timestamp': std['webhook-timestamp'],
          'svix-signature': sv['svix-signature'],
        },
        {
          'svix-id': sv['svix-id'],
          'svix-timestamp': sv['svix-timestamp'],
          'webhook-signature': std['webhook-signature'],
        },
      ];
      const before = await countFor(agent.id);
      for (const mix of mixes) await post(agent, body).set(mix).expect(401);
      expect(await countFor(agent.id)).toBe(before);
    });
  });

  describe('GitHub (X-Hub-Signature-256, X-GitHub-Delivery)', () => {
    let agent: SeededAgent;
    beforeAll(async () => {
      agent = await seedAgent(t, key, { webhookAuth: 'signature' });
    });

    /** The headers GitHub sends with a delivery; the signature by @octokit/webhooks-methods. */
    const githubHeaders = async (body: string, delivery = randomUUID(), secret?: string) => ({
      'User-Agent': 'GitHub-Hookshot/7a1c2d3',
      'X-GitHub-Event': 'issues',
      'X-GitHub-Delivery': delivery,
      'X-GitHub-Hook-ID': '512345678',
      'X-Hub-Signature-256': await githubSign(secret ?? agent.signingSecret!, body),
    });

    it('accepts a delivery signed by @octokit/webhooks-methods', async () => {
      const body = JSON.stringify({ action: 'opened', issue: { number: 7, title: 'Löwe 🦁' } });
      const headers = await githubHeaders(body);
      expect(headers['X-Hub-Signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);
      const res = await post(agent, body).set(headers).expect(202);
      expect(await storedInput(res.body.executionId)).toEqual(JSON.parse(body));
    });

    it('refuses a wrong signature with 401 and starts nothing', async () => {
      const before = await countFor(agent.id);
      const body = '{"action":"closed"}';
      const cases: Record<string, string> = {
        otherSecret: await githubSign(newSigningSecret(), body),
        tamperedBody: await githubSign(agent.signingSecret!, '{"action":"reopened"}'),
        uppercase: (await githubSign(agent.signingSecret!, body)).toUpperCase(),
        noPrefix: (await githubSign(agent.signingSecret!, body)).slice('sha256='.length),
      };
      for (const [name, signature] of Object.entries(cases)) {
        const res = await post(agent, body)
          .set(await githubHeaders(body))
          .set('X-Hub-Signature-256', signature);
        expect({ name, status: res.status }).toEqual({ name, status: 401 });
      }
      // GitHub's legacy SHA-1 header alone is not accepted.
      const { ['X-Hub-Signature-256']: _sha256, ...legacy } = await githubHeaders(body);
      await post(agent, body)
        .set({ ...legacy, 'X-Hub-Signature': 'sha1=0000000000000000000000000000000000000000' })
        .expect(401);
      expect(await countFor(agent.id)).toBe(before);
    });

    it('deduplicates a redelivery by X-GitHub-Delivery', async () => {
      const body = '{"action":"labeled"}';
      const headers = await githubHeaders(body, 'f2c1b3a0-5d4e-11ef-8a6b-000000000001');
      const first = await post(agent, body).set(headers).expect(202);
      const redelivered = await post(agent, body).set(headers).expect(200);
      expect(redelivered.body.executionId).toBe(first.body.executionId);
      // Another delivery id is another delivery.
      await post(agent, body)
        .set(await githubHeaders(body))
        .expect(202);
    });

    it('accepts X-Signature and X-Hub-Signature-256 together when either verifies', async () => {
      const body = '{"action":"edited"}';
      const good = await githubSign(agent.signingSecret!, body);
      const bad = await githubSign(newSigningSecret(), body);
      await post(agent, body).set({ 'X-Signature': good, 'X-Hub-Signature-256': bad }).expect(202);
      await post(agent, body).set({ 'X-Signature': bad, 'X-Hub-Signature-256': good }).expect(202);
      await post(agent, body).set({ 'X-Signature': bad, 'X-Hub-Signature-256': bad }).expect(401);
    });
  });

  describe('unsigned delivery ids', () => {
    it('uses svix-id as a delivery id, after Idempotency-Key and webhook-id', async () => {
      const agent = await seedAgent(t, key, { webhookAuth: 'none' });
      const first = await post(agent, '{}').set('svix-id', 'msg_unsigned').expect(202);
      await post(agent, '{}').set('svix-id', 'msg_unsigned').expect(200);
      // webhook-id comes first: with it present the svix-id is not the delivery id.
      await post(agent, '{}').set({ 'webhook-id': 'w_1', 'svix-id': 'msg_unsigned' }).expect(202);
      await post(agent, '{}').set({ 'webhook-id': 'w_1', 'svix-id': 'msg_other' }).expect(200);
      // svix-id comes before X-GitHub-Delivery.
      const gh = await post(agent, '{}')
        .set({ 'svix-id': 'msg_unsigned', 'X-GitHub-Delivery': 'gh_1' })
        .expect(200);
      expect(gh.body.executionId).toBe(first.body.executionId);
      // Idempotency-Key comes first of all.
      await post(agent, '{}')
        .set({ 'Idempotency-Key': 'k1', 'svix-id': 'msg_unsigned' })
        .expect(202);
      const empty = await post(agent, '{}').set('svix-id', '').expect(400);
      expect(empty.body.error).toMatchObject({ code: 'invalid_request', field: 'svix-id' });
    });
  });
});

import { verify as verifyGithubSignature } from '@octokit/webhooks-methods';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../src/agents/agent.entity';
import { LocalBus } from '../src/queue/local-bus';
import { finishWithCallback, insertAgent } from './support/callback-fixtures';
import { createUser, signIn, type Browser } from './support/dashboard';
import { Receiver } from './support/receiver';
import { bearer, startTestService, type TestService } from './support/service';
import { eventually } from './support/wait';

/**
 * The owner-only routes of the dashboard (docs/api.md, Dashboard API): API keys, the account's
 * signing secret and users; members and API keys are refused.
 */
describe('dashboard settings: API keys, signing, users', () => {
  let t: TestService;
  let accountId: string;
  let apiKey: string;
  let owner: Browser;
  let member: Browser;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    t = await startTestService({ TRUST_PROXY: 'true', CALLBACK_RETRY_BASE_MS: '1' });
    ({ accountId, key: apiKey } = await t.seedAccount({ plan: 'pro' }));
    owner = await signIn(t, (await createUser(t, accountId, { role: 'owner' })).email);
    member = await signIn(t, (await createUser(t, accountId, { role: 'member' })).email);
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  afterAll(async () => t?.close());

  const OWNER_ROUTES: [string, string, object?][] = [
    ['get', '/v2/api-keys'],
    ['post', '/v2/api-keys', { name: 'x' }],
    ['delete', '/v2/api-keys/key_nope'],
    ['get', '/v2/users'],
    ['post', '/v2/users', { email: 'x@example.com', role: 'member' }],
    ['patch', '/v2/users/usr_nope', { role: 'owner' }],
    ['delete', '/v2/users/usr_nope'],
    ['post', '/v2/account/signing-secret/rotate', {}],
    ['delete', '/v2/account/signing-secret'],
  ];

  it('refuses members and API keys on keys, users and the signing secret (403)', async () => {
    for (const [method, path, body] of OWNER_ROUTES) {
      const asMember = await t.api()[method as 'get'](path).set(member.headers()).send(body);
      expect(asMember.status, `member ${method} ${path}`).toBe(403);
      expect(asMember.body.error.code).toBe('forbidden');
      const asKey = await t.api()[method as 'get'](path).set(bearer(apiKey)).send(body);
      expect(asKey.status, `key ${method} ${path}`).toBe(403);
      expect(asKey.body.error.message).toMatch(/API keys cannot/);
    }
    // A member does use agents and executions.
    await t
      .api()
      .post('/v2/agents')
      .set(member.headers())
      .send({ name: 'By a member', kind: 'lead-qualification' })
      .expect(201);
  });

  it('creates, lists and revokes API keys; the key works over bearer until revoked', async () => {
    const created = await t
      .api()
      .post('/v2/api-keys')
      .set(owner.headers())
      .send({ name: 'Zapier', scopes: ['agents:read'] })
      .expect(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^key_/),
      name: 'Zapier',
      prefix: created.body.key.slice(0, 12),
      scopes: ['agents:read'],
      created_at: expect.any(String),
      key: expect.stringMatching(/^aas_/),
    });
    const key = created.body.key as string;
    await t.api().get('/v2/agents').set(bearer(key)).expect(200);
    // Scopes hold: this key cannot write.
    await t.api().post('/v2/agents').set(bearer(key)).send({ name: 'n' }).expect(403);

    const list = await t.api().get('/v2/api-keys').set(owner.headers()).expect(200);
    const listed = list.body.data.find((item: { id: string }) => item.id === created.body.id);
    expect(listed).toEqual({
      id: created.body.id,
      name: 'Zapier',
      prefix: created.body.prefix,
      scopes: ['agents:read'],
      created_at: created.body.created_at,
      last_used_at: expect.any(String),
      revoked_at: null,
    });
    expect(list.text).not.toContain(key);
    expect(list.body.data.length).toBeGreaterThanOrEqual(2);

    const bad = await t
      .api()
      .post('/v2/api-keys')
      .set(owner.headers())
      .send({ name: 'x', scopes: ['root'] })
      .expect(400);
    expect(bad.body.error.field).toBe('scopes');

    // Another account's key is not found.
    const stranger = await t.seedAccount();
    await t.api().delete(`/v2/api-keys/${stranger.keyId}`).set(owner.headers()).expect(404);
    await t.api().get('/v2/agents').set(bearer(stranger.key)).expect(200);

    await t.api().delete(`/v2/api-keys/${created.body.id}`).set(owner.headers()).expect(204);
    await t.api().get('/v2/agents').set(bearer(key)).expect(401);
    const after = await t.api().get('/v2/api-keys').set(owner.headers()).expect(200);
    expect(
      after.body.data.find((item: { id: string }) => item.id === created.body.id).revoked_at,
    ).toEqual(expect.any(String));
  });

  it('rotates and disables the signing secret, as callbacks show', async () => {
    const agent: Agent = await insertAgent(t.service.dataSource, accountId);
    const callback = async () => {
      const hook = await Receiver.start();
      receivers.push(hook);
      await finishWithCallback(t.service.dataSource, {
        agent,
        status: 'completed',
        callbackUrl: hook.url(),
        bus: t.service.worker!.get(LocalBus),
      });
      const [request] = await eventually(() => hook.requests.length === 1 && hook.requests);
      return request;
    };
    const before = await t.api().get('/v2/account').set(owner.headers()).expect(200);
    expect(before.body).toMatchObject({
      id: accountId,
      plan: 'pro',
      api_key: null,
      limits: { per_hour: 1000, per_second: 50 },
      usage: { this_hour: expect.any(Number), today: expect.any(Number) },
      signing: { enabled: false },
    });

    const rotated = await t
      .api()
      .post('/v2/account/signing-secret/rotate')
      .set(owner.headers())
      .expect(200);
    expect(Object.keys(rotated.body)).toEqual(['signing_secret']);
    const secret = rotated.body.signing_secret as string;
    expect(secret).toMatch(/^whsec_/);
    const signed = await callback();
    expect(
      await verifyGithubSignature(secret, signed.body, String(signed.headers['x-signature'])),
    ).toBe(true);
    const on = await t.api().get('/v2/account').set(owner.headers()).expect(200);
    expect(on.body.signing).toEqual({ enabled: true });
    expect(on.text).not.toContain(secret);
    // The callback's execution was written by the test, not counted in the daily counters.
    expect(on.body.usage.this_hour).toBeGreaterThanOrEqual(1);
    expect(on.body.usage.this_hour).toBeGreaterThanOrEqual(1);

    await t.api().delete('/v2/account/signing-secret').set(owner.headers()).expect(204);
    const unsigned = await callback();
    expect(unsigned.headers).not.toHaveProperty('x-signature');
    expect(unsigned.headers).not.toHaveProperty('webhook-signature');
    const off = await t.api().get('/v2/account').set(owner.headers()).expect(200);
    expect(off.body.signing).toEqual({ enabled: false });
  });

  it('invites users, changes roles and removes them; the last owner stays', async () => {
    const invited = await t
      .api()
      .post('/v2/users')
      .set(owner.headers())
      .send({ email: 'New@Example.com', role: 'member' })
      .expect(201);
    expect(invited.body).toEqual({
      user: {
        id: expect.stringMatching(/^usr_/),
        email: 'new@example.com',
        role: 'member',
        created_at: expect.any(String),
      },
      setup_url: expect.stringMatching(
        /^http:\/\/localhost:3000\/dashboard\/setup-password\?token=/,
      ),
    });
    const dup = await t
      .api()
      .post('/v2/users')
      .set(owner.headers())
      .send({ email: 'new@example.com', role: 'owner' })
      .expect(409);
    expect(dup.body.error.code).toBe('conflict');
    const badRole = await t
      .api()
      .post('/v2/users')
      .set(owner.headers())
      .send({ email: 'r@example.com', role: 'admin' })
      .expect(400);
    expect(badRole.body.error.field).toBe('role');

    const list = await t.api().get('/v2/users').set(owner.headers()).expect(200);
    const entry = list.body.data.find((user: { id: string }) => user.id === invited.body.user.id);
    expect(entry).toMatchObject({ status: 'invited', last_sign_in_at: null });
    expect(list.body.data.find((user: { id: string }) => user.id === owner.userId)).toMatchObject({
      status: 'active',
      last_sign_in_at: expect.any(String),
    });
    expect(list.text).not.toMatch(/password|token/);

    // The invitee sets a password, is promoted, then removed: their session ends.
    const token = new URL(invited.body.setup_url).searchParams.get('token');
    await t
      .api()
      .post('/v2/password-setup')
      .send({ token, password: 'invitee password 1' })
      .expect(200);
    const invitee = await signIn(t, 'new@example.com', 'invitee password 1');
    const promoted = await t
      .api()
      .patch(`/v2/users/${invited.body.user.id}`)
      .set(owner.headers())
      .send({ role: 'owner' })
      .expect(200);
    expect(promoted.body.role).toBe('owner');
    await t.api().get('/v2/users').set(invitee.headers()).expect(200);
    await t.api().delete(`/v2/users/${invited.body.user.id}`).set(owner.headers()).expect(204);
    await t.api().get('/v2/session').set(invitee.headers()).expect(401);

    // Another account's user is not found.
    const strangerAccount = await t.seedAccount();
    const stranger = await createUser(t, strangerAccount.accountId);
    await t
      .api()
      .patch(`/v2/users/${stranger.id}`)
      .set(owner.headers())
      .send({ role: 'member' })
      .expect(404);
    await t.api().delete(`/v2/users/${stranger.id}`).set(owner.headers()).expect(404);

    // The last owner cannot be demoted or removed.
    const soleAccount = await t.seedAccount();
    const sole = await createUser(t, soleAccount.accountId, { role: 'owner' });
    const soleBrowser = await signIn(t, sole.email);
    const demote = await t
      .api()
      .patch(`/v2/users/${sole.id}`)
      .set(soleBrowser.headers())
      .send({ role: 'member' })
      .expect(409);
    expect(demote.body.error.code).toBe('conflict');
    await t.api().delete(`/v2/users/${sole.id}`).set(soleBrowser.headers()).expect(409);
    await t.api().get('/v2/session').set(soleBrowser.headers()).expect(200);
  });
});

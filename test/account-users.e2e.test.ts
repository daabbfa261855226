import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../src/users/user.entity';
import {
  createUser,
  OWN_ORIGIN,
  PASSWORD,
  randomIp,
  signIn,
  type Browser,
} from './support/dashboard';
import { bearer, startTestService, type TestService } from './support/service';

/** Small sign-in limits, so that the throttling test runs few scrypt hashes. */
const SIGN_IN_LIMITS = { perAddress: 4, perIp: 6 };

/**
 * Dashboard users between accounts, over HTTP: an address used by another account is
 * invited like any other (users are per account), a password change is throttled like a
 * sign-in, and an owner issues a one-time password-reset link.
 */
describe('account users', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService({
      TRUST_PROXY: 'true',
      ROLE: 'api',
      SIGNIN_MAX_PER_ADDRESS: String(SIGN_IN_LIMITS.perAddress),
      SIGNIN_MAX_PER_IP: String(SIGN_IN_LIMITS.perIp),
    });
  });
  afterAll(async () => t?.close());

  /** An account with a signed-in owner. */
  const accountWithOwner = async () => {
    const { accountId, key } = await t.seedAccount();
    const owner = await createUser(t, accountId, { role: 'owner' });
    return { accountId, key, owner, browser: await signIn(t, owner.email) };
  };
  const invite = (as: Browser, email: string, role = 'member') =>
    t.api().post('/v2/users').set(as.headers()).send({ email, role });
  /** Sets the password of a setup link (200), answering the session's body. */
  const setUp = async (url: string, password: string) =>
    (
      await t
        .api()
        .post('/v2/password-setup')
        .set({ Origin: OWN_ORIGIN, 'X-Forwarded-For': randomIp() })
        .send({ token: new URL(url).searchParams.get('token'), password })
        .expect(200)
    ).body;

  it('invites an address of another account exactly as a new one; each account has its own user', async () => {
    const a = await accountWithOwner();
    const b = await accountWithOwner();
    const shared = `shared-${Date.now()}@example.com`;
    // Pending in A: neither blocks B nor shows there.
    const inA = await invite(a.browser, shared);
    const fresh = await invite(b.browser, `fresh-${Date.now()}@example.com`);
    const inB = await invite(b.browser, shared);
    expect(inB.status).toBe(fresh.status);
    expect(inB.status).toBe(201);
    expect(Object.keys(inB.body)).toEqual(Object.keys(fresh.body));
    expect(inA.status).toBe(201);
    expect(inB.body.user.id).not.toBe(inA.body.user.id);
    // B's owner also invites the address of A's owner: nothing tells that it is taken.
    const ownerOfA = await invite(b.browser, a.owner.email);
    expect(ownerOfA.status).toBe(201);
    const listB = await t.api().get('/v2/users').set(b.browser.headers()).expect(200);
    expect(listB.body.data.map((u: { id: string }) => u.id)).not.toContain(inA.body.user.id);

    // The same address twice in one account is still 409.
    const again = await invite(a.browser, shared.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');

    // Each user signs in to their own account, by the password they set.
    await setUp(inA.body.setup_url, 'password of the A user');
    await setUp(inB.body.setup_url, 'password of the B user');
    const signInAs = (password: string) =>
      t
        .api()
        .post('/v2/session')
        .set({ Origin: OWN_ORIGIN, 'X-Forwarded-For': randomIp() })
        .send({ email: shared, password });
    expect((await signInAs('password of the A user').expect(200)).body.account.id).toBe(
      a.accountId,
    );
    expect((await signInAs('password of the B user').expect(200)).body.account.id).toBe(
      b.accountId,
    );
    expect((await signInAs('neither of them!!').expect(401)).body.error.code).toBe('unauthorized');
    // A's owner keeps signing in to A, though B invited the address.
    expect((await signIn(t, a.owner.email)).userId).toBe(a.owner.id);
  }, 120_000);

  it('throttles a wrong current_password like a sign-in: 429 after the same number of tries', async () => {
    const { accountId } = await t.seedAccount();
    const user = await createUser(t, accountId);
    const session = await signIn(t, user.email);
    const change = (current: string) =>
      t
        .api()
        .post('/v2/session/password')
        .set({ ...session.headers(), 'X-Forwarded-For': randomIp() })
        .send({ current_password: current, new_password: 'a brand new password' });
    // The sign-in above counted once against the address.
    for (let i = 1; i < SIGN_IN_LIMITS.perAddress; i++) {
      const res = await change(`wrong password ${i}!`);
      expect(res.status, `try ${i}`).toBe(400);
      expect(res.body.error.field).toBe('current_password');
    }
    const blocked = await change(PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing changed: the old password is still the password (once the window passes).
    const [row] = await t.service.dataSource.query('SELECT password_hash FROM users WHERE id = ?', [
      user.id,
    ]);
    expect(row.password_hash).toMatch(/^scrypt\$/);
    // And sign-in for the address is blocked too: the same counter.
    await t
      .api()
      .post('/v2/session')
      .set({ Origin: OWN_ORIGIN, 'X-Forwarded-For': randomIp() })
      .send({ email: user.email, password: PASSWORD })
      .expect(429);
  }, 120_000);

  it('an owner issues a one-time reset link: it sets a new password once, then expires', async () => {
    const a = await accountWithOwner();
    const member = await createUser(t, a.accountId, { role: 'member' });
    const memberSession = await signIn(t, member.email);
    const reset = await t
      .api()
      .post(`/v2/users/${member.id}/password-reset`)
      .set(a.browser.headers())
      .expect(201);
    expect(reset.body).toEqual({
      user: { id: member.id, email: member.email, role: 'member', created_at: expect.any(String) },
      setup_url: expect.stringMatching(
        /^http:\/\/localhost:3000\/dashboard\/setup-password\?token=[A-Za-z0-9_-]{40,}$/,
      ),
      expires_at: expect.any(String),
    });
    const hours = (Date.parse(reset.body.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    // Until the link is used, the current password works; a newer link replaces an older one.
    await signIn(t, member.email);
    const newer = await t
      .api()
      .post(`/v2/users/${member.id}/password-reset`)
      .set(a.browser.headers())
      .expect(201);
    const token = (url: string) => new URL(url).searchParams.get('token');
    const use = (url: string, password: string) =>
      t
        .api()
        .post('/v2/password-setup')
        .set({ Origin: OWN_ORIGIN, 'X-Forwarded-For': randomIp() })
        .send({ token: token(url), password });
    expect(
      (await use(reset.body.setup_url, 'the new password 1').expect(400)).body.error.field,
    ).toBe('token');
    const used = await use(newer.body.setup_url, 'the new password 1').expect(200);
    expect(used.body.user.id).toBe(member.id);
    expect(used.body.account.id).toBe(a.accountId);
    await use(newer.body.setup_url, 'the new password 2').expect(400);
    // The member's other sessions ended; the old password no longer signs in, the new one does.
    await t.api().get('/v2/session').set(memberSession.headers()).expect(401);
    await t
      .api()
      .post('/v2/session')
      .set({ Origin: OWN_ORIGIN, 'X-Forwarded-For': randomIp() })
      .send({ email: member.email, password: PASSWORD })
      .expect(401);
    await signIn(t, member.email, 'the new password 1');

    // An expired link does nothing.
    const late = await t
      .api()
      .post(`/v2/users/${member.id}/password-reset`)
      .set(a.browser.headers())
      .expect(201);
    await t.service.dataSource
      .getRepository(User)
      .update({ id: member.id }, { setupExpiresAt: new Date(Date.now() - 1000) });
    await use(late.body.setup_url, 'the new password 3').expect(400);
  }, 120_000);

  it('only an owner of the account issues one', async () => {
    const a = await accountWithOwner();
    const b = await accountWithOwner();
    const member = await createUser(t, a.accountId, { role: 'member' });
    const memberBrowser = await signIn(t, member.email);
    const path = `/v2/users/${a.owner.id}/password-reset`;
    const byMember = await t.api().post(path).set(memberBrowser.headers()).expect(403);
    expect(byMember.body.error.code).toBe('forbidden');
    await t.api().post(path).set(bearer(a.key)).expect(403);
    const foreign = await t.api().post(path).set(b.browser.headers()).expect(404);
    expect(foreign.body.error.code).toBe('not_found');
    // Without the CSRF token, refused like every state-changing session request.
    const { 'X-CSRF-Token': _csrf, ...noCsrf } = b.browser.headers();
    await t.api().post(`/v2/users/${b.owner.id}/password-reset`).set(noCsrf).expect(403);
    // Nothing was issued: the owner's row has no pending link.
    const [row] = await t.service.dataSource.query(
      'SELECT setup_token_hash FROM users WHERE id = ?',
      [a.owner.id],
    );
    expect(row.setup_token_hash).toBeNull();
  });

  it('refuses prototype keys in a trigger body and its options, and in a PATCH body', async () => {
    const { key } = await t.seedAccount();
    const agent = await t
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({ name: 'Proto' })
      .expect(201);
    const send = (method: 'post' | 'patch', path: string, text: string) => {
      const api = t.api();
      return (method === 'post' ? api.post(path) : api.patch(path))
        .set({ ...bearer(key), 'Content-Type': 'application/json' })
        .send(text);
    };
    const trigger = `/v2/agents/${agent.body.id}/trigger`;
    const cases: [string, string][] = [
      ['{"input":{},"options":{"__proto__":{"async":true}}}', 'options.__proto__'],
      ['{"input":{},"options":{"constructor":{"prototype":{}}}}', 'options.constructor'],
      ['{"input":{},"options":{"async":true,"prototype":1}}', 'options.prototype'],
      ['{"input":{},"__proto__":{"options":{"async":true}}}', '__proto__'],
      ['{"input":{},"constructor":{}}', 'constructor'],
      ['{"input":{},"prototype":1}', 'prototype'],
    ];
    for (const [text, field] of cases) {
      const res = await send('post', trigger, text);
      expect(res.status, text).toBe(400);
      expect(res.body.error, text).toMatchObject({ code: 'invalid_request', field });
      expect(res.body.error.message).toContain(`Unknown field "${field}"`);
    }
    // An ordinary unknown option reads the same.
    const unknown = await send('post', trigger, '{"input":{},"options":{"sync":true}}');
    expect(unknown.body.error).toMatchObject({ code: 'invalid_request', field: 'options.sync' });
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const res = await send('patch', `/v2/agents/${agent.body.id}`, `{"name":"x","${key}":{}}`);
      expect(res.status, key).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field: key });
    }
    // Nothing ran, nothing changed.
    const list = await t
      .api()
      .get(`/v2/agents/${agent.body.id}/executions`)
      .set(bearer(key))
      .expect(200);
    expect(list.body.data).toEqual([]);
    const after = await t.api().get(`/v2/agents/${agent.body.id}`).set(bearer(key)).expect(200);
    expect(after.body.name).toBe('Proto');
    // Prototype keys inside input stay data, as sent.
    await send('post', trigger, '{"input":{"__proto__":{"x":1}},"options":{"async":true}}').expect(
      202,
    );
  });
});

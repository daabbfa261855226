import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../src/users/session.entity';
import { User } from '../src/users/user.entity';
import { UsersService } from '../src/users/users.service';
import {
  browser,
  createUser,
  OWN_ORIGIN,
  PASSWORD,
  randomIp,
  sessionCookie,
  signIn,
} from './support/dashboard';
import { bearer, startTestService, type TestService } from './support/service';

const IDLE_MS = 12 * 3_600_000;
const MAX_MS = 7 * 86_400_000;
/**
 * Small sign-in limits, so that the throttling test runs few scrypt hashes. Password changes
 * count against the address too: the password-change test makes seven attempts in all.
 */
const SIGN_IN_LIMITS = { perAddress: 7, perIp: 8 };

/**
 * Dashboard users and sessions over HTTP (docs/api.md, Dashboard API): sign-in, expiry, CSRF,
 * passwords.
 */
describe('dashboard sessions', () => {
  let t: TestService;
  let accountId: string;
  let apiKey: string;

  beforeAll(async () => {
    t = await startTestService({
      TRUST_PROXY: 'true',
      ROLE: 'api',
      SIGNIN_MAX_PER_ADDRESS: String(SIGN_IN_LIMITS.perAddress),
      SIGNIN_MAX_PER_IP: String(SIGN_IN_LIMITS.perIp),
    });
    const seeded = await t.seedAccount();
    accountId = seeded.accountId;
    apiKey = seeded.key;
  });
  afterAll(async () => t?.close());

  const sessions = () => t.service.dataSource.getRepository(Session);

  it('signs in with a cookie (HttpOnly, SameSite=Lax), serves /v2 routes with it, and signs out', async () => {
    const user = await createUser(t, accountId, { email: 'Ada@Example.com' });
    const ip = randomIp();
    const res = await t
      .api()
      .post('/v2/session')
      .set({ Origin: OWN_ORIGIN, 'X-Forwarded-For': ip })
      .send({ email: 'ada@example.com', password: PASSWORD })
      .expect(200);
    expect(res.body).toEqual({
      user: {
        id: user.id,
        email: 'ada@example.com',
        role: 'owner',
        created_at: expect.any(String),
      },
      account: { id: accountId, name: 'Test account', plan: 'enterprise' },
      csrf_token: expect.any(String),
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^aas_session=[A-Za-z0-9_-]{40,};/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    // Only the token's hash is stored.
    const token = sessionCookie(res)!.split('=')[1];
    const rows = await sessions().findBy({ userId: user.id });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);

    const b = browser(res, ip);
    const me = await t.api().get('/v2/session').set({ Cookie: b.cookie }).expect(200);
    expect(me.body).toEqual(res.body);
    await t.api().get('/v2/agents').set({ Cookie: b.cookie }).expect(200);
    const account = await t.api().get('/v2/account').set({ Cookie: b.cookie }).expect(200);
    expect(account.body).toMatchObject({ id: accountId, api_key: null });

    const out = await t.api().delete('/v2/session').set(b.headers()).expect(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^aas_session=;.*Expires=Thu, 01 Jan 1970/);
    const after = await t.api().get('/v2/session').set({ Cookie: b.cookie }).expect(401);
    expect(after.body.error.code).toBe('unauthorized');
    await t.api().get('/v2/agents').set({ Cookie: b.cookie }).expect(401);
    expect(await sessions().countBy({ userId: user.id })).toBe(0);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const user = await createUser(t, accountId);
    const attempt = (email: string, password: string) =>
      t
        .api()
        .post('/v2/session')
        .set({ Origin: OWN_ORIGIN, 'X-Forwarded-For': randomIp() })
        .send({ email, password });
    const wrong = await attempt(user.email, 'not the password at all');
    const unknown = await attempt('nobody@example.com', 'not the password at all');
    const invited = await t.service
      .api!.get(UsersService)
      .invite(accountId, 'inv@example.com', 'member');
    const noPassword = await attempt(invited.user.email, 'not the password at all');
    for (const res of [wrong, unknown, noPassword]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({
        code: 'unauthorized',
        message: 'Invalid email or password',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(unknown.text).toBe(
      wrong.text.replace(wrong.body.error.docs_url, unknown.body.error.docs_url),
    );
    const short = await attempt(user.email, '');
    expect(short.status).toBe(401);
  });

  it('knows an address only by its own spelling (no accent- or width-folded matches)', async () => {
    // MySQL's *_ci collations would match these to zoe@example.com, each with a sign-in
    // counter of its own: the per-address limit would never trip.
    await createUser(t, accountId, { email: 'zoe@example.com' });
    for (const email of ['zoë@example.com', 'ｚoe@example.com', 'zoe@exämple.com']) {
      const res = await t
        .api()
        .post('/v2/session')
        .set({ Origin: OWN_ORIGIN, 'X-Forwarded-For': randomIp() })
        .send({ email, password: PASSWORD });
      expect(res.status, email).toBe(401);
    }
  });

  it('throttles sign-in per address and per IP, even with the right password', async () => {
    const user = await createUser(t, accountId);
    // Per address: the attempts come from many IPs.
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) {
      await t
        .api()
        .post('/v2/session')
        .set({ 'X-Forwarded-For': randomIp() })
        .send({ email: user.email.toUpperCase(), password: 'wrong password!!' })
        .expect(401);
    }
    const blocked = await t
      .api()
      .post('/v2/session')
      .set({ 'X-Forwarded-For': randomIp() })
      .send({ email: user.email, password: PASSWORD })
      .expect(429);
    expect(blocked.body.error.code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.headers['set-cookie']).toBeUndefined();

    // Per IP: many addresses from one IP.
    const other = await createUser(t, accountId);
    const ip = randomIp();
    const tries = Array.from({ length: SIGN_IN_LIMITS.perIp }, (_, i) =>
      t
        .api()
        .post('/v2/session')
        .set({ 'X-Forwarded-For': ip })
        .send({ email: `guess-${i}@example.com`, password: 'wrong password!!' }),
    );
    for (const res of await Promise.all(tries)) expect(res.status).toBe(401);
    const fromIp = await t
      .api()
      .post('/v2/session')
      .set({ 'X-Forwarded-For': ip })
      .send({ email: other.email, password: PASSWORD })
      .expect(429);
    expect(fromIp.body.error.code).toBe('rate_limited');
    // The same user from another IP is fine.
    await signIn(t, other.email);
  }, 120_000);

  it('marks the cookie Secure behind an https proxy (TRUST_PROXY)', async () => {
    const user = await createUser(t, accountId);
    const res = await t
      .api()
      .post('/v2/session')
      .set({ 'X-Forwarded-For': randomIp(), 'X-Forwarded-Proto': 'https' })
      .send({ email: user.email, password: PASSWORD })
      .expect(200);
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
  });

  it('sets a password with a one-time link: single use, 24 h, at least 12 characters', async () => {
    const users = t.service.api!.get(UsersService);
    const invited = await users.invite(accountId, 'setup@example.com', 'member');
    expect(invited.setupUrl).toMatch(/^http:\/\/localhost:3000\/dashboard\/setup-password\?token=/);
    const token = new URL(invited.setupUrl).searchParams.get('token')!;
    const setup = (body: object) =>
      t.api().post('/v2/password-setup').set({ Origin: OWN_ORIGIN }).send(body);

    const short = await setup({ token, password: 'elevenchars' }).expect(400);
    expect(short.body.error).toMatchObject({ code: 'invalid_request', field: 'password' });
    const bad = await setup({ token: 'nope', password: PASSWORD }).expect(400);
    expect(bad.body.error).toMatchObject({ field: 'token' });

    const ok = await setup({ token, password: PASSWORD }).expect(200);
    expect(ok.body.user).toMatchObject({ email: 'setup@example.com', role: 'member' });
    const b = browser(ok, randomIp());
    await t.api().get('/v2/session').set({ Cookie: b.cookie }).expect(200);
    const again = await setup({ token, password: 'another password 2' }).expect(400);
    expect(again.body.error).toMatchObject({ field: 'token' });
    await signIn(t, 'setup@example.com');

    // Expired: the link's deadline is moved into the past.
    const late = await users.invite(accountId, 'late@example.com', 'member');
    await t.service.dataSource
      .getRepository(User)
      .update({ id: late.user.id }, { setupExpiresAt: new Date(Date.now() - 1000) });
    const lateToken = new URL(late.setupUrl).searchParams.get('token')!;
    const expired = await setup({ token: lateToken, password: PASSWORD }).expect(400);
    expect(expired.body.error).toMatchObject({ field: 'token' });
    // A setup link from another site is refused.
    const fresh = await users.invite(accountId, 'x-site@example.com', 'member');
    await t
      .api()
      .post('/v2/password-setup')
      .set({ Origin: 'https://evil.example' })
      .send({ token: new URL(fresh.setupUrl).searchParams.get('token'), password: PASSWORD })
      .expect(403);
  });

  it('ends a session after the idle and the absolute expiry', async () => {
    const user = await createUser(t, accountId);
    const idle = await signIn(t, user.email);
    const fresh = await signIn(t, user.email);
    // Session ids are time-ordered: rows[0] is `idle`'s, rows[1] `fresh`'s.
    const rows = await sessions().find({ where: { userId: user.id }, order: { id: 'ASC' } });
    expect(rows).toHaveLength(2);
    // Idle: last request just over 12 h ago.
    await sessions().update(
      { id: rows[0].id },
      { lastSeenAt: new Date(Date.now() - IDLE_MS - 1000) },
    );
    await t.api().get('/v2/session').set({ Cookie: idle.cookie }).expect(401);
    // Absolute: signed in 7 days ago, though active a moment ago.
    await sessions().update(
      { id: rows[1].id },
      { createdAt: new Date(Date.now() - MAX_MS - 1000), lastSeenAt: new Date() },
    );
    await t.api().get('/v2/session').set({ Cookie: fresh.cookie }).expect(401);
    expect(await sessions().countBy({ userId: user.id })).toBe(0);
    // Just inside both windows, it still works.
    const live = await signIn(t, user.email);
    const [row] = await sessions().findBy({ userId: user.id });
    await sessions().update(
      { id: row.id },
      {
        createdAt: new Date(Date.now() - MAX_MS + 60_000),
        lastSeenAt: new Date(Date.now() - IDLE_MS + 60_000),
      },
    );
    await t.api().get('/v2/session').set({ Cookie: live.cookie }).expect(200);
  });

  it('a password change signs out every session of the user, this one too, and starts a new one', async () => {
    const user = await createUser(t, accountId);
    const a = await signIn(t, user.email);
    const b = await signIn(t, user.email);
    const wrong = await t
      .api()
      .post('/v2/session/password')
      .set(a.headers())
      .send({ current_password: 'not it at all', new_password: 'a new password 123' })
      .expect(400);
    expect(wrong.body.error.field).toBe('current_password');
    const short = await t
      .api()
      .post('/v2/session/password')
      .set(a.headers())
      .send({ current_password: PASSWORD, new_password: 'short' })
      .expect(400);
    expect(short.body.error.field).toBe('new_password');
    await t.api().get('/v2/session').set({ Cookie: b.cookie }).expect(200);

    const changed = await t
      .api()
      .post('/v2/session/password')
      .set(a.headers())
      .send({ current_password: PASSWORD, new_password: 'a new password 123' })
      .expect(200);
    // The requester's new session: a new cookie, a new CSRF token.
    const fresh = browser(changed, a.ip);
    expect(fresh.cookie).not.toBe(a.cookie);
    expect(fresh.csrf).not.toBe(a.csrf);
    expect(changed.body).toMatchObject({ user: { id: user.id }, account: { id: accountId } });
    expect(String(changed.headers['set-cookie'])).toMatch(/; HttpOnly/);

    // Both old sessions are gone, the one that made the change included.
    await t.api().get('/v2/session').set({ Cookie: b.cookie }).expect(401);
    const old = await t.api().get('/v2/session').set({ Cookie: a.cookie }).expect(401);
    expect(old.body.error.code).toBe('unauthorized');
    await t.api().get('/v2/agents').set({ Cookie: a.cookie }).expect(401);
    expect(await sessions().countBy({ userId: user.id })).toBe(1);
    // The new one works, state-changing requests included (its own CSRF token): an empty
    // agent passes the origin and CSRF checks and fails validation, with the old token it
    // is refused before.
    const me = await t.api().get('/v2/session').set({ Cookie: fresh.cookie }).expect(200);
    expect(me.body.csrf_token).toBe(fresh.csrf);
    const passes = await t.api().post('/v2/agents').set(fresh.headers()).send({}).expect(400);
    expect(passes.body.error.code).toBe('invalid_request');
    const refused = await t
      .api()
      .post('/v2/agents')
      .set({ ...fresh.headers(), 'X-CSRF-Token': a.csrf })
      .send({})
      .expect(403);
    expect(refused.body.error.code).toBe('forbidden');

    await t
      .api()
      .post('/v2/session')
      .set({ 'X-Forwarded-For': randomIp() })
      .send({ email: user.email, password: PASSWORD })
      .expect(401);
    await signIn(t, user.email, 'a new password 123');
  });

  it('needs the same origin and the CSRF token for state-changing requests with the cookie', async () => {
    const user = await createUser(t, accountId);
    const b = await signIn(t, user.email);
    const agent = { name: 'From the dashboard', kind: 'lead-qualification' };
    const post = (headers: Record<string, string>) =>
      t.api().post('/v2/agents').set(headers).send(agent);

    const crossOrigin = await post({ ...b.headers(), Origin: 'https://evil.example' }).expect(403);
    expect(crossOrigin.body.error.code).toBe('forbidden');
    const noOrigin = { ...b.headers() };
    delete noOrigin.Origin;
    await post(noOrigin).expect(403);
    await post({ ...noOrigin, Referer: 'https://evil.example/page' }).expect(403);
    await post({ ...b.headers(), Origin: 'null' }).expect(403);
    const noToken = { ...b.headers() };
    delete noToken['X-CSRF-Token'];
    const missing = await post(noToken).expect(403);
    expect(missing.body.error.message).toMatch(/CSRF/);
    await post({ ...b.headers(), 'X-CSRF-Token': 'x'.repeat(b.csrf.length) }).expect(403);
    // Another session's token does not fit this one.
    const other = await signIn(t, user.email);
    await post({ ...b.headers(), 'X-CSRF-Token': other.csrf }).expect(403);
    expect((await t.api().get('/v2/agents').set({ Cookie: b.cookie })).body.data).toHaveLength(0);

    await post(b.headers()).expect(201);
    await post({ ...noOrigin, Referer: `${OWN_ORIGIN}/dashboard/agents/new` }).expect(201);
    // Cross-origin sign-in is refused too (login CSRF); GETs need no token.
    await t
      .api()
      .post('/v2/session')
      .set({ Origin: 'https://evil.example', 'X-Forwarded-For': randomIp() })
      .send({ email: user.email, password: PASSWORD })
      .expect(403);
    await t.api().get('/v2/agents').set({ Cookie: b.cookie }).expect(200);
    // A bearer request is not subject to it (no cookie involved).
    await t.api().post('/v2/agents').set(bearer(apiKey)).send(agent).expect(201);
  });

  it('refuses API keys on the session routes', async () => {
    const res = await t.api().get('/v2/session').set(bearer(apiKey)).expect(403);
    expect(res.body.error.code).toBe('forbidden');
    await t.api().get('/v2/session').expect(401);
    await t
      .api()
      .get('/v2/session')
      .set({ Cookie: 'aas_session=unknown-token-0123456789abcdef' })
      .expect(401);
  });
});

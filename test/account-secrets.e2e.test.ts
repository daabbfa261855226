import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../src/common/crypto';
import { rotateSecretKey } from '../src/secret-key/secret-key-rotation';
import { SecretsService } from '../src/secrets/secrets.service';
import { createUser, signIn } from './support/dashboard';
import { bearer, startTestService, TEST_SECRET_KEY, type TestService } from './support/service';

/** A value of the shortest length accepted (16 characters). */
const LONG_ENOUGH = 'random-token-016';

/** `/v2/secrets` (docs/api.md, Secrets): names and times out, values in only, sealed at rest. */
describe('account secrets', () => {
  let t: TestService;
  let owner: { accountId: string; key: string };

  beforeAll(async () => {
    t = await startTestService({ TRUST_PROXY: 'true' });
    owner = await t.seedAccount();
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (key: string, name: string, body: unknown) =>
    t
      .api()
      .put(`/v2/secrets/${name}`)
      .set(bearer(key))
      .send(body as object);

  it('creates, lists, replaces and deletes a secret; its value is never returned', async () => {
    const created = await put(owner.key, 'CRM_TOKEN', { value: 'tok-first-0123456789' }).expect(
      200,
    );
    expect(created.body).toEqual({
      name: 'CRM_TOKEN',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: created.body.created_at,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const replaced = await put(owner.key, 'CRM_TOKEN', { value: 'tok-second-0123456789' }).expect(
      200,
    );
    expect(replaced.body.created_at).toBe(created.body.created_at);
    expect(replaced.body.updated_at > created.body.updated_at).toBe(true);
    await put(owner.key, 'A_FIRST', { value: LONG_ENOUGH }).expect(200);

    const list = await t.api().get('/v2/secrets').set(bearer(owner.key)).expect(200);
    expect(list.body.data.map((s: { name: string }) => s.name)).toEqual(['A_FIRST', 'CRM_TOKEN']);
    expect(JSON.stringify(list.body)).not.toContain('tok-');

    const values = await t.service
      .api!.get(SecretsService)
      .values(owner.accountId, ['CRM_TOKEN', 'MISSING']);
    expect([...values]).toEqual([['CRM_TOKEN', 'tok-second-0123456789']]);

    await t.api().delete('/v2/secrets/CRM_TOKEN').set(bearer(owner.key)).expect(204);
    const gone = await t.api().delete('/v2/secrets/CRM_TOKEN').set(bearer(owner.key)).expect(404);
    expect(gone.body.error.code).toBe('not_found');
  });

  it('stores values encrypted, and the key rotation re-encrypts them', async () => {
    await put(owner.key, 'ROTATED', { value: 'plain-value-0123456789' }).expect(200);
    const [row] = await t.service.dataSource.query(
      'SELECT value_enc FROM secrets WHERE account_id = ? AND name = ?',
      [owner.accountId, 'ROTATED'],
    );
    expect(row.value_enc).not.toContain('plain-value-0123456789');
    const box = new SecretBox(TEST_SECRET_KEY);
    expect(box.open(row.value_enc)).toBe('plain-value-0123456789');

    const newKey = 'a-new-secret-key-for-the-rotation-0123456789';
    const next = new SecretBox(newKey, TEST_SECRET_KEY);
    const report = await rotateSecretKey(t.service.dataSource, next);
    expect(report.reencrypted).toBeGreaterThanOrEqual(1);
    const [after] = await t.service.dataSource.query(
      'SELECT value_enc FROM secrets WHERE account_id = ? AND name = ?',
      [owner.accountId, 'ROTATED'],
    );
    expect(next.isCurrent(after.value_enc)).toBe(true);
    expect(next.open(after.value_enc)).toBe('plain-value-0123456789');
    // Back, so that the service (still on TEST_SECRET_KEY) reads what it stored.
    await rotateSecretKey(t.service.dataSource, new SecretBox(TEST_SECRET_KEY, newKey));
  });

  it('refuses bad names and values at the field', async () => {
    const cases: [string, unknown, string][] = [
      ['lower_case', { value: LONG_ENOUGH }, 'name'],
      ['9STARTS_WITH_DIGIT', { value: LONG_ENOUGH }, 'name'],
      [`A${'B'.repeat(64)}`, { value: LONG_ENOUGH }, 'name'],
      ['OK_NAME', { value: 42 }, 'value'],
      ['OK_NAME', {}, 'value'],
      ['OK_NAME', { value: 'é'.repeat(4097) }, 'value'],
      ['OK_NAME', { value: LONG_ENOUGH, extra: true }, 'extra'],
      // Shorter than 16 characters: a run whose output lists guesses would find it by its
      // redaction (a 4-digit code among 1000..9999).
      ['OK_NAME', { value: '4711' }, 'value'],
      ['OK_NAME', { value: 'x'.repeat(15) }, 'value'],
      ['OK_NAME', { value: 'é'.repeat(15) }, 'value'],
    ];
    for (const [name, body, field] of cases) {
      const res = await put(owner.key, name, body);
      expect(res.status, `${name} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field });
    }
    await put(owner.key, 'EXACTLY_8K', { value: 'x'.repeat(8192) }).expect(200);
    await put(owner.key, 'EXACTLY_16', { value: 'é'.repeat(16) }).expect(200);
  });

  it('needs secrets:read / secrets:write; accounts see only their own', async () => {
    const reader = await t.seedAccount({ scopes: ['secrets:read'] });
    await put(reader.key, 'NOPE', { value: LONG_ENOUGH }).expect(403);
    await t.api().get('/v2/secrets').set(bearer(reader.key)).expect(200);
    const agentsOnly = await t.seedAccount({ scopes: ['agents:read'] });
    await t.api().get('/v2/secrets').set(bearer(agentsOnly.key)).expect(403);

    await put(owner.key, 'MINE_ONLY', { value: LONG_ENOUGH }).expect(200);
    const other = await t.seedAccount();
    const theirs = await t.api().get('/v2/secrets').set(bearer(other.key)).expect(200);
    expect(theirs.body.data).toEqual([]);
    await t.api().delete('/v2/secrets/MINE_ONLY').set(bearer(other.key)).expect(404);
  });

  it('in the dashboard: owners manage secrets, members get 403', async () => {
    const account = await t.seedAccount();
    const ownerUser = await createUser(t, account.accountId, { role: 'owner' });
    const memberUser = await createUser(t, account.accountId, { role: 'member' });
    const ownerBrowser = await signIn(t, ownerUser.email);
    await t
      .api()
      .put('/v2/secrets/FROM_DASHBOARD')
      .set(ownerBrowser.headers())
      .send({ value: LONG_ENOUGH })
      .expect(200);
    const member = await signIn(t, memberUser.email);
    const refused = await t.api().get('/v2/secrets').set(member.headers()).expect(403);
    expect(refused.body.error.code).toBe('forbidden');
    await t
      .api()
      .put('/v2/secrets/FROM_MEMBER')
      .set(member.headers())
      .send({ value: LONG_ENOUGH })
      .expect(403);
  });
});

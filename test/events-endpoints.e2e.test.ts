import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../src/common/crypto';
import { WebhookEndpoint } from '../src/webhooks/outbound/webhook-endpoint.entity';
import { bearer, startTestService, TEST_SECRET_KEY, type TestService } from './support/service';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * `/v2/webhook-endpoints` (docs/api.md, Webhook endpoints and events): create, list, read, update,
 * delete, rotate, scopes.
 */
describe('webhook endpoints: CRUD, validation, secrets', () => {
  let t: TestService;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    // Private addresses refused, as in production.
    t = await startTestService({ ROLE: 'api', OUTBOUND_ALLOW_PRIVATE: 'false' });
    ({ key, accountId } = await t.seedAccount());
  });
  afterAll(async () => t?.close());

  const create = (body: object, apiKey = key) =>
    t.api().post('/v2/webhook-endpoints').set(bearer(apiKey)).send(body);

  it('creates an endpoint and shows its whsec_ secret once; the secret is stored sealed', async () => {
    const res = await create({
      url: 'https://hooks.example.com/a',
      events: ['execution.completed', 'agent.created'],
      description: 'CRM sync',
    }).expect(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^wep_[0-9a-z]{26}$/),
      url: 'https://hooks.example.com/a',
      description: 'CRM sync',
      events: ['execution.completed', 'agent.created'],
      enabled: true,
      disabled_reason: null,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const read = await t
      .api()
      .get(`/v2/webhook-endpoints/${res.body.id}`)
      .set(bearer(key))
      .expect(200);
    expect(read.body).not.toHaveProperty('secret');
    expect(JSON.stringify(read.body)).not.toContain(res.body.secret);
    const row = await t.service.dataSource
      .getRepository(WebhookEndpoint)
      .findOneByOrFail({ id: res.body.id });
    expect(row.secretEnc).not.toContain(res.body.secret.slice(6));
    expect(new SecretBox(TEST_SECRET_KEY).open(row.secretEnc)).toBe(res.body.secret);
  });

  it('"*" stands alone; disabled on create when asked', async () => {
    const res = await create({
      url: 'https://hooks.example.com/all',
      events: ['*', 'agent.created'],
      enabled: false,
    }).expect(201);
    expect(res.body.events).toEqual(['*']);
    expect(res.body.enabled).toBe(false);
    expect(res.body.description).toBeNull();
  });

  it.each([
    [{ events: ['*'] }, 'url'],
    [{ url: 'ftp://hooks.example.com/a', events: ['*'] }, 'url'],
    [{ url: 'not a url', events: ['*'] }, 'url'],
    [{ url: `https://hooks.example.com/${'a'.repeat(2100)}`, events: ['*'] }, 'url'],
    [{ url: 'http://127.0.0.1:8080/hook', events: ['*'] }, 'url'],
    [{ url: 'http://10.1.2.3/hook', events: ['*'] }, 'url'],
    [{ url: 'http://[::1]/hook', events: ['*'] }, 'url'],
    [{ url: 'http://localhost/hook', events: ['*'] }, 'url'],
    [{ url: 'https://hooks.example.com/a' }, 'events'],
    [{ url: 'https://hooks.example.com/a', events: [] }, 'events'],
    [{ url: 'https://hooks.example.com/a', events: 'execution.completed' }, 'events'],
    [{ url: 'https://hooks.example.com/a', events: ['execution.done'] }, 'events'],
    [{ url: 'https://hooks.example.com/a', events: ['ping'] }, 'events'],
    [{ url: 'https://hooks.example.com/a', events: ['agent.created', 'agent.created'] }, 'events'],
    [{ url: 'https://hooks.example.com/a', events: ['*'], description: 5 }, 'description'],
    [
      { url: 'https://hooks.example.com/a', events: ['*'], description: 'x'.repeat(256) },
      'description',
    ],
    [{ url: 'https://hooks.example.com/a', events: ['*'], enabled: 'yes' }, 'enabled'],
    [{ url: 'https://hooks.example.com/a', events: ['*'], secret: 'whsec_mine' }, 'secret'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const res = await create(body).expect(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.field).toBe(field);
  });

  it('lists newest first with a cursor', async () => {
    const { key: own } = await t.seedAccount();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (await create({ url: `https://hooks.example.com/${i}`, events: ['*'] }, own)).body.id,
      );
    }
    const first = await t.api().get('/v2/webhook-endpoints?limit=2').set(bearer(own)).expect(200);
    expect(first.body.data.map((e: { id: string }) => e.id)).toEqual([ids[4], ids[3]]);
    expect(first.body.meta).toEqual({ limit: 2, has_more: true, next_cursor: ids[3] });
    const rest = await t
      .api()
      .get(`/v2/webhook-endpoints?limit=10&cursor=${first.body.meta.next_cursor}`)
      .set(bearer(own))
      .expect(200);
    expect(rest.body.data.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(rest.body.meta).toEqual({ limit: 10, has_more: false, next_cursor: null });
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'cursor=nope']) {
      const bad = await t.api().get(`/v2/webhook-endpoints?${query}`).set(bearer(own)).expect(400);
      expect(bad.body.error.field).toBe(query.split('=')[0]);
    }
  });

  it('updates fields; an empty body or unknown field is 400; re-enabling clears the reason', async () => {
    const { body: endpoint } = await create({
      url: 'https://hooks.example.com/u',
      events: ['*'],
      description: 'before',
    }).expect(201);
    const path = `/v2/webhook-endpoints/${endpoint.id}`;
    const res = await t
      .api()
      .patch(path)
      .set(bearer(key))
      .send({ events: ['agent.deleted'], description: '', url: 'https://hooks.example.com/v' })
      .expect(200);
    expect(res.body).toMatchObject({
      events: ['agent.deleted'],
      description: null,
      url: 'https://hooks.example.com/v',
    });
    expect(res.body).not.toHaveProperty('secret');
    expect((await t.api().patch(path).set(bearer(key)).send({}).expect(400)).body.error.code).toBe(
      'invalid_request',
    );
    const unknown = await t.api().patch(path).set(bearer(key)).send({ colour: 'red' }).expect(400);
    expect(unknown.body.error.field).toBe('colour');
    const privateUrl = await t
      .api()
      .patch(path)
      .set(bearer(key))
      .send({ url: 'http://192.168.1.1/' })
      .expect(400);
    expect(privateUrl.body.error.field).toBe('url');

    await t.service.dataSource
      .getRepository(WebhookEndpoint)
      .update(
        { id: endpoint.id },
        { enabled: false, disabledReason: 'Disabled automatically', failingSince: new Date() },
      );
    const enabled = await t.api().patch(path).set(bearer(key)).send({ enabled: true }).expect(200);
    expect(enabled.body).toMatchObject({ enabled: true, disabled_reason: null });
    const row = await t.service.dataSource
      .getRepository(WebhookEndpoint)
      .findOneByOrFail({ id: endpoint.id });
    expect(row.failingSince).toBeNull();
  });

  it('accepts the deprecated execution.canceled on create and update, stored as given', async () => {
    const { body: endpoint } = await create({
      url: 'https://hooks.example.com/old-name',
      events: ['execution.canceled', 'execution.failed'],
    }).expect(201);
    expect(endpoint.events).toEqual(['execution.canceled', 'execution.failed']);
    const path = `/v2/webhook-endpoints/${endpoint.id}`;
    const updated = await t
      .api()
      .patch(path)
      .set(bearer(key))
      .send({ events: ['execution.cancelled', 'execution.canceled'] })
      .expect(200);
    expect(updated.body.events).toEqual(['execution.cancelled', 'execution.canceled']);
    const read = await t.api().get(path).set(bearer(key)).expect(200);
    expect(read.body.events).toEqual(['execution.cancelled', 'execution.canceled']);
    const misspelt = await t
      .api()
      .patch(path)
      .set(bearer(key))
      .send({ events: ['execution.cancel'] })
      .expect(400);
    expect(misspelt.body.error).toMatchObject({ code: 'invalid_request', field: 'events' });
  });

  it('rotates the secret: a new one shown once, the old one kept as previous for 24 h', async () => {
    const { body: endpoint } = await create({
      url: 'https://hooks.example.com/r',
      events: ['*'],
    }).expect(201);
    const before = Date.now();
    const res = await t
      .api()
      .post(`/v2/webhook-endpoints/${endpoint.id}/secret/rotate`)
      .set(bearer(key))
      .expect(200);
    expect(res.body.secret).toMatch(/^whsec_/);
    expect(res.body.secret).not.toBe(endpoint.secret);
    const row = await t.service.dataSource
      .getRepository(WebhookEndpoint)
      .findOneByOrFail({ id: endpoint.id });
    const box = new SecretBox(TEST_SECRET_KEY);
    expect(box.open(row.secretEnc)).toBe(res.body.secret);
    expect(box.open(row.previousSecretEnc!)).toBe(endpoint.secret);
    const overlap = row.previousSecretExpiresAt!.getTime() - before;
    expect(overlap).toBeGreaterThan(86_400_000 - 60_000);
    expect(overlap).toBeLessThanOrEqual(86_400_000 + 60_000);
  });

  it('deletes: 204, then 404', async () => {
    const { body: endpoint } = await create({
      url: 'https://hooks.example.com/d',
      events: ['*'],
    }).expect(201);
    const path = `/v2/webhook-endpoints/${endpoint.id}`;
    await t.api().delete(path).set(bearer(key)).expect(204);
    await t.api().get(path).set(bearer(key)).expect(404);
    await t.api().delete(path).set(bearer(key)).expect(404);
  });

  it('an account has at most 20 endpoints', async () => {
    const { key: own } = await t.seedAccount();
    for (let i = 0; i < 20; i++) {
      await create({ url: `https://hooks.example.com/${i}`, events: ['*'] }, own).expect(201);
    }
    const res = await create({ url: 'https://hooks.example.com/21', events: ['*'] }, own);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
  });

  it('needs endpoints:read to read and endpoints:write to change', async () => {
    const { key: reader } = await t.seedAccount({ scopes: ['endpoints:read'] });
    const { key: agentsOnly } = await t.seedAccount({ scopes: ['agents:read', 'agents:write'] });
    await t.api().get('/v2/webhook-endpoints').set(bearer(reader)).expect(200);
    expect(
      (await create({ url: 'https://hooks.example.com/s', events: ['*'] }, reader)).status,
    ).toBe(403);
    expect((await t.api().get('/v2/webhook-endpoints').set(bearer(agentsOnly))).status).toBe(403);
    expect(accountId).toMatch(/^acc_/);
  });
});

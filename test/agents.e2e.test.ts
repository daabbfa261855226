import { LEAD_QUALIFICATION_INPUT_SCHEMA } from '../src/agents/input-schema';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { AgentsService } from '../src/agents/agents.service';
import { ApiError } from '../src/common/api-error';
import { SecretBox } from '../src/common/crypto';
import { insertExecution } from './support/rows';
import { bearer, startTestService, TEST_SECRET_KEY, TestService } from './support/service';

const WEBHOOK_BASE = 'http://localhost:3001';
const BASE_URL = 'http://localhost:3000/v2';
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** 24 random bytes in base64url: 192 bits. */
const WEBHOOK_URL = new RegExp(`^${WEBHOOK_BASE}/webhook/[A-Za-z0-9_-]{32}$`);
const LIST_KEYS = [
  'created_at',
  'executions_today',
  'id',
  'name',
  'status',
  'success_rate',
  'webhook_url',
];
const DETAIL_KEYS = [
  ...LIST_KEYS,
  'config',
  'flow',
  'input_schema',
  'kind',
  'mcp',
  'timeout_ms',
  'updated_at',
  'version',
  'webhook_auth',
  'webhook_signature_formats',
].sort();

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const webhookIdOf = (url: string) => url.split('/').pop()!;

async function agentRow(dataSource: DataSource, id: string): Promise<Record<string, unknown>> {
  const rows: Record<string, unknown>[] = await dataSource.query(
    'SELECT * FROM agents WHERE id = ?',
    [id],
  );
  expect(rows).toHaveLength(1);
  return rows[0];
}

/**
 * A finished execution row, inserted directly and counted as the application counts (the
 * runner is not needed to read counters): its id.
 */
async function insertFinished(
  dataSource: DataSource,
  agent: { id: string; accountId: string },
  { status = 'completed', at = new Date() }: { status?: 'completed' | 'failed'; at?: Date } = {},
): Promise<string> {
  const execution = await insertExecution(
    dataSource,
    { ...agent, kind: 'lead-qualification' },
    { status, createdAt: at, startedAt: at, completedAt: at, output: { ok: true }, attempts: 1 },
    { counted: true },
  );
  return execution.id;
}

describe('agents API', () => {
  let t: TestService;
  let key: string;
  let accountId: string;

  const create = (body: object, apiKey = key) =>
    t.api().post('/v2/agents').set(bearer(apiKey)).send(body);
  const createAgent = async (body: object = { name: 'Agent' }, apiKey = key) =>
    (await create(body, apiKey).expect(201)).body;

  /** Every route of one agent answers `auth` 404 not_found. */
  const expectAgentNotFound = async (agentId: string, auth: Record<string, string>) => {
    const routes = [
      t.api().get(`/v2/agents/${agentId}`),
      t.api().patch(`/v2/agents/${agentId}`).send({ status: 'paused' }),
      t.api().delete(`/v2/agents/${agentId}`),
      t.api().post(`/v2/agents/${agentId}/webhook-credentials`).send({ type: 'api_key' }),
      t.api().post(`/v2/agents/${agentId}/webhook-url/rotate`),
    ];
    for (const route of routes) {
      const res = await route.set(auth).expect(404);
      expect(res.body.error.code).toBe('not_found');
    }
  };

  beforeAll(async () => {
    t = await startTestService();
    ({ key, accountId } = await t.seedAccount());
  });
  afterAll(async () => t?.close());

  describe('POST /v2/agents', () => {
    it('creates an agent with defaults and answers 201 with the detail and a Location', async () => {
      const res = await create({ name: '  Lead qualifier  ' }).expect(201);
      expect(res.headers.location).toBe(`${BASE_URL}/agents/${res.body.id}`);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^agt_[0-9a-z]{26}$/),
        name: 'Lead qualifier',
        status: 'active',
        webhook_url: expect.stringMatching(WEBHOOK_URL),
        executions_today: 0,
        success_rate: 0,
        created_at: expect.stringMatching(ISO_MS),
        kind: 'lead-qualification',
        config: {},
        webhook_auth: 'none',
        webhook_signature_formats: ['sha256', 'standard_webhooks'],
        timeout_ms: 30000,
        flow: null,
        updated_at: res.body.created_at,
        version: 1,
        input_schema: LEAD_QUALIFICATION_INPUT_SCHEMA,
        mcp: { enabled: false, name: 'lead_qualifier', description: null },
      });
      const read = await t.api().get(`/v2/agents/${res.body.id}`).set(bearer(key)).expect(200);
      expect(read.body).toEqual(res.body);
    });

    it('takes kind, config, webhook_auth and timeout_ms', async () => {
      const config = { url: 'https://example.com/hook', headers: { 'x-a': 'b' } };
      const body = await createAgent({
        name: 'Forwarder',
        kind: 'http-request',
        config,
        webhook_auth: 'signature',
        timeout_ms: 1000,
      });
      expect(body).toMatchObject({
        kind: 'http-request',
        config,
        webhook_auth: 'signature',
        timeout_ms: 1000,
      });
    });

    it('gives every agent its own webhook URL', async () => {
      const a = await createAgent();
      const b = await createAgent();
      expect(a.webhook_url).not.toBe(b.webhook_url);
    });

    it.each([
      [{ name: 'x', kind: 'no-such-kind' }, 'kind'],
      [{ name: 'x', kind: 5 }, 'kind'],
      [{ name: 'x', kind: null }, 'kind'],
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 7 }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'x', config: [1] }, 'config'],
      [{ name: 'x', config: null }, 'config'],
      [{ name: 'x', config: 'a' }, 'config'],
      [{ name: 'x', webhook_auth: 'password' }, 'webhook_auth'],
      [{ name: 'x', timeout_ms: 999 }, 'timeout_ms'],
      [{ name: 'x', timeout_ms: 600001 }, 'timeout_ms'],
      [{ name: 'x', timeout_ms: 1500.5 }, 'timeout_ms'],
      [{ name: 'x', timeout_ms: '5000' }, 'timeout_ms'],
      [{ name: 'x', status: 'paused' }, 'status'],
      [{ name: 'x', owner: 'me' }, 'owner'],
    ])('answers 400 for %j with field %s', async (body, field) => {
      const before = (await t.api().get('/v2/agents').set(bearer(key)).expect(200)).body.meta.total;
      const res = await create(body).expect(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field });
      const after = (await t.api().get('/v2/agents').set(bearer(key)).expect(200)).body.meta.total;
      expect(after).toBe(before);
    });
  });

  describe('GET /v2/agents/:id', () => {
    it('answers the detailed record with the documented fields and types', async () => {
      const created = await createAgent({ name: 'Typed', config: { threshold: 60 } });
      const res = await t.api().get(`/v2/agents/${created.id}`).set(bearer(key)).expect(200);
      const body = res.body;
      expect(Object.keys(body).sort()).toEqual(DETAIL_KEYS);
      expect(typeof body.id).toBe('string');
      expect(typeof body.name).toBe('string');
      expect(['active', 'paused']).toContain(body.status);
      expect(body.webhook_url).toMatch(WEBHOOK_URL);
      expect(Number.isInteger(body.executions_today)).toBe(true);
      expect(typeof body.success_rate).toBe('number');
      expect(body.created_at).toMatch(ISO_MS);
      expect(body.updated_at).toMatch(ISO_MS);
      expect(typeof body.kind).toBe('string');
      expect(body.config).toEqual({ threshold: 60 });
      expect(['none', 'api_key', 'signature']).toContain(body.webhook_auth);
      expect(Number.isInteger(body.timeout_ms)).toBe(true);
    });

    it('answers 404 for an unknown id', async () => {
      const res = await t.api().get('/v2/agents/agt_nope').set(bearer(key)).expect(404);
      expect(res.body.error.code).toBe('not_found');
    });
  });

  describe('GET /v2/agents', () => {
    let other: { key: string; accountId: string };
    let ids: string[];

    beforeAll(async () => {
      other = await t.seedAccount();
      ids = [];
      for (let i = 0; i < 5; i++) ids.push((await createAgent({ name: `A${i}` }, other.key)).id);
    });

    const list = (query: string, apiKey = other.key) =>
      t.api().get(`/v2/agents${query}`).set(bearer(apiKey));

    it('answers the envelope with the defaults, oldest first', async () => {
      const res = await list('').expect(200);
      expect(res.body.meta).toEqual({ total: 5, page: 1, per_page: 20 });
      expect(res.body.data.map((agent: { id: string }) => agent.id)).toEqual(ids);
      for (const item of res.body.data) {
        expect(Object.keys(item).sort()).toEqual(LIST_KEYS);
        expect(item.webhook_url).toMatch(WEBHOOK_URL);
        expect(item.created_at).toMatch(ISO_MS);
      }
      const createdAt = res.body.data.map((agent: { created_at: string }) => agent.created_at);
      expect([...createdAt].sort()).toEqual(createdAt);
    });

    it('pages with page and per_page', async () => {
      const second = await list('?page=2&per_page=2').expect(200);
      expect(second.body.meta).toEqual({ total: 5, page: 2, per_page: 2 });
      expect(second.body.data.map((agent: { id: string }) => agent.id)).toEqual(ids.slice(2, 4));
      const last = await list('?page=3&per_page=2').expect(200);
      expect(last.body.data.map((agent: { id: string }) => agent.id)).toEqual([ids[4]]);
      const beyond = await list('?page=4&per_page=2').expect(200);
      expect(beyond.body).toEqual({ data: [], meta: { total: 5, page: 4, per_page: 2 } });
      const far = await list('?page=9007199254740991').expect(200);
      expect(far.body.data).toEqual([]);
      const max = await list('?per_page=100').expect(200);
      expect(max.body.meta.per_page).toBe(100);
      expect(max.body.data).toHaveLength(5);
    });

    it('orders agents created in the same millisecond by id', async () => {
      const account = await t.seedAccount();
      const at = new Date();
      const service = t.service.api!.get(AgentsService);
      const made = [];
      for (let i = 0; i < 3; i++)
        made.push((await service.create(account.accountId, { name: `S${i}` })).agent);
      // Give them one creation time: the order must then come from the id alone.
      await t.service.dataSource
        .createQueryBuilder()
        .update('agents')
        .set({ createdAt: at })
        .where('account_id = :id', { id: account.accountId })
        .execute();
      const res = await list('', account.key).expect(200);
      expect(res.body.data.map((agent: { id: string }) => agent.id)).toEqual(
        made.map((agent) => agent.id).sort(),
      );
    });

    it.each([
      ['?page=0', 'page'],
      ['?page=-1', 'page'],
      ['?page=1.5', 'page'],
      ['?page=abc', 'page'],
      ['?page=', 'page'],
      ['?page=1e1', 'page'],
      ['?page=99999999999999999999', 'page'],
      ['?page=1&page=2', 'page'],
      ['?per_page=0', 'per_page'],
      ['?per_page=101', 'per_page'],
      ['?per_page=2.5', 'per_page'],
      ['?per_page=ten', 'per_page'],
      ['?per_page=10&per_page=20', 'per_page'],
      ['?sort=name', 'sort'],
    ])('answers 400 for %s with field %s', async (query, field) => {
      const res = await list(query).expect(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field });
    });
  });

  describe('PATCH /v2/agents/:id', () => {
    it('pauses, keeps a paused agent paused (no-op 200), and resumes', async () => {
      const agent = await createAgent();
      const patch = (body: object) =>
        t.api().patch(`/v2/agents/${agent.id}`).set(bearer(key)).send(body);

      const paused = await patch({ status: 'paused' }).expect(200);
      expect(Object.keys(paused.body).sort()).toEqual(DETAIL_KEYS);
      expect(paused.body.status).toBe('paused');
      expect(paused.body.updated_at >= agent.updated_at).toBe(true);

      const again = await patch({ status: 'paused' }).expect(200);
      expect(again.body).toEqual(paused.body);

      const read = await t.api().get(`/v2/agents/${agent.id}`).set(bearer(key)).expect(200);
      expect(read.body.status).toBe('paused');
      const listed = await t.api().get('/v2/agents?per_page=100').set(bearer(key)).expect(200);
      expect(listed.body.data.find((a: { id: string }) => a.id === agent.id).status).toBe('paused');

      const resumed = await patch({ status: 'active' }).expect(200);
      expect(resumed.body.status).toBe('active');
      expect(
        (await t.api().get(`/v2/agents/${agent.id}`).set(bearer(key)).expect(200)).body.status,
      ).toBe('active');
    });

    it('changes name and timeout_ms', async () => {
      const agent = await createAgent();
      const res = await t
        .api()
        .patch(`/v2/agents/${agent.id}`)
        .set(bearer(key))
        .send({ name: 'Renamed', timeout_ms: 5000 })
        .expect(200);
      expect(res.body).toMatchObject({
        name: 'Renamed',
        timeout_ms: 5000,
        webhook_url: agent.webhook_url,
      });
    });

    it.each([
      [{}, 'status'],
      [{ status: 'stopped' }, 'status'],
      [{ status: null }, 'status'],
      [{ status: 1 }, 'status'],
      [{ name: '' }, 'name'],
      [{ name: null }, 'name'],
      [{ timeout_ms: 100 }, 'timeout_ms'],
      [{ timeout_ms: 'slow' }, 'timeout_ms'],
      [{ webhook_auth: 'basic' }, 'webhook_auth'],
      [{ kind: 'http-request' }, 'kind'],
      [{ status: 'paused', colour: 'red' }, 'colour'],
      [{ webhook_auth: 'api_key' }, 'webhook_auth'],
      [{ webhook_auth: 'signature' }, 'webhook_auth'],
    ])('answers 400 for %j with field %s and changes nothing', async (body, field) => {
      const agent = await createAgent();
      const res = await t
        .api()
        .patch(`/v2/agents/${agent.id}`)
        .set(bearer(key))
        .send(body)
        .expect(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field });
      const read = await t.api().get(`/v2/agents/${agent.id}`).set(bearer(key)).expect(200);
      expect(read.body).toEqual(agent);
    });

    it('answers 404 for an unknown id', async () => {
      await t
        .api()
        .patch('/v2/agents/agt_nope')
        .set(bearer(key))
        .send({ status: 'paused' })
        .expect(404);
    });
  });

  describe('webhook credentials', () => {
    it('shows an API key once and stores only its SHA-256', async () => {
      const agent = await createAgent();
      const res = await t
        .api()
        .post(`/v2/agents/${agent.id}/webhook-credentials`)
        .set(bearer(key))
        .send({ type: 'api_key' })
        .expect(201);
      expect(res.body).toEqual({ type: 'api_key', secret: expect.stringMatching(/^whk_/) });
      const secret: string = res.body.secret;
      expect(secret.length).toBeGreaterThanOrEqual(40);

      const detail = await t.api().get(`/v2/agents/${agent.id}`).set(bearer(key)).expect(200);
      expect(detail.body.webhook_auth).toBe('api_key');
      expect(JSON.stringify(detail.body)).not.toContain(secret);
      const listed = await t.api().get('/v2/agents?per_page=100').set(bearer(key)).expect(200);
      expect(JSON.stringify(listed.body)).not.toContain(secret);

      const row = await agentRow(t.service.dataSource, agent.id);
      expect(row.webhook_key_hash).toBe(sha256(secret));
      expect(row.webhook_auth).toBe('api_key');
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(JSON.stringify(row)).not.toContain(secret.slice(4));

      const service = t.service.api!.get(AgentsService);
      const entity = await service.findOwned(accountId, agent.id);
      expect(service.webhookKeyMatches(entity, secret)).toBe(true);
      expect(service.webhookKeyMatches(entity, `${secret}x`)).toBe(false);

      // A new key replaces the old one.
      const second = await t
        .api()
        .post(`/v2/agents/${agent.id}/webhook-credentials`)
        .set(bearer(key))
        .send({ type: 'api_key' })
        .expect(201);
      expect(second.body.secret).not.toBe(secret);
      const replaced = await agentRow(t.service.dataSource, agent.id);
      expect(replaced.webhook_key_hash).toBe(sha256(second.body.secret));
    });

    it('shows a signing secret once and stores it encrypted', async () => {
      const agent = await createAgent();
      const res = await t
        .api()
        .post(`/v2/agents/${agent.id}/webhook-credentials`)
        .set(bearer(key))
        .send({ type: 'signature' })
        .expect(201);
      expect(res.body).toEqual({ type: 'signature', secret: expect.stringMatching(/^whsec_/) });
      const secret: string = res.body.secret;
      expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);

      const detail = await t.api().get(`/v2/agents/${agent.id}`).set(bearer(key)).expect(200);
      expect(detail.body.webhook_auth).toBe('signature');
      expect(JSON.stringify(detail.body)).not.toContain(secret.slice(6));

      const row = await agentRow(t.service.dataSource, agent.id);
      expect(JSON.stringify(row)).not.toContain(secret.slice(6));
      expect(row.webhook_key_hash).toBeNull();
      expect(new SecretBox(TEST_SECRET_KEY).open(String(row.webhook_secret_enc))).toBe(secret);
    });

    it('lets PATCH switch between modes whose credentials exist', async () => {
      const agent = await createAgent();
      const credential = (type: string) =>
        t
          .api()
          .post(`/v2/agents/${agent.id}/webhook-credentials`)
          .set(bearer(key))
          .send({ type })
          .expect(201);
      const patch = (webhook_auth: string) =>
        t.api().patch(`/v2/agents/${agent.id}`).set(bearer(key)).send({ webhook_auth });
      await credential('api_key');
      await patch('signature').expect(400);
      await credential('signature');
      expect((await patch('api_key').expect(200)).body.webhook_auth).toBe('api_key');
      expect((await patch('signature').expect(200)).body.webhook_auth).toBe('signature');
      expect((await patch('none').expect(200)).body.webhook_auth).toBe('none');
    });

    it.each([
      [{}, 'type'],
      [{ type: 'password' }, 'type'],
      [{ type: 'api_key', length: 10 }, 'length'],
    ])('answers 400 for %j with field %s', async (body, field) => {
      const agent = await createAgent();
      const res = await t
        .api()
        .post(`/v2/agents/${agent.id}/webhook-credentials`)
        .set(bearer(key))
        .send(body)
        .expect(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field });
      expect((await agentRow(t.service.dataSource, agent.id)).webhook_auth).toBe('none');
    });
  });

  describe('POST /v2/agents/:id/webhook-url/rotate', () => {
    it('answers 200 with a new webhook URL; the old webhook id no longer resolves', async () => {
      const agent = await createAgent();
      const oldId = webhookIdOf(agent.webhook_url);
      const service = t.service.api!.get(AgentsService);
      expect((await service.findByWebhookId(oldId)).id).toBe(agent.id);

      const res = await t
        .api()
        .post(`/v2/agents/${agent.id}/webhook-url/rotate`)
        .set(bearer(key))
        .expect(200);
      expect(Object.keys(res.body).sort()).toEqual(DETAIL_KEYS);
      expect(res.body.webhook_url).toMatch(WEBHOOK_URL);
      expect(res.body.webhook_url).not.toBe(agent.webhook_url);
      const newId = webhookIdOf(res.body.webhook_url);

      const row = await agentRow(t.service.dataSource, agent.id);
      expect(row.webhook_id).toBe(newId);
      const holders = await t.service.dataSource.query(
        'SELECT id FROM agents WHERE webhook_id = ?',
        [oldId],
      );
      expect(holders).toEqual([]);
      await expect(service.findByWebhookId(oldId)).rejects.toBeInstanceOf(ApiError);
      expect((await service.findByWebhookId(newId)).id).toBe(agent.id);

      const read = await t.api().get(`/v2/agents/${agent.id}`).set(bearer(key)).expect(200);
      expect(read.body.webhook_url).toBe(res.body.webhook_url);
    });
  });

  describe('DELETE /v2/agents/:id', () => {
    it('answers 204, then 404 on every agent route; executions stay', async () => {
      const account = await t.seedAccount();
      const keep = await createAgent({ name: 'keep' }, account.key);
      const agent = await createAgent({ name: 'doomed' }, account.key);
      const executionId = await insertFinished(t.service.dataSource, {
        id: agent.id,
        accountId: account.accountId,
      });
      const oldWebhookId = webhookIdOf(agent.webhook_url);
      const auth = bearer(account.key);

      const res = await t.api().delete(`/v2/agents/${agent.id}`).set(auth).expect(204);
      expect(res.text).toBe('');

      await expectAgentNotFound(agent.id, auth);
      const listed = await t.api().get('/v2/agents').set(auth).expect(200);
      expect(listed.body.meta.total).toBe(1);
      expect(listed.body.data.map((a: { id: string }) => a.id)).toEqual([keep.id]);

      const service = t.service.api!.get(AgentsService);
      await expect(service.findByWebhookId(oldWebhookId)).rejects.toBeInstanceOf(ApiError);
      await expect(service.findOwned(account.accountId, agent.id)).rejects.toBeInstanceOf(ApiError);
      const row = await agentRow(t.service.dataSource, agent.id);
      expect(row.deleted_at).not.toBeNull();
      expect(row.webhook_id).not.toBe(oldWebhookId);
      const executions = await t.service.dataSource.query(
        'SELECT id FROM executions WHERE id = ?',
        [executionId],
      );
      expect(executions).toEqual([{ id: executionId }]);
    });
  });

  describe('tenant isolation and scopes', () => {
    it("answers 404 on every agent route for another account's agent and changes nothing", async () => {
      const agent = await createAgent({ name: 'mine' });
      const stranger = await t.seedAccount();
      const auth = bearer(stranger.key);
      await expectAgentNotFound(agent.id, auth);
      const theirs = await t.api().get('/v2/agents').set(auth).expect(200);
      expect(theirs.body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 20 } });
      const read = await t.api().get(`/v2/agents/${agent.id}`).set(bearer(key)).expect(200);
      expect(read.body).toEqual(agent);
    });

    it('answers 403 forbidden to a key without agents:read or agents:write', async () => {
      const agent = await createAgent();
      const reader = bearer((await t.seedAccount({ scopes: ['agents:read'] })).key);
      const other = bearer((await t.seedAccount({ scopes: ['executions:read'] })).key);
      const writes = (auth: Record<string, string>) => [
        t.api().post('/v2/agents').set(auth).send({ name: 'x' }),
        t.api().patch(`/v2/agents/${agent.id}`).set(auth).send({ status: 'paused' }),
        t.api().delete(`/v2/agents/${agent.id}`).set(auth),
        t
          .api()
          .post(`/v2/agents/${agent.id}/webhook-credentials`)
          .set(auth)
          .send({ type: 'api_key' }),
        t.api().post(`/v2/agents/${agent.id}/webhook-url/rotate`).set(auth),
      ];
      await t.api().get('/v2/agents').set(reader).expect(200);
      for (const route of writes(reader)) {
        const res = await route.expect(403);
        expect(res.body.error.code).toBe('forbidden');
      }
      for (const route of [
        t.api().get('/v2/agents').set(other),
        t.api().get(`/v2/agents/${agent.id}`).set(other),
        ...writes(other),
      ]) {
        const res = await route.expect(403);
        expect(res.body.error.code).toBe('forbidden');
      }
      await t.api().get('/v2/agents').expect(401);
      const read = await t.api().get(`/v2/agents/${agent.id}`).set(bearer(key)).expect(200);
      expect(read.body).toEqual(agent);
    });
  });
});

describe('agent list counters without scanning executions', () => {
  let t: TestService;

  // Only the API role: no worker runs in the background while statements are captured.
  beforeAll(async () => {
    t = await startTestService({ ROLE: 'api' });
  });
  afterAll(async () => t?.close());

  /** Every SQL statement the DataSource runs while `fn` runs. */
  async function captureStatements(fn: () => Promise<unknown>): Promise<string[]> {
    const logger = t.service.dataSource.logger;
    const original = logger.logQuery;
    const statements: string[] = [];
    logger.logQuery = function (query, parameters, queryRunner) {
      statements.push(query);
      return original.call(this, query, parameters, queryRunner);
    };
    try {
      await fn();
    } finally {
      logger.logQuery = original;
    }
    return statements;
  }

  it('gives each agent of a later page its own counters', async () => {
    const { accountId, key } = await t.seedAccount();
    const agents = t.service.api!.get(AgentsService);
    const made = [];
    for (const name of ['first', 'second', 'third']) {
      made.push((await agents.create(accountId, { name })).agent);
    }
    // second: 2 completed today; third: 1 completed and 3 failed today.
    for (let i = 0; i < 2; i++) await insertFinished(t.service.dataSource, made[1]);
    await insertFinished(t.service.dataSource, made[2]);
    for (let i = 0; i < 3; i++) {
      await insertFinished(t.service.dataSource, made[2], { status: 'failed' });
    }
    const page = async (query: string) =>
      (await t.api().get(`/v2/agents${query}`).set(bearer(key)).expect(200)).body as {
        data: { name: string; executions_today: number; success_rate: number }[];
        meta: { total: number };
      };
    const counters = (body: Awaited<ReturnType<typeof page>>) =>
      body.data.map(({ name, executions_today, success_rate }) => [
        name,
        executions_today,
        success_rate,
      ]);
    const first = await page('?per_page=2');
    expect(counters(first)).toEqual([
      ['first', 0, 0],
      ['second', 2, 100],
    ]);
    const second = await page('?per_page=2&page=2');
    expect(counters(second)).toEqual([['third', 4, 25]]);
    expect(second.meta.total).toBe(3);
    const beyond = await page('?per_page=2&page=3');
    expect(beyond).toMatchObject({ data: [], meta: { total: 3 } });
  });

  it('lists every field as the agent record has it, whatever its name holds', async () => {
    const { accountId, key } = await t.seedAccount();
    const agents = t.service.api!.get(AgentsService);
    const names = [
      'quotes " and \' and \\ backslash',
      'Unicode: Zürich, 東京, emoji 🚀, joiner 👩‍💻',
      '[1, 2] {"json": "lookalike"}',
      'comma, separated, name',
    ];
    for (const name of names) await agents.create(accountId, { name });
    const made = (await agents.create(accountId, { name: 'counted' })).agent;
    await insertFinished(t.service.dataSource, made);
    await insertFinished(t.service.dataSource, made, { status: 'failed' });
    await insertFinished(t.service.dataSource, made, { status: 'failed' });
    const listed = (await t.api().get('/v2/agents?per_page=100').set(bearer(key)).expect(200))
      .body as { data: Record<string, unknown>[]; meta: { total: number } };
    expect(listed.meta.total).toBe(names.length + 1);
    expect(listed.data.map((item) => item.name)).toEqual([...names, 'counted']);
    for (const item of listed.data) {
      const record = (
        await t
          .api()
          .get(`/v2/agents/${String(item.id)}`)
          .set(bearer(key))
          .expect(200)
      ).body as Record<string, unknown>;
      expect(item).toEqual(Object.fromEntries(LIST_KEYS.map((field) => [field, record[field]])));
    }
    expect(listed.data.at(-1)).toMatchObject({ executions_today: 3, success_rate: 33.3 });
  });

  it('reads counters from daily stats with a bounded number of statements', async () => {
    const small = await t.seedAccount();
    const large = await t.seedAccount();
    const agents = t.service.api!.get(AgentsService);
    const dataSource = t.service.dataSource;

    const counted = (await agents.create(small.accountId, { name: 'counted' })).agent;
    const bigOnes = [];
    for (let i = 0; i < 40; i++) {
      bigOnes.push((await agents.create(large.accountId, { name: `L${i}` })).agent);
    }
    // Executions exist (so a scan would have something to find), counted as the application
    // counts them: for `counted`, 3 created today (2 completed, 1 failed), 1 completed 10 days
    // ago, 5 failed 31 days ago (outside the 30-day window).
    for (const agent of bigOnes.slice(0, 5)) {
      for (let i = 0; i < 3; i++) await insertFinished(dataSource, agent);
    }
    const day = 86_400_000;
    await insertFinished(dataSource, counted);
    await insertFinished(dataSource, counted);
    await insertFinished(dataSource, counted, { status: 'failed' });
    await insertFinished(dataSource, counted, { at: new Date(Date.now() - 10 * day) });
    for (let i = 0; i < 5; i++) {
      await insertFinished(dataSource, counted, {
        status: 'failed',
        at: new Date(Date.now() - 31 * day),
      });
    }

    // Warm up both keys (the first use of a key records last_used_at).
    await t.api().get('/v2/agents').set(bearer(small.key)).expect(200);
    await t.api().get('/v2/agents').set(bearer(large.key)).expect(200);

    let smallBody: { data: { id: string; executions_today: number; success_rate: number }[] } = {
      data: [],
    };
    const smallStatements = await captureStatements(async () => {
      smallBody = (await t.api().get('/v2/agents').set(bearer(small.key)).expect(200)).body;
    });
    let largeCount = 0;
    const largeStatements = await captureStatements(async () => {
      const res = await t.api().get('/v2/agents?per_page=100').set(bearer(large.key)).expect(200);
      largeCount = res.body.data.length;
    });

    expect(smallBody.data).toEqual([
      expect.objectContaining({ id: counted.id, executions_today: 3, success_rate: 75 }),
    ]);
    expect(largeCount).toBe(40);
    for (const statement of [...smallStatements, ...largeStatements]) {
      expect(statement).not.toMatch(/executions/i);
    }
    const listing = (statements: string[]) =>
      statements.filter((statement) => !/api_keys/i.test(statement));
    expect(listing(smallStatements).length).toBeGreaterThan(0);
    expect(listing(smallStatements).length).toBeLessThanOrEqual(3);
    expect(listing(largeStatements).length).toBe(listing(smallStatements).length);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_QUALIFICATION_INPUT_SCHEMA } from '../src/agents/input-schema';
import { Execution } from '../src/executions/execution.entity';
import { webhookPath } from './support/agents';
import { bearer, startTestService, TestService } from './support/service';

const SCHEMA = {
  type: 'object',
  properties: {
    email: { type: 'string', minLength: 3 },
    tags: { type: 'array', items: { type: 'string' } },
    address: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    },
  },
  required: ['email'],
};

/** `input_schema` and `mcp` of agents: stored, validated, and enforced on every way in. */
describe('agents: input_schema and mcp', () => {
  let t: TestService;
  let key: string;

  beforeAll(async () => {
    t = await startTestService();
    ({ key } = await t.seedAccount());
  });
  afterAll(async () => t?.close());

  const create = (body: Record<string, unknown>) =>
    t.api().post('/v2/agents').set(bearer(key)).send(body);
  const patch = (id: string, body: Record<string, unknown>) =>
    t.api().patch(`/v2/agents/${id}`).set(bearer(key)).send(body);
  const countFor = (agentId: string) =>
    t.service.dataSource.getRepository(Execution).countBy({ agentId });

  it('defaults: lead-qualification gets its five fields, none required; mcp disabled with a derived name', async () => {
    const res = await create({ name: 'Inbound Leads (EU)' }).expect(201);
    expect(res.body.input_schema).toEqual(LEAD_QUALIFICATION_INPUT_SCHEMA);
    expect(Object.keys(res.body.input_schema.properties)).toEqual([
      'email',
      'name',
      'company',
      'phone',
      'message',
    ]);
    expect(res.body.input_schema.required).toBeUndefined();
    expect(res.body.mcp).toEqual({ enabled: false, name: 'inbound_leads_eu', description: null });
    const read = await t.api().get(`/v2/agents/${res.body.id}`).set(bearer(key)).expect(200);
    expect(read.body.input_schema).toEqual(LEAD_QUALIFICATION_INPUT_SCHEMA);
    const http = await create({
      name: '42 callers',
      kind: 'http-request',
      config: { url: 'https://example.com/hook' },
    }).expect(201);
    expect(http.body.input_schema).toBeNull();
    expect(http.body.mcp.name).toBe('agent_42_callers');
  });

  it('refuses an invalid schema with field input_schema, and bad mcp values with their path', async () => {
    for (const bad of [
      [],
      'object',
      { type: 'string' },
      { type: 'object', properties: { a: { type: 'strnig' } } },
      { type: 'object', required: 'email' },
      { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } },
    ]) {
      const res = await create({ name: 'Bad', input_schema: bad }).expect(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'input_schema' });
    }
    const cases: [unknown, string][] = [
      ['yes', 'mcp'],
      [{ enabled: 'yes' }, 'mcp.enabled'],
      [{ enabled: true, name: 'Bad Name' }, 'mcp.name'],
      [{ name: `a${'b'.repeat(64)}` }, 'mcp.name'],
      [{ description: 'x'.repeat(1001) }, 'mcp.description'],
      [{ title: 'x' }, 'mcp.title'],
    ];
    for (const [mcp, field] of cases) {
      const res = await create({ name: 'Bad', mcp }).expect(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field });
    }
  });

  it('keeps tool names unique among the account’s enabled tools (409), not among disabled ones', async () => {
    const first = await create({ name: 'Tool A', mcp: { enabled: true, name: 'shared' } }).expect(
      201,
    );
    expect(first.body.mcp).toEqual({ enabled: true, name: 'shared', description: null });
    const conflict = await create({ name: 'Tool B', mcp: { enabled: true, name: 'shared' } });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('conflict');
    const reserved = await create({ name: 'Get execution', mcp: { enabled: true } });
    expect(reserved.status).toBe(409);
    const disabled = await create({ name: 'Tool C', mcp: { name: 'shared' } }).expect(201);
    expect((await patch(disabled.body.id, { mcp: { enabled: true } })).status).toBe(409);
    await patch(first.body.id, { mcp: { enabled: false } }).expect(200);
    const enabled = await patch(disabled.body.id, {
      mcp: { enabled: true, description: 'Scores a lead' },
    }).expect(200);
    expect(enabled.body.mcp).toEqual({
      enabled: true,
      name: 'shared',
      description: 'Scores a lead',
    });
    // A deleted agent frees its name.
    await t.api().delete(`/v2/agents/${disabled.body.id}`).set(bearer(key)).expect(204);
    await patch(first.body.id, { mcp: { enabled: true } }).expect(200);
    // A derived name follows a rename.
    const derived = await create({ name: 'Old name', mcp: { enabled: true } }).expect(201);
    const renamed = await patch(derived.body.id, { name: 'New name' }).expect(200);
    expect(renamed.body.mcp.name).toBe('new_name');
    await create({ name: 'Old name', mcp: { enabled: true } }).expect(201);
    const reset = await patch(first.body.id, { mcp: { name: null } }).expect(200);
    expect(reset.body.mcp.name).toBe('tool_a');
  });

  it('PATCH sets and removes input_schema; an empty body names the new fields', async () => {
    const created = await create({ name: 'Patchable' }).expect(201);
    const set = await patch(created.body.id, { input_schema: SCHEMA }).expect(200);
    expect(set.body.input_schema).toEqual(SCHEMA);
    expect(set.body.version).toBe(1);
    const bad = await patch(created.body.id, { input_schema: { type: 7 } }).expect(400);
    expect(bad.body.error.field).toBe('input_schema');
    const removed = await patch(created.body.id, { input_schema: null }).expect(200);
    expect(removed.body.input_schema).toBeNull();
    const empty = await patch(created.body.id, {}).expect(400);
    expect(empty.body.error.message).toContain('input_schema');
  });

  it('a REST trigger whose input breaks the schema is 400 with the failing path, and creates nothing', async () => {
    const agent = await create({ name: 'Strict', input_schema: SCHEMA }).expect(201);
    const id = agent.body.id;
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'input.email'],
      [{ email: 7 }, 'input.email'],
      [{ email: 'a@b.io', tags: ['x', 3] }, 'input.tags[1]'],
      [{ email: 'a@b.io', address: {} }, 'input.address.city'],
    ];
    for (const [input, field] of cases) {
      const res = await t
        .api()
        .post(`/v2/agents/${id}/trigger`)
        .set(bearer(key))
        .send({ input })
        .expect(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field });
    }
    expect(await countFor(id)).toBe(0);
    const ok = await t
      .api()
      .post(`/v2/agents/${id}/trigger`)
      .set(bearer(key))
      .send({ input: { email: 'jane@acme.io', company: 'Acme' } })
      .expect(200);
    expect(ok.body.status).toBe('completed');
  });

  it('a webhook payload that breaks the schema is 400 in the webhook envelope, and creates nothing', async () => {
    const agent = await create({ name: 'Strict hook', input_schema: SCHEMA }).expect(201);
    const path = webhookPath(agent.body.webhook_url);
    const res = await t.webhook().post(path).send({ name: 'no email' }).expect(400);
    expect(res.body).toMatchObject({
      success: false,
      error: { code: 'invalid_request', field: 'input.email' },
    });
    expect(await countFor(agent.body.id)).toBe(0);
    await t.webhook().post(path).send({ email: 'jane@acme.io' }).expect(202);
  });

  it('the lead-qualification default still lets a run without e-mail fail with invalid_input', async () => {
    const agent = await create({ name: 'Default leads' }).expect(201);
    const res = await t
      .api()
      .post(`/v2/agents/${agent.body.id}/trigger`)
      .set(bearer(key))
      .send({ input: { name: 42, extra: true } })
      .expect(200);
    expect(res.body.status).toBe('failed');
    expect(res.body.error.code).toBe('invalid_input');
  });
});

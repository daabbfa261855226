import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_BODIES } from './support/routes';
import { bearer, startTestService, TestService } from './support/service';

// The document is untyped JSON, read by path.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/**
 * docs/api.md, What the OpenAPI document states: the bounds the OpenAPI document states are the
 * ones the server enforces. Every request here is generated from the served document
 * (`minimum`/`maximum` of integer query parameters, `maxLength` of cursors and headers, date
 * formats, the `kind` enum of `POST /v2/agents`): the boundary value is accepted, one past it is
 * 400 naming the field. A bound that drifts on either side fails here.
 */

/** A valid config per kind; a kind the document lists without one here fails the test. */
const KIND_CONFIGS: Record<string, Json> = {
  'lead-qualification': {},
  'http-request': { url: 'https://hooks.example.com/agent' },
  workflow: { steps: [{ id: 'shape', type: 'transform', value: { ok: true } }] },
};

interface Param {
  path: string;
  name: string;
  in: string;
  schema: Json;
}

describe('OpenAPI constraints are what the server enforces', () => {
  let t: TestService;
  let doc: Json;
  let key: string;
  const ids: Record<string, string> = {};

  /** Every GET operation's query parameters and every operation's headers, with their path. */
  function parameters(where: 'query' | 'header', method: string): Param[] {
    const list: Param[] = [];
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      if (path.startsWith('/webhook/')) continue; // the inbound listener: webhook.e2e tests
      for (const parameter of item[method]?.parameters ?? []) {
        if (parameter.in === where) list.push({ path, ...parameter });
      }
    }
    return list;
  }

  /** A concrete URL for a documented path: `{id}` is the seeded resource of its collection. */
  function url(path: string, query: Record<string, string> = {}): string {
    const resource = path.split('/')[2];
    const concrete = path.replace(/\{\w+\}/, ids[resource]);
    const search = new URLSearchParams(query).toString();
    return search ? `${concrete}?${search}` : concrete;
  }

  const get = (path: string, query: Record<string, string>) =>
    t.api().get(url(path, query)).set(bearer(key));

  async function expectRefused(res: { status: number; body: Json }, field: string, what: string) {
    expect(res.status, what).toBe(400);
    expect(res.body.error?.code, what).toBe('invalid_request');
    expect(res.body.error?.field, what).toBe(field);
  }

  beforeAll(async () => {
    t = await startTestService();
    doc = (await t.api().get('/v2/openapi.json').expect(200)).body;
    ({ key } = await t.seedAccount());
    const agent = await t
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .send(SAMPLE_BODIES['api POST /v2/agents'])
      .expect(201);
    ids.agents = agent.body.id;
    for (let i = 0; i < 2; i++) {
      await t
        .api()
        .post(`/v2/agents/${ids.agents}/trigger`)
        .set(bearer(key))
        .send({ input: { email: 'a@acme.io' }, options: { async: true } })
        .expect(202);
      const endpoint = await t
        .api()
        .post('/v2/webhook-endpoints')
        .set(bearer(key))
        .send({ url: `https://hooks.example.com/${i}`, events: ['*'] })
        .expect(201);
      ids['webhook-endpoints'] = endpoint.body.id;
    }
  });
  afterAll(async () => t?.close());

  it('integer query parameters: minimum and maximum accepted, one past each refused', async () => {
    const integers = parameters('query', 'get').filter(
      (p) => p.schema.type === 'integer' && p.schema.minimum !== undefined,
    );
    // Sanity: the document bounds every page size.
    const names = integers.map((p) => `${p.path} ${p.name}`);
    expect(names).toContain('/v2/agents per_page');
    expect(names).toContain('/v2/agents page');
    expect(names).toContain('/v2/agents/{id}/executions limit');
    expect(names).toContain('/v2/webhook-endpoints limit');
    for (const p of integers) {
      expect(p.schema.maximum, `${p.path} ${p.name} has a maximum`).toBeTypeOf('number');
      const what = (value: number) => `GET ${p.path}?${p.name}=${value}`;
      for (const value of [p.schema.minimum, p.schema.maximum]) {
        const res = await get(p.path, { [p.name]: String(value) });
        expect(res.status, `${what(value)}: ${JSON.stringify(res.body.error)}`).toBe(200);
      }
      for (const value of [p.schema.minimum - 1, p.schema.maximum + 1]) {
        await expectRefused(await get(p.path, { [p.name]: String(value) }), p.name, what(value));
      }
      if (p.schema.default !== undefined) {
        const res = await get(p.path, {});
        const meta = res.body.meta ?? {};
        const echoed = meta[p.name] ?? (p.name === 'days' ? res.body.data?.length : undefined);
        if (echoed !== undefined)
          expect(echoed, `${p.path} ${p.name} default`).toBe(p.schema.default);
      }
    }
  });

  it('cursors: a real one fits the documented shape; maxLength passes the shape checks, one more does not', async () => {
    const cursors = parameters('query', 'get').filter((p) => p.name === 'cursor');
    expect(cursors.length).toBeGreaterThanOrEqual(3);
    for (const p of cursors) {
      const { maxLength, pattern } = p.schema;
      expect(maxLength, `${p.path} cursor maxLength`).toBeTypeOf('number');
      const matches = (value: string) =>
        value.length <= maxLength &&
        (p.schema.minLength === undefined || value.length >= p.schema.minLength) &&
        (pattern === undefined || new RegExp(pattern).test(value));
      // A cursor the route itself issued, else an id of the shape the pattern describes.
      const first = await get(p.path, { limit: '1' });
      expect(first.status, `GET ${p.path}?limit=1`).toBe(200);
      const candidates = [first.body.meta?.next_cursor, ids['webhook-endpoints']].filter(
        (value): value is string => typeof value === 'string',
      );
      const accepted = candidates.find(matches);
      expect(accepted, `${p.path}: a cursor within the documented constraints`).toBeDefined();
      const ok = await get(p.path, { cursor: accepted! });
      expect(ok.status, `GET ${p.path}?cursor=${accepted}: ${JSON.stringify(ok.body.error)}`).toBe(
        200,
      );
      // A well-formed cursor the route never issued (one character changed): what the
      // service answers once the declared shape checks have passed (200 or a bad signature).
      const middle = Math.floor(accepted!.length / 2);
      const swap = accepted![middle] === 'a' ? 'b' : 'a';
      const tampered = accepted!.slice(0, middle) + swap + accepted!.slice(middle + 1);
      const wellFormed = await get(p.path, { cursor: tampered });
      const answer = (res: { status: number; body: Json }) =>
        `${res.status} ${res.body.error?.field} ${res.body.error?.message}`;
      // Exactly maxLength (the cursor lengthened at its start): past the shape checks too.
      const atMost = accepted!.padStart(maxLength, accepted![0]);
      const boundary = await get(p.path, { cursor: atMost });
      if (boundary.status !== 200) {
        expect(answer(boundary), `${p.path} cursor of ${maxLength}`).toBe(answer(wellFormed));
      }
      // One past it: refused by the length rule, before anything else looks at it.
      const tooLong = accepted!.padStart(maxLength + 1, accepted![0]);
      const refused = await get(p.path, { cursor: tooLong });
      await expectRefused(refused, 'cursor', `${p.path} cursor of ${maxLength + 1}`);
      expect(answer(refused), `${p.path}: refused for its length`).not.toBe(answer(wellFormed));
      if (p.schema.minLength !== undefined) {
        const tooShort = accepted!.slice(0, p.schema.minLength - 1);
        await expectRefused(await get(p.path, { cursor: tooShort }), 'cursor', `${p.path} short`);
      }
    }
  });

  it('date filters: a valid date is accepted, an impossible one refused', async () => {
    const isDate = (schema: Json) =>
      schema.format === 'date' || (schema.anyOf ?? []).some((s: Json) => s.format === 'date');
    const dates = parameters('query', 'get').filter((p) => isDate(p.schema));
    expect(dates.map((p) => `${p.path} ${p.name}`)).toEqual(
      expect.arrayContaining(['/v2/usage from', '/v2/usage to', '/v2/agents/{id}/executions from']),
    );
    const today = new Date().toISOString().slice(0, 10);
    for (const p of dates) {
      const res = await get(p.path, { [p.name]: today });
      expect(res.status, `GET ${p.path}?${p.name}=${today}`).toBe(200);
      await expectRefused(await get(p.path, { [p.name]: '2026-13-01' }), p.name, p.path);
    }
  });

  it('Idempotency-Key: maxLength accepted, one longer refused (and the empty key)', async () => {
    const headers = parameters('header', 'post').filter((p) => p.schema.maxLength !== undefined);
    expect(headers.map((p) => `${p.path} ${p.name}`)).toContain(
      '/v2/agents/{id}/trigger Idempotency-Key',
    );
    for (const p of headers) {
      const body = SAMPLE_BODIES[`api POST ${p.path.replace(/\{(\w+)\}/g, ':$1')}`];
      expect(body, `a sample body for POST ${p.path}`).toBeDefined();
      const send = (value: string) =>
        t
          .api()
          .post(url(p.path))
          .set(bearer(key))
          .set(p.name, value)
          .send({ ...body, options: { async: true } });
      const atMost = await send('k'.repeat(p.schema.maxLength));
      expect(atMost.status, `${p.name} of ${p.schema.maxLength}`).toBe(202);
      await expectRefused(await send('k'.repeat(p.schema.maxLength + 1)), p.name, p.name);
      if (p.schema.minLength === 1) await expectRefused(await send(''), p.name, `empty ${p.name}`);
    }
  });

  it('kind: each kind of the documented enum is accepted with its config, another is refused', async () => {
    const create = doc.components.schemas.CreateAgentDto;
    const kinds = Object.keys(create.discriminator.mapping);
    expect(kinds).toContain('lead-qualification');
    for (const kind of kinds) {
      expect(KIND_CONFIGS[kind], `a sample config for kind ${kind}`).toBeDefined();
      const res = await t
        .api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({ name: `Kind ${kind}`, kind, config: KIND_CONFIGS[kind] });
      expect(res.status, `${kind}: ${JSON.stringify(res.body.error)}`).toBe(201);
      expect(res.body.kind).toBe(kind);
    }
    const unknown = `${kinds.join('-')}-x`;
    const res = await t
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({ name: 'Unknown kind', kind: unknown, config: {} });
    await expectRefused(res, 'kind', `kind ${unknown}`);
  });
});

import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent } from '../src/agents/agent.entity';
import { Execution, ExecutionStatus } from '../src/executions/execution.entity';
import { ExecutionsService } from '../src/executions/executions.service';
import { seedAgent, SeededAgent } from './support/agents';
import { insertExecution } from './support/rows';
import { bearer, startTestService, TestService } from './support/service';

/**
 * Input hardening (docs/operations.md, Input hardening): cursors that cannot be forged, signed
 * webhook replays, bodies that are not UTF-8 and a /metrics that can be closed.
 */
describe('input hardening', () => {
  let t: TestService;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    t = await startTestService({ ROLE: 'api,webhook' });
    ({ key, accountId } = await t.seedAccount());
  });
  afterAll(async () => t?.close());

  const get = (path: string) => t.api().get(path).set(bearer(key));

  describe('list cursors', () => {
    let agent: Agent;
    let other: Agent;
    const ids: Record<ExecutionStatus, string[]> = {
      queued: [],
      running: [],
      waiting: [],
      completed: [],
      failed: [],
      cancelled: [],
    };
    const statuses: ExecutionStatus[] = ['completed', 'failed', 'cancelled', 'queued', 'running'];
    let pageQueries: ReturnType<typeof vi.spyOn>;

    beforeAll(async () => {
      const ds = t.service.dataSource;
      agent = await t.service.api!.get(ExecutionsService).ownedAgent(accountId, await newAgent());
      other = await t.service.api!.get(ExecutionsService).ownedAgent(accountId, await newAgent());
      const start = Date.parse('2026-03-01T00:00:00.000Z');
      for (let i = 0; i < 30; i++) {
        const status = statuses[i % statuses.length];
        const row = await insertExecution(ds, agent, {
          status,
          createdAt: new Date(start + i * 60_000),
        });
        ids[status].push(row.id);
        await insertExecution(ds, other, { status, createdAt: new Date(start + i * 60_000) });
      }
    });
    beforeAll(() => {
      // Each keyset query of a page goes through this method: counting its calls counts
      // the queries a request costs.
      pageQueries = vi.spyOn(
        t.service.api!.get(ExecutionsService) as unknown as { page: () => unknown },
        'page',
      );
    });
    afterEach(() => pageQueries.mockClear());
    afterAll(() => pageQueries.mockRestore());

    async function newAgent(): Promise<string> {
      const res = await t.api().post('/v2/agents').set(bearer(key)).send({ name: 'Cursors' });
      return res.body.id as string;
    }
    const list = (agentId: string, query: string) =>
      get(`/v2/agents/${agentId}/executions?${query}`);
    const expectBadCursor = async (agentId: string, query: string) => {
      pageQueries.mockClear();
      const res = await list(agentId, query).expect(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'cursor' });
      expect(pageQueries).not.toHaveBeenCalled();
    };
    /** Follows next_cursor (passed alone) from `first` to the end; returns every item id. */
    async function walk(agentId: string, first: string, then = (c: string) => `cursor=${c}`) {
      const seen: string[] = [];
      let query: string | null = first;
      for (let pages = 0; query !== null; pages++) {
        expect(pages).toBeLessThan(40);
        const res: { body: { data: { id: string }[]; meta: { next_cursor: string | null } } } =
          await list(agentId, query).expect(200);
        seen.push(...res.body.data.map((item: { id: string }) => item.id));
        query = res.body.meta.next_cursor ? then(res.body.meta.next_cursor) : null;
      }
      return seen;
    }
    const firstCursor = async (agentId: string, query: string): Promise<string> => {
      const res = await list(agentId, query).expect(200);
      expect(res.body.meta.next_cursor).toEqual(expect.any(String));
      return res.body.meta.next_cursor;
    };

    it('pages through every page, with the filters held by the cursor or repeated', async () => {
      const everything = await walk(agent.id, 'limit=4');
      expect(everything).toHaveLength(30);
      expect(new Set(everything).size).toBe(30);
      const failedOrCancelled = [...ids.failed, ...ids.cancelled].sort();
      expect((await walk(agent.id, 'status=failed,cancelled&limit=2')).sort()).toEqual(
        failedOrCancelled,
      );
      const base = 'status=cancelled,failed&limit=2';
      expect((await walk(agent.id, base, (c) => `${base}&cursor=${c}`)).sort()).toEqual(
        failedOrCancelled,
      );
      // Another limit with a cursor is allowed: it only sizes the next page.
      const cursor = await firstCursor(agent.id, 'status=completed&limit=2');
      const next = await list(agent.id, `cursor=${cursor}&limit=3`).expect(200);
      expect(next.body.data).toHaveLength(3);
      expect(next.body.meta.limit).toBe(3);
    });

    it('collapses a status repeated a hundred times into one query', async () => {
      const repeated = Array.from({ length: 100 }, () => 'completed').join(',');
      const res = await list(agent.id, `status=${repeated}&limit=100`).expect(200);
      expect(res.body.data.map((item: { id: string }) => item.id).sort()).toEqual(
        [...ids.completed].sort(),
      );
      expect(pageQueries).toHaveBeenCalledTimes(1);
      // Every status is no filter: one query too; any list costs at most five (`queued`
      // also reads the runs flow control holds, which are shown as queued).
      pageQueries.mockClear();
      await list(agent.id, `status=${statuses.join(',')},waiting,completed`).expect(200);
      expect(pageQueries).toHaveBeenCalledTimes(1);
      pageQueries.mockClear();
      await list(agent.id, 'status=queued,running,failed,cancelled,failed,queued').expect(200);
      expect(pageQueries).toHaveBeenCalledTimes(5);
      await list(agent.id, 'status=completed,done').expect(400);
    });

    it('refuses a forged cursor repeating a status a hundred times, without a query', async () => {
      const body = {
        v: 1,
        c: '2026-03-01T01:00:00.000Z',
        i: ids.completed[0],
        s: Array.from({ length: 100 }, () => 'completed'),
        f: null,
        t: null,
        l: 100,
      };
      const unsigned = Buffer.from(JSON.stringify(body)).toString('base64url');
      await expectBadCursor(agent.id, `cursor=${unsigned}`);
      // The same body under the current version with a made-up MAC.
      const v2 = Buffer.from(JSON.stringify({ ...body, v: 2 })).toString('base64url');
      await expectBadCursor(agent.id, `cursor=${v2}.${'A'.repeat(22)}`);
    });

    it('refuses an edited, truncated or made-up cursor', async () => {
      const cursor = await firstCursor(agent.id, 'status=completed&limit=2');
      const [payload, mac] = cursor.split('.');
      const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      const edited = Buffer.from(JSON.stringify({ ...body, s: ['failed'] })).toString('base64url');
      for (const bad of [
        `${edited}.${mac}`,
        cursor.slice(0, -1),
        cursor.slice(0, -3),
        payload,
        `${payload}.`,
        `.${mac}`,
        `${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
        `${payload.slice(1)}.${mac}`,
        'not-a-cursor!',
        'x'.repeat(3000),
      ]) {
        await expectBadCursor(agent.id, `cursor=${encodeURIComponent(bad)}`);
      }
      // The cursor itself still works.
      await list(agent.id, `cursor=${cursor}`).expect(200);
    });

    it('refuses another agent’s cursor and a cursor used with other filters', async () => {
      const cursor = await firstCursor(agent.id, 'status=completed&limit=2');
      await expectBadCursor(other.id, `cursor=${cursor}`);
      await expectBadCursor(agent.id, `cursor=${cursor}&status=failed`);
      await expectBadCursor(agent.id, `cursor=${cursor}&status=completed,failed`);
      await expectBadCursor(agent.id, `cursor=${cursor}&from=2026-03-01`);
      await expectBadCursor(agent.id, `cursor=${cursor}&to=2026-03-02`);
      // The same filters, written in another order or repeated: the same list.
      await list(agent.id, `cursor=${cursor}&status=completed,completed`).expect(200);
      const dated = await firstCursor(agent.id, 'from=2026-03-01&to=2026-03-01&limit=2');
      await list(agent.id, `cursor=${dated}&from=2026-03-01T00:00:00Z&to=2026-03-01`).expect(200);
      await expectBadCursor(agent.id, `cursor=${dated}&to=2026-03-02`);
    });
  });

  describe('signed webhook replays', () => {
    let agent: SeededAgent;
    let sender: Webhook;
    beforeAll(async () => {
      agent = await seedAgent(t, key, { webhookAuth: 'signature' });
      sender = new Webhook(agent.signingSecret!);
    });

    const signed = (id: string, body: string) => {
      const at = new Date();
      return {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': sender.sign(id, at, body),
      };
    };
    const post = (body: string, headers: Record<string, string>) =>
      t.webhook().post(agent.path).set('Content-Type', 'application/json').set(headers).send(body);
    const count = () =>
      t.service.dataSource.getRepository(Execution).countBy({ agentId: agent.id });

    it('deduplicates by the signed webhook-id whatever Idempotency-Key is added', async () => {
      const body = '{"email":"replay@acme.io"}';
      const headers = signed('msg_replayed', body);
      const first = await post(body, { ...headers, 'Idempotency-Key': 'first-key' }).expect(202);
      const extras: Record<string, string>[] = [
        { 'Idempotency-Key': 'attacker-key' },
        {},
        { 'Idempotency-Key': 'x' },
      ];
      for (const extra of extras) {
        const again = await post(body, { ...headers, ...extra }).expect(200);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.body).toMatchObject({ success: true, executionId: first.body.executionId });
      }
      expect(await count()).toBe(1);
    });

    it('also when the first delivery carried no Idempotency-Key', async () => {
      const body = '{"email":"replay2@acme.io"}';
      const headers = signed('msg_replayed_2', body);
      const first = await post(body, headers).expect(202);
      const again = await post(body, { ...headers, 'Idempotency-Key': 'added' }).expect(200);
      expect(again.body.executionId).toBe(first.body.executionId);
      // Another signed message is another delivery, whatever Idempotency-Key it repeats.
      const other = await post(body, { ...signed('msg_other', body), 'Idempotency-Key': 'added' });
      expect(other.status).toBe(202);
      expect(await count()).toBe(3);
    });
  });

  describe('bodies that are not UTF-8', () => {
    let agent: SeededAgent;
    beforeAll(async () => {
      agent = await seedAgent(t, key);
    });

    /** Sends a Buffer body byte for byte (superagent would JSON-encode it). */
    const asIs = (body: unknown) => body as string;
    const json = (...parts: (string | number[])[]) =>
      Buffer.concat(
        parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))),
      );
    const INVALID: [string, Buffer][] = [
      ['a stray continuation byte', json('{"name":"a', [0x80], 'b"}')],
      ['Latin-1 é', json('{"name":"caf', [0xe9], '"}')],
      ['0xff 0xfe', json('{"name":"', [0xff, 0xfe], '"}')],
      ['an overlong "/"', json('{"name":"', [0xc0, 0xaf], '"}')],
      ['an encoded surrogate', json('{"name":"', [0xed, 0xa0, 0x80], '"}')],
      ['a cut multi-byte sequence', json('{"name":"', [0xe2, 0x82], '"}')],
      ['a code point above U+10FFFF', json('{"name":"', [0xf4, 0x90, 0x80, 0x80], '"}')],
      ['invalid bytes in a key', json('{"', [0xfe], '":1}')],
    ];

    it.each(INVALID)('REST: %s is 400 invalid_request', async (_name, body) => {
      const res = await t
        .api()
        .post('/v2/agents')
        .set(bearer(key))
        .set('Content-Type', 'application/json')
        .serialize(asIs)
        .send(body)
        .expect(400);
      expect(res.body.error).toMatchObject({
        code: 'invalid_request',
        message: expect.stringMatching(/UTF-8/),
      });
    });

    it.each(INVALID)('webhook: %s is 400 invalid_request', async (_name, body) => {
      const before = await t.service.dataSource
        .getRepository(Execution)
        .countBy({ agentId: agent.id });
      const res = await t
        .webhook()
        .post(agent.path)
        .set('Content-Type', 'application/json')
        .serialize(asIs)
        .send(body)
        .expect(400);
      expect(res.body).toMatchObject({
        success: false,
        error: { code: 'invalid_request', message: expect.stringMatching(/UTF-8/) },
      });
      const after = await t.service.dataSource
        .getRepository(Execution)
        .countBy({ agentId: agent.id });
      expect(after).toBe(before);
    });

    it('accepts valid UTF-8 of every length, stored as sent', async () => {
      const text = 'café ✓ 😀 中文';
      const res = await t
        .webhook()
        .post(agent.path)
        .set('Content-Type', 'application/json')
        .serialize(asIs)
        .send(Buffer.from(JSON.stringify({ name: text })))
        .expect(202);
      const stored = await t.service.dataSource
        .getRepository(Execution)
        .findOneByOrFail({ id: res.body.executionId });
      expect(stored.input).toEqual({ name: text });
      await t
        .api()
        .post('/v2/agents')
        .set(bearer(key))
        .set('Content-Type', 'application/json')
        .serialize(asIs)
        .send(Buffer.from(JSON.stringify({ name: text })))
        .expect(201);
    });
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const TOKEN = 'metrics-token-0123456789abcdef';
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ ROLE: 'api', METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t?.close());

  it('answers 401 in the envelope without the token or with another one', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
      'Bearer',
    ]) {
      const req = t.api().get('/metrics');
      if (authorization !== undefined) req.set('Authorization', authorization);
      const res = await req.expect(401);
      expect(res.body).toEqual({
        error: {
          code: 'unauthorized',
          message: expect.stringMatching(/METRICS_TOKEN/),
          docs_url: 'http://localhost:3000/docs/errors/unauthorized',
        },
      });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.text).not.toContain('aas_');
    }
  });

  it('serves the metrics with the token', async () => {
    for (const scheme of ['Bearer', 'bearer']) {
      const res = await t.api().get('/metrics').set('Authorization', `${scheme} ${TOKEN}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('# TYPE aas_http_requests_total ');
    }
  });

  it('leaves /health open', async () => {
    const res = await t.api().get('/health');
    expect(res.status).not.toBe(401);
    expect(res.body).toHaveProperty('checks');
  });
});

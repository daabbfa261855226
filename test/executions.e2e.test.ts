import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiKeysService } from '../src/auth/api-keys.service';
import { Execution, ExecutionStatus } from '../src/executions/execution.entity';
import { LeadQualificationKind } from '../src/kinds/lead-qualification.kind';
import { CallbackDelivery } from '../src/webhooks/outbound/callback-delivery.entity';
import { createAgent, setAgentStatus } from './support/agents';
import { sample } from './support/prometheus';
import { insertExecution } from './support/rows';
import { startLocalServer, type LocalServer } from './support/http-server';
import { bearer, startTestService, TestService } from './support/service';
import { waitFor } from './support/wait';

const BASE_URL = 'http://localhost:3000/v2';
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const VALID = { email: 'lead@acme.io', company: 'Acme' };
const INVALID = { name: 'no email' };

interface Item {
  id: string;
  status: ExecutionStatus;
  created_at: string;
  logs?: unknown;
}

describe('executions: list, read, cancel, retry', () => {
  let t: TestService;
  let key: string;
  let accountId: string;
  let slow: LocalServer;
  let receiver: LocalServer;

  const api = () => t.api();
  const get = (path: string) => api().get(path).set(bearer(key));
  const post = (path: string, body?: object) => api().post(path).set(bearer(key)).send(body);
  const executions = () => t.service.dataSource.getRepository(Execution);
  const detail = async (id: string) => (await get(`/v2/executions/${id}`).expect(200)).body;
  const untilStatus = (id: string, statuses: ExecutionStatus[]) =>
    waitFor(
      () => detail(id),
      (body) => statuses.includes(body.status),
    );

  beforeAll(async () => {
    // One run at a time, so that a second execution stays queued behind a slow one.
    t = await startTestService({ WORKER_CONCURRENCY: '1', SYNC_WAIT_MS: '10000' });
    ({ key, accountId } = await t.seedAccount());
    slow = await startLocalServer(() => undefined); // never answers
    receiver = await startLocalServer((_req, res) => res.writeHead(204).end());
  });
  afterAll(async () => {
    await slow?.close();
    await receiver?.close();
    await t?.close();
  });

  describe('GET /v2/agents/:id/executions', () => {
    let agentId: string;
    const all: { id: string; status: ExecutionStatus }[] = [];

    /** Follows next_cursor from `first` to the end; returns every page. */
    async function pages(first: string, next: (cursor: string) => string) {
      const result: { data: Item[]; meta: Record<string, unknown> }[] = [];
      let url: string | null = first;
      while (url) {
        const res: {
          body: { data: Item[]; meta: Record<string, unknown> & { next_cursor: string | null } };
        } = await get(url).expect(200);
        result.push(res.body);
        url = res.body.meta.next_cursor ? next(res.body.meta.next_cursor) : null;
        expect(result.length).toBeLessThan(50);
      }
      return result;
    }

    const newestFirst = (items: { created_at: string; id: string }[]) =>
      [...items].sort((a, b) =>
        a.created_at === b.created_at
          ? b.id.localeCompare(a.id)
          : b.created_at.localeCompare(a.created_at),
      );

    beforeAll(async () => {
      agentId = await createAgent(t, key);
      const created: string[] = [];
      for (let i = 0; i < 24; i++) {
        const input = i % 3 === 2 ? INVALID : { ...VALID, n: i };
        const res = await post(`/v2/agents/${agentId}/trigger`, {
          input,
          options: { async: true },
        }).expect(202);
        created.push(res.body.execution_id);
      }
      await waitFor(
        () => executions().countBy({ agentId, status: 'queued' }),
        (n) => n === 0,
      );
      await waitFor(
        () => executions().countBy({ agentId, status: 'running' }),
        (n) => n === 0,
      );
      // Three cancelled ones, written directly (cancel itself is tested below).
      for (const id of created.slice(0, 3)) {
        await executions().update({ id }, { status: 'cancelled' });
      }
      for (const row of await executions().findBy({ agentId })) {
        all.push({ id: row.id, status: row.status });
      }
      expect(all.filter((row) => row.status === 'completed')).toHaveLength(14);
      expect(all.filter((row) => row.status === 'failed')).toHaveLength(7);
      expect(all.filter((row) => row.status === 'cancelled')).toHaveLength(3);
    });

    it('lists newest first with the default limit 20, items without logs', async () => {
      const res = await get(`/v2/agents/${agentId}/executions`).expect(200);
      expect(res.body.meta).toEqual({
        limit: 20,
        has_more: true,
        next_cursor: expect.any(String),
      });
      expect(res.body.data).toHaveLength(20);
      expect(res.body.data).toEqual(newestFirst(res.body.data));
      for (const item of res.body.data) {
        expect(item).not.toHaveProperty('logs');
        expect(Object.keys(item).sort()).toEqual(
          [
            'id',
            'agent_id',
            'status',
            'source',
            'retry_of',
            'schedule_id',
            'scheduled_for',
            'parent_execution_id',
            'root_execution_id',
            'agent_version',
            'input',
            'output',
            'error',
            'waiting',
            'held',
            'created_at',
            'started_at',
            'completed_at',
            'duration_ms',
            'usage',
            'tags',
            'trace_id',
          ].sort(),
        );
        expect(item.created_at).toMatch(ISO_MS);
      }
    });

    it('pages through more than two pages with a status filter held by the cursor', async () => {
      const expected = all.filter((row) => row.status === 'completed').map((row) => row.id);
      const result = await pages(
        `/v2/agents/${agentId}/executions?status=completed&limit=4`,
        (cursor) => `/v2/agents/${agentId}/executions?cursor=${cursor}`,
      );
      expect(result).toHaveLength(4);
      for (const [index, page] of result.entries()) {
        const last = index === result.length - 1;
        expect(page.meta).toEqual({
          limit: 4,
          has_more: !last,
          next_cursor: last ? null : expect.any(String),
        });
        expect(page.data.every((item) => item.status === 'completed')).toBe(true);
      }
      const items = result.flatMap((page) => page.data);
      expect(items).toEqual(newestFirst(items));
      expect(items.map((item) => item.id).sort()).toEqual([...expected].sort());
      expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    });

    it('gives the same pages when the filters are repeated with the cursor', async () => {
      const base = `/v2/agents/${agentId}/executions?status=completed&limit=5`;
      const heldByCursor = await pages(base, (c) => `/v2/agents/${agentId}/executions?cursor=${c}`);
      const repeated = await pages(base, (c) => `${base}&cursor=${c}`);
      expect(repeated.map((page) => page.data)).toEqual(heldByCursor.map((page) => page.data));
      expect(repeated).toHaveLength(3);
    });

    it('filters by a comma list of statuses', async () => {
      const expected = all.filter((row) => row.status === 'failed' || row.status === 'cancelled');
      const result = await pages(
        `/v2/agents/${agentId}/executions?status=failed,cancelled&limit=3`,
        (cursor) => `/v2/agents/${agentId}/executions?cursor=${cursor}`,
      );
      expect(result.length).toBeGreaterThan(2);
      const items = result.flatMap((page) => page.data);
      expect(items).toEqual(newestFirst(items));
      expect(items.map((item) => item.id).sort()).toEqual(expected.map((row) => row.id).sort());
      expect(new Set(items.map((item) => item.status))).toEqual(new Set(['failed', 'cancelled']));
      const single = await get(`/v2/agents/${agentId}/executions?status=running`).expect(200);
      expect(single.body).toEqual({
        data: [],
        meta: { limit: 20, has_more: false, next_cursor: null },
      });
    });

    it('accepts limit 1 and 100', async () => {
      const one = await get(`/v2/agents/${agentId}/executions?limit=1`).expect(200);
      expect(one.body.data).toHaveLength(1);
      const hundred = await get(`/v2/agents/${agentId}/executions?limit=100`).expect(200);
      expect(hundred.body.data).toHaveLength(24);
      expect(hundred.body.meta).toEqual({ limit: 100, has_more: false, next_cursor: null });
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=', 'limit'],
      ['limit=5&limit=6', 'limit'],
      ['status=done', 'status'],
      ['status=completed,bogus', 'status'],
      ['status=', 'status'],
      ['cursor=not-a-cursor!', 'cursor'],
      [`cursor=${Buffer.from('{"v":1}').toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from('hello').toString('base64url')}`, 'cursor'],
      ['from=2026-13-01', 'from'],
      ['from=2026-02-30', 'from'],
      ['from=yesterday', 'from'],
      ['to=2026-01-01T25:00:00Z', 'to'],
      ['from=2026-01-02&to=2026-01-01', 'from'],
      ['page=2', 'page'],
    ])('answers 400 for %s naming %s', async (query, field) => {
      const res = await get(`/v2/agents/${agentId}/executions?${query}`).expect(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field });
    });

    it('is 404 for another account’s agent and for a deleted agent', async () => {
      const other = await t.seedAccount();
      await api().get(`/v2/agents/${agentId}/executions`).set(bearer(other.key)).expect(404);
      await get('/v2/agents/agt_missing/executions').expect(404);
    });

    it('needs the executions:read scope', async () => {
      const limited = await t.service
        .api!.get(ApiKeysService)
        .create(accountId, ['agents:read', 'agents:trigger']);
      await api().get(`/v2/agents/${agentId}/executions`).set(bearer(limited.key)).expect(403);
      await api().get(`/v2/executions/${all[0].id}`).set(bearer(limited.key)).expect(403);
    });
  });

  describe('date range (from / to)', () => {
    let agentId: string;
    const at: Record<string, string> = {
      a: '2026-01-10T23:59:59.999Z',
      b: '2026-01-11T00:00:00.000Z',
      c: '2026-01-11T12:00:00.000Z',
      d: '2026-01-11T23:59:59.999Z',
      e: '2026-01-12T00:00:00.000Z',
    };
    const ids: Record<string, string> = {};
    const names = (data: Item[]) =>
      data.map((item) => Object.keys(ids).find((name) => ids[name] === item.id));
    const list = async (query: string) =>
      (await get(`/v2/agents/${agentId}/executions?${query}`).expect(200)).body;

    beforeAll(async () => {
      agentId = await createAgent(t, key);
      for (const [name, createdAt] of Object.entries(at)) {
        const agent = { id: agentId, accountId, kind: 'lead-qualification' };
        ids[name] = (
          await insertExecution(t.service.dataSource, agent, {
            input: { name },
            createdAt: new Date(createdAt),
          })
        ).id;
      }
    });

    it.each([
      ['from=2026-01-11&to=2026-01-11', ['d', 'c', 'b']],
      ['from=2026-01-11', ['e', 'd', 'c', 'b']],
      ['to=2026-01-11', ['d', 'c', 'b', 'a']],
      ['from=2026-01-12', ['e']],
      ['to=2026-01-09', []],
      ['from=2026-01-11T12:00:00Z&to=2026-01-12T00:00:00.000Z', ['e', 'd', 'c']],
      ['from=2026-01-11T12:00:00.001Z', ['e', 'd']],
      ['to=2026-01-11T11:59:59.999Z', ['b', 'a']],
      ['from=2026-01-11T13:00:00%2B01:00&to=2026-01-11T13:00', ['c']],
      ['from=2026-01-11T13:00:00+01:00&to=2026-01-11T12:00:00.000Z', ['c']],
      ['from=2026-01-11T00:00:00.000Z&to=2026-01-11', ['d', 'c', 'b']],
    ])('%s', async (query, expected) => {
      expect(names((await list(query)).data)).toEqual(expected);
    });

    it('keeps the date range across pages', async () => {
      const first = await list('from=2026-01-11&to=2026-01-11&limit=2');
      expect(names(first.data)).toEqual(['d', 'c']);
      expect(first.meta.has_more).toBe(true);
      const second = await list(`cursor=${first.meta.next_cursor}`);
      expect(names(second.data)).toEqual(['b']);
      expect(second.meta).toEqual({ limit: 2, has_more: false, next_cursor: null });
    });
  });

  describe('cancel', () => {
    it('cancels a queued and a running execution; the running request is aborted', async () => {
      const agentId = await createAgent(t, key, {
        kind: 'http-request',
        config: { url: `${slow.url}/hang` },
      });
      const before = slow.requests.length;
      const running = await post(`/v2/agents/${agentId}/trigger`, {
        input: { n: 1 },
        options: { async: true },
      }).expect(202);
      await untilStatus(running.body.execution_id, ['running']);
      await waitFor(
        async () => slow.requests.length,
        (n) => n === before + 1,
      );
      // The only worker slot is busy: this one stays queued.
      const queued = await post(`/v2/agents/${agentId}/trigger`, {
        input: { n: 2 },
        options: { async: true, callback_url: `${receiver.url}/cb` },
      }).expect(202);
      expect((await detail(queued.body.execution_id)).status).toBe('queued');

      const cancelledQueued = await post(
        `/v2/executions/${queued.body.execution_id}/cancel`,
      ).expect(200);
      expect(cancelledQueued.body).toMatchObject({
        id: queued.body.execution_id,
        status: 'cancelled',
        started_at: null,
        completed_at: expect.stringMatching(ISO_MS),
        duration_ms: null,
        output: null,
        error: null,
      });
      expect(cancelledQueued.body.logs).toEqual([
        { timestamp: expect.stringMatching(ISO_MS), level: 'warn', message: expect.any(String) },
      ]);
      const delivery = await t.service.dataSource
        .getRepository(CallbackDelivery)
        .findOneBy({ executionId: queued.body.execution_id });
      expect(delivery).toMatchObject({ event: 'execution.cancelled', url: `${receiver.url}/cb` });
      // The callback dispatcher sends it.
      const sent = await waitFor(
        async () => receiver.requests.find((request) => request.path === '/cb'),
        (request) => request !== undefined,
      );
      expect(sent!.body).toMatchObject({
        type: 'execution.cancelled',
        data: { id: queued.body.execution_id, status: 'cancelled' },
      });

      const abortedBefore = slow.aborted;
      const cancelledRunning = await post(
        `/v2/executions/${running.body.execution_id}/cancel`,
      ).expect(200);
      expect(cancelledRunning.body).toMatchObject({
        status: 'cancelled',
        started_at: expect.stringMatching(ISO_MS),
        completed_at: expect.stringMatching(ISO_MS),
        duration_ms: expect.any(Number),
      });
      // The kind's signal was aborted: the outbound request's connection is closed.
      await waitFor(
        async () => slow.aborted,
        (n) => n === abortedBefore + 1,
        2000, // well before the kind's own 10 s timeout
      );
      // The run's own log entries are kept, before the cancel entry.
      const final = await waitFor(
        () => detail(running.body.execution_id),
        (body) => body.logs.length > 1,
      );
      expect(final.status).toBe('cancelled');
      expect(final.logs.at(-1)).toMatchObject({ level: 'warn' });
      expect(final.logs.some((entry: { message: string }) => entry.message.includes('/hang'))).toBe(
        true,
      );

      // A finished execution cannot be cancelled.
      const again = await post(`/v2/executions/${running.body.execution_id}/cancel`).expect(409);
      expect(again.body.error.code).toBe('conflict');
      // The worker slot is free again: a new run completes.
      const lead = await createAgent(t, key);
      const after = await post(`/v2/agents/${lead}/trigger`, { input: VALID }).expect(200);
      expect(after.body.status).toBe('completed');
      const completed = await post(`/v2/executions/${after.body.execution_id}/cancel`).expect(409);
      expect(completed.body.error.code).toBe('conflict');
    });

    it("shows a running execution's log while it runs; a cancel keeps each entry once", async () => {
      const agentId = await createAgent(t, key, {
        kind: 'http-request',
        config: { url: `${slow.url}/live` },
      });
      const running = await post(`/v2/agents/${agentId}/trigger`, {
        input: { n: 1 },
        options: { async: true },
      }).expect(202);
      const id = running.body.execution_id as string;
      type Entry = { level: string; message: string };
      // Written while the kind waits for the endpoint (LIVE_LOG_MS), not only at the end.
      const live = await waitFor(
        () => detail(id),
        (body) => body.logs.some((entry: Entry) => entry.message.includes('/live')),
        5000,
      );
      expect(live.status).toBe('running');
      expect(live.logs.map((entry: Entry) => entry.message)).toEqual([
        expect.stringMatching(/^Run started/),
        expect.stringMatching(/^Sending .*\/live/),
      ]);

      await post(`/v2/executions/${id}/cancel`).expect(200);
      // The worker slot is free again once the cancelled run has kept its log.
      const lead = await createAgent(t, key);
      expect(
        (await post(`/v2/agents/${lead}/trigger`, { input: VALID }).expect(200)).body,
      ).toMatchObject({ status: 'completed' });
      const final = await detail(id);
      const lines = final.logs.map((entry: Entry) => `${entry.level} ${entry.message}`);
      expect(new Set(lines).size).toBe(lines.length);
      expect(lines[0]).toMatch(/^info Run started/);
      expect(lines).toContain('warn Cancelled on request');
    });

    it('is 404 for an unknown or foreign execution and needs agents:trigger', async () => {
      const lead = await createAgent(t, key);
      const res = await post(`/v2/agents/${lead}/trigger`, { input: VALID }).expect(200);
      const other = await t.seedAccount();
      await api()
        .post(`/v2/executions/${res.body.execution_id}/cancel`)
        .set(bearer(other.key))
        .expect(404);
      await post('/v2/executions/exe_missing/cancel').expect(404);
      const reader = await t.seedAccount({ scopes: ['executions:read'] });
      await api().post('/v2/executions/exe_missing/cancel').set(bearer(reader.key)).expect(403);
    });
  });

  describe('retry', () => {
    it('starts a new execution with the same input and callback_url', async () => {
      const lead = await createAgent(t, key);
      const callbackUrl = 'http://127.0.0.1:9/never-called';
      const original = await post(`/v2/agents/${lead}/trigger`, {
        input: INVALID,
        options: { callback_url: callbackUrl },
      }).expect(200);
      expect(original.body.status).toBe('failed');
      const retry = await post(`/v2/executions/${original.body.execution_id}/retry`).expect(202);
      expect(retry.headers['location']).toBe(`${BASE_URL}/executions/${retry.body.id}`);
      expect(retry.body).toMatchObject({
        id: expect.stringMatching(/^exe_/),
        agent_id: lead,
        status: 'queued',
        source: 'retry',
        retry_of: original.body.execution_id,
        input: INVALID,
        output: null,
        error: null,
        started_at: null,
        completed_at: null,
        duration_ms: null,
      });
      expect(retry.body.id).not.toBe(original.body.execution_id);
      const row = await executions().findOneByOrFail({ id: retry.body.id });
      expect(row.callbackUrl).toBe(callbackUrl);
      const done = await untilStatus(retry.body.id, ['failed']);
      expect(done.error.code).toBe('invalid_input');
      // Retrying a retry works too.
      await post(`/v2/executions/${retry.body.id}/retry`).expect(202);
    });

    it('answers 409 for a queued or running execution', async () => {
      const agentId = await createAgent(t, key, {
        kind: 'http-request',
        config: { url: `${slow.url}/retry-hang` },
      });
      const running = await post(`/v2/agents/${agentId}/trigger`, {
        input: {},
        options: { async: true },
      }).expect(202);
      await untilStatus(running.body.execution_id, ['running']);
      const queued = await post(`/v2/agents/${agentId}/trigger`, {
        input: {},
        options: { async: true },
      }).expect(202);
      for (const id of [running.body.execution_id, queued.body.execution_id]) {
        const res = await post(`/v2/executions/${id}/retry`).expect(409);
        expect(res.body.error.code).toBe('conflict');
      }
      await post(`/v2/executions/${queued.body.execution_id}/cancel`).expect(200);
      await post(`/v2/executions/${running.body.execution_id}/cancel`).expect(200);
      // A cancelled execution is finished: it can be retried (then cancelled again here).
      const again = await post(`/v2/executions/${queued.body.execution_id}/retry`).expect(202);
      await post(`/v2/executions/${again.body.id}/cancel`).expect(200);
    });

    it('answers 409 agent_paused when the agent was paused since', async () => {
      const lead = await createAgent(t, key);
      const res = await post(`/v2/agents/${lead}/trigger`, { input: VALID }).expect(200);
      await setAgentStatus(t, key, lead, 'paused');
      const retry = await post(`/v2/executions/${res.body.execution_id}/retry`).expect(409);
      expect(retry.body.error.code).toBe('agent_paused');
    });
  });

  describe('run failures', () => {
    it('fails with timeout when the agent’s timeout_ms is exceeded, aborting the request', async () => {
      const agentId = await createAgent(t, key, {
        kind: 'http-request',
        config: { url: `${slow.url}/timeout` },
        timeoutMs: 1000,
      });
      const abortedBefore = slow.aborted;
      const res = await post(`/v2/agents/${agentId}/trigger`, { input: { x: 1 } }).expect(200);
      expect(res.body).toMatchObject({ status: 'failed', output: null });
      expect(res.body.duration_ms).toBeGreaterThanOrEqual(1000);
      const body = await detail(res.body.execution_id);
      expect(body.error).toEqual({ code: 'timeout', message: expect.stringContaining('1000 ms') });
      expect(body.logs.at(-1)).toMatchObject({ level: 'error' });
      await waitFor(
        async () => slow.aborted,
        (n) => n === abortedBefore + 1,
        2000, // well before the kind's own 10 s timeout
      );
    });

    it('fails with the http-request kind’s own codes', async () => {
      const server = await startLocalServer((req, res) => {
        if (req.url === '/500') return res.writeHead(500).end('boom');
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
      try {
        const ok = await createAgent(t, key, {
          kind: 'http-request',
          config: { url: `${server.url}/ok` },
        });
        const completed = await post(`/v2/agents/${ok}/trigger`, {
          input: { hello: 'world' },
        }).expect(200);
        expect(completed.body).toMatchObject({
          status: 'completed',
          output: { status_code: 200, body: { ok: true } },
        });
        expect(server.requests.at(-1)).toEqual({
          method: 'POST',
          path: '/ok',
          body: { hello: 'world' },
        });

        const broken = await createAgent(t, key, {
          kind: 'http-request',
          config: { url: `${server.url}/500` },
        });
        const failed = await post(`/v2/agents/${broken}/trigger`, { input: {} }).expect(200);
        expect((await detail(failed.body.execution_id)).error.code).toBe('http_error');

        const ownTimeout = await createAgent(t, key, {
          kind: 'http-request',
          config: { url: `${slow.url}/own-timeout`, timeout_ms: 200 },
        });
        const timedOut = await post(`/v2/agents/${ownTimeout}/trigger`, { input: {} }).expect(200);
        expect((await detail(timedOut.body.execution_id)).error.code).toBe('timeout');
      } finally {
        await server.close();
      }
      const closed = await createAgent(t, key, {
        kind: 'http-request',
        config: { url: `${server.url}/gone` },
      });
      const network = await post(`/v2/agents/${closed}/trigger`, { input: {} }).expect(200);
      expect((await detail(network.body.execution_id)).error.code).toBe('network_error');
    });

    it('fails with agent_error and an error log when a kind throws, and keeps working', async () => {
      const kind = t.service.worker!.get(LeadQualificationKind, { strict: false });
      const spy = vi.spyOn(kind, 'run').mockRejectedValueOnce(new Error('kaboom'));
      try {
        const lead = await createAgent(t, key);
        const res = await post(`/v2/agents/${lead}/trigger`, { input: VALID }).expect(200);
        expect(res.body.status).toBe('failed');
        const body = await detail(res.body.execution_id);
        expect(body.error).toEqual({
          code: 'agent_error',
          message: expect.stringContaining('kaboom'),
        });
        expect(
          body.logs.filter((entry: { level: string }) => entry.level === 'error'),
        ).toHaveLength(1);
        const next = await post(`/v2/agents/${lead}/trigger`, { input: VALID }).expect(200);
        expect(next.body.status).toBe('completed');
      } finally {
        spy.mockRestore();
      }
    });

    it('counts finished runs in the agent’s stats (executions_today, success_rate)', async () => {
      const lead = await createAgent(t, key);
      for (const input of [VALID, VALID, VALID, INVALID]) {
        await post(`/v2/agents/${lead}/trigger`, { input }).expect(200);
      }
      const agent = await get(`/v2/agents/${lead}`).expect(200);
      expect(agent.body).toMatchObject({ executions_today: 4, success_rate: 75 });
      // A cancelled execution counts as created today, not in the success rate.
      const other = await createAgent(t, key, {
        kind: 'http-request',
        config: { url: `${slow.url}/stats` },
      });
      const queued = await post(`/v2/agents/${other}/trigger`, {
        input: {},
        options: { async: true },
      }).expect(202);
      await post(`/v2/executions/${queued.body.execution_id}/cancel`).expect(200);
      const counted = await get(`/v2/agents/${other}`).expect(200);
      expect(counted.body).toMatchObject({ executions_today: 1, success_rate: 0 });
      // And in the process's metrics, by kind and final status.
      const metrics = (await api().get('/metrics').expect(200)).text;
      const leadKind = { kind: 'lead-qualification' };
      expect(
        sample(metrics, 'aas_executions_total', { ...leadKind, status: 'completed' }),
      ).toBeGreaterThanOrEqual(3);
      expect(
        sample(metrics, 'aas_executions_total', { ...leadKind, status: 'failed' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sample(metrics, 'aas_executions_total', { kind: 'http-request', status: 'cancelled' }),
      ).toBeGreaterThanOrEqual(1);
    });
  });

  describe('GET /v2/executions/:id', () => {
    it('is 404 for another account; a deleted agent’s execution stays readable', async () => {
      const lead = await createAgent(t, key);
      const res = await post(`/v2/agents/${lead}/trigger`, { input: VALID }).expect(200);
      const other = await t.seedAccount();
      const foreign = await api()
        .get(`/v2/executions/${res.body.execution_id}`)
        .set(bearer(other.key))
        .expect(404);
      expect(foreign.body.error.code).toBe('not_found');
      await get('/v2/executions/exe_missing').expect(404);

      await api().delete(`/v2/agents/${lead}`).set(bearer(key)).expect(204);
      const body = await detail(res.body.execution_id);
      expect(body).toMatchObject({ id: res.body.execution_id, status: 'completed' });
      await get(`/v2/agents/${lead}/executions`).expect(404);
    });
  });
});

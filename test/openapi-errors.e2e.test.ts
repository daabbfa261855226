import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../src/common/error-codes';
import { OWN_ORIGIN, randomIp, type Browser } from './support/dashboard';
import { errorFixtures } from './support/error-fixtures';
import { sendRaw } from './support/fuzz';
import { SAMPLE_BODIES } from './support/routes';
import { bearer, listenOnPorts, startTestService, type TestService } from './support/service';

// The document is untyped JSON, read by path.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/**
 * docs/api.md, What the OpenAPI document states, "every error response a route can give": each 4xx
 * status an operation of the document lists is provoked on that very operation, and answers that
 * status in the error envelope with one of the codes the document gives as its examples. A
 * documented status no request can produce fails here; a status the server answers but the document
 * does not list fails the bad-input and property suites (every answer they get is checked against
 * the operation's responses). 405 is the path's answer to a method it has no operation for
 * (http-semantics and bad-input suites), not a response of an operation.
 */
interface Probe {
  status: number;
  body: Json;
}
interface Op {
  method: string;
  path: string;
  op: Json;
  route: string;
}
type Provoke = (op: Op) => Promise<Probe | undefined> | undefined;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** Paths the webhook listener serves (the REST document lists them with its server). */
const WEBHOOK_LISTENER = /^\/(webhook\/|openapi\.json$)/;

describe('every documented error status of every operation is one the server gives', () => {
  let t: TestService;
  let doc: Json;
  let ports: Record<'api' | 'webhook', number>;
  let key: string;
  let owner: Browser;
  let trialKey: string;
  let ownerEmail: string;
  let ids: Record<string, string>;
  let scopedKeys: Record<string, string>;
  let pausedIds: Record<string, string>;

  beforeAll(async () => {
    t = await startTestService({
      ROLE: 'api,webhook',
      SYNC_WAIT_MS: '0',
      REQUEST_TIMEOUT_MS: '300',
      METRICS_TOKEN: 'metrics-token-0123456789abcdef',
      TRUST_PROXY: 'true',
    });
    doc = (await t.api().get('/v2/openapi.json').expect(200)).body;
    ports = await listenOnPorts(t);
    ({ key, ownerEmail, owner, trialKey, ids, pausedIds, scopedKeys } = await errorFixtures(t));
  });
  afterAll(async () => t?.close());

  /** The concrete URL: each `{param}` is the fixture of the segment before it. */
  const url = (path: string, over: Record<string, string> = {}) =>
    path.replace(/\/([\w-]+)\/\{\w+\}/g, (_, segment: string) => {
      const value = over[segment] ?? ids[segment];
      return `/${segment}/${value}`;
    });

  const isWebhook = (op: Op) => op.path.startsWith('/webhook/');
  const onWebhookListener = (op: Op) => WEBHOOK_LISTENER.test(op.path);
  const sessionOnly = (op: Op) =>
    JSON.stringify(op.op.security) === JSON.stringify([{ session: [] }]);
  const isPublic = (op: Op) => Array.isArray(op.op.security) && op.op.security.length === 0;

  /** A request as a signed-in owner (or nothing on the webhook), to be spoiled by a probe. */
  function call(op: Op, path = url(op.path), headers: Record<string, string> = {}) {
    const agent = onWebhookListener(op) ? t.webhook() : t.api();
    const methods = agent as unknown as Record<string, (u: string) => ReturnType<typeof agent.get>>;
    const auth = onWebhookListener(op) ? {} : owner.headers();
    return methods[op.method](path).set({ ...auth, ...headers });
  }
  /** A valid body for the operation (the bad-input suite's samples), so only the probe fails. */
  const sample = (op: Op) =>
    SAMPLE_BODIES[
      `${isWebhook(op) ? 'webhook' : 'api'} ${op.route
        .replace('{webhook_id}', ':webhookId')
        .replace(/\{(\w+)\}/g, ':$1')}`
    ] ?? {};
  /** The request with its sample body when the method has one. */
  const withBody = (op: Op, request: ReturnType<typeof call>) =>
    hasBody(op) ? request.send(sample(op)) : request;
  const answer = async (res: Promise<Response> | Response): Promise<Probe> => {
    const { status, body } = await res;
    return { status, body };
  };
  const hasBody = (op: Op) => ['post', 'put', 'patch'].includes(op.method);

  const GENERIC: Record<number, Provoke> = {
    // A body is read whatever the method: malformed JSON is 400 on every operation.
    400: (op) => answer(call(op, undefined, { 'Content-Type': 'application/json' }).send('{"a":')),
    401: (op) =>
      isPublic(op) || isWebhook(op)
        ? undefined
        : answer(call(op, undefined, { Cookie: '', Origin: '', 'X-CSRF-Token': '' })),
    403: (op) => {
      const scope = op.op['x-required-scope'];
      const keyFor = scope === 'executions:read' ? scopedKeys.other : scopedKeys.readOnly;
      const as = (headers: Record<string, string>) =>
        answer(withBody(op, call(op, undefined, headers)));
      if (scope) return as({ Cookie: '', ...bearer(keyFor) });
      if (sessionOnly(op)) return as({ Cookie: '', ...bearer(key) });
      // A state-changing request with the session cookie but without the CSRF token.
      if (op.method !== 'get') return as({ 'X-CSRF-Token': '' });
      return undefined;
    },
    404: (op) => {
      const [, segment] = /\/([\w-]+)\/\{\w+\}/.exec(op.path) ?? [];
      if (!segment) return undefined;
      const real = ids[segment];
      const missing = /^[a-z]{3}_/.test(real)
        ? `${real.slice(0, 4)}${'0'.repeat(real.length - 4)}`
        : `${real}9`;
      return answer(withBody(op, call(op, url(op.path, { [segment]: missing }))));
    },
    408: (op) => raw(op, 'Content-Type: application/json\r\nContent-Length: 10\r\n\r\n{"a"'),
    413: (op) =>
      answer(
        call(op, undefined, { 'Content-Type': 'application/json' }).send(
          JSON.stringify({ a: 'x'.repeat(1024 * 1024) }),
        ),
      ),
    415: (op) => answer(call(op, undefined, { 'Content-Type': 'text/plain' }).send('plain text')),
    431: (op) => raw(op, `X-Padding: ${'x'.repeat(17 * 1024)}\r\n\r\n`),
    // Twelve at once with a free trial account's key (a burst of 10 a second, 100 an hour):
    // one at least is 429. Keys are counted before the scope or session checks.
    429: async (op) => {
      if (isPublic(op) || isWebhook(op)) return undefined;
      const headers = { Cookie: '', ...bearer(trialKey) };
      return burst(() => answer(withBody(op, call(op, undefined, headers))));
    },
  };

  /** The request line and its headers as raw bytes, then `rest` (for what clients never send). */
  async function raw(op: Op, rest: string): Promise<Probe> {
    const headers = Object.entries(onWebhookListener(op) ? {} : owner.headers())
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const request = `${op.method.toUpperCase()} ${url(op.path)} HTTP/1.1\r\nHost: localhost\r\n${headers}`;
    const res = await sendRaw(ports[onWebhookListener(op) ? 'webhook' : 'api'], request + rest);
    return { status: res.status, body: JSON.parse(res.text || '{}') };
  }

  /** Twelve requests at once: the 429 among them, if any. */
  async function burst(send: () => Promise<Probe>): Promise<Probe> {
    const answers = await Promise.all(Array.from({ length: 12 }, send));
    return answers.find((res) => res.status === 429) ?? answers[0];
  }

  /** Sends until the answer is `status` (at most `limit` times): limits that need a count. */
  async function until(status: number, limit: number, send: () => Promise<Probe>) {
    let last: Probe = { status: 0, body: {} };
    for (let i = 0; i < limit && last.status !== status; i++) last = await send();
    return last;
  }

  const post = (op: Op, path: string, body: Json, headers: Record<string, string> = {}) =>
    answer(call(op, path, headers).send(body));
  const signInAs = (body: Json, headers: Record<string, string>) =>
    answer(t.api().post('/v2/session').set(headers).send(body));
  const badSignIn = { email: 'nobody@example.com', password: 'not the password' };
  const paused = (op: Op) => url(op.path, { agents: pausedIds.agents });

  /** The statuses no generic request gives: states (409) and credentials of their own. */
  const SPECIFIC: Record<string, Record<number, Provoke>> = {
    'POST /v2/agents/{id}/trigger': { 409: (op) => post(op, paused(op), { input: {} }) },
    'POST /v2/agents/{id}/test-webhook': { 409: (op) => post(op, paused(op), { input: {} }) },
    'POST /v2/executions/{id}/cancel': {
      409: (op) => post(op, url(op.path, { executions: ids.cancelled }), {}),
    },
    'POST /v2/executions/{id}/retry': { 409: (op) => post(op, url(op.path), {}) },
    // The fixture's schedules have the external ids `errors-fixture` and `errors-fixture-2`.
    'POST /v2/agents/{id}/schedules': {
      409: (op) => post(op, url(op.path), { cron: '@daily', external_id: 'errors-fixture' }),
    },
    'PATCH /v2/schedules/{id}': {
      409: (op) => answer(call(op, url(op.path)).send({ external_id: 'errors-fixture-2' })),
    },
    'POST /v2/wait-tokens/{id}/complete': { 409: (op) => post(op, url(op.path), {}) },
    'POST /v2/wait-tokens/{id}/callback/{secret}': { 409: (op) => post(op, url(op.path), {}) },
    'POST /v2/users': {
      409: (op) => post(op, url(op.path), { email: ownerEmail, role: 'member' }),
    },
    // The account's only owner cannot become a member, nor be removed.
    'PATCH /v2/users/{id}': {
      409: (op) => answer(call(op, url(op.path, { users: owner.userId })).send({ role: 'member' })),
    },
    'DELETE /v2/users/{id}': {
      409: (op) => answer(call(op, url(op.path, { users: owner.userId }))),
    },
    'GET /metrics': {
      401: () => answer(t.api().get('/metrics').set(bearer('wrong-token'))),
      429: () =>
        until(429, 80, () =>
          answer(
            t
              .api()
              .get('/metrics')
              .set({ ...bearer('wrong'), 'X-Forwarded-For': '10.9.9.9' }),
          ),
        ),
    },
    'POST /v2/session': {
      401: () => signInAs(badSignIn, { Origin: OWN_ORIGIN, 'X-Forwarded-For': randomIp() }),
      403: () => signInAs(badSignIn, { Origin: 'https://evil.example' }),
      429: () =>
        until(429, 40, () =>
          signInAs(badSignIn, { Origin: OWN_ORIGIN, 'X-Forwarded-For': randomIp() }),
        ),
    },
    'POST /v2/password-setup': {
      403: () =>
        answer(
          t
            .api()
            .post('/v2/password-setup')
            .set({ Origin: 'https://evil.example' })
            .send({ token: 'x', password: 'a long enough password' }),
        ),
    },
    'POST /webhook/{webhook_id}': {
      401: (op) => post(op, url(op.path, { webhook: ids.keyed }), { a: 1 }),
      409: (op) => post(op, url(op.path, { webhook: pausedIds.webhook }), { a: 1 }),
      429: (op) => burst(() => post(op, url(op.path, { webhook: ids.trialWebhook }), { a: 1 })),
    },
  };

  function operations(): Op[] {
    const list: Op[] = [];
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const method of METHODS) {
        if (item[method]) {
          list.push({ method, path, op: item[method], route: `${method.toUpperCase()} ${path}` });
        }
      }
    }
    return list;
  }

  it('provokes each documented 4xx of each operation, in the envelope with a documented code', async () => {
    const failures: string[] = [];
    let provoked = 0;
    for (const op of operations()) {
      for (const status of Object.keys(op.op.responses).map(Number)) {
        if (status < 400 || status >= 500) continue;
        const provoke = SPECIFIC[op.route]?.[status] ?? GENERIC[status];
        const probe = await provoke?.(op);
        if (!probe) {
          failures.push(`${op.route} ${status}: documented, but no request here provokes it`);
          continue;
        }
        const codes = Object.keys(
          op.op.responses[String(status)].content['application/json'].examples,
        );
        const code = probe.body?.error?.code as ErrorCode | undefined;
        if (probe.status !== status || !code || !codes.includes(code)) {
          failures.push(
            `${op.route} ${status}: got ${probe.status} ${JSON.stringify(probe.body).slice(0, 200)}`,
          );
          continue;
        }
        expect(ERROR_CODES[code].status).toBe(status);
        provoked++;
      }
    }
    expect(failures).toEqual([]);
    expect(provoked).toBeGreaterThan(200);
  }, 120_000);
});

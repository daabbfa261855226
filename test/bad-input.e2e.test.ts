import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { BulkAction } from '../src/bulk/bulk-action.entity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookEndpoint } from '../src/webhooks/outbound/webhook-endpoint.entity';
import { seedAgent, type SeededAgent } from './support/agents';
import {
  CONTENT_ENCODINGS,
  CONTENT_TYPES,
  expectWellFormed,
  fuzzClient,
  FuzzCase,
  hostileId,
  jsonBodyText,
  queryString,
  sendCase,
  sendRaw,
  type Answer,
} from './support/fuzz';
import {
  fillPath,
  listRoutes,
  paramResource,
  routeName,
  SAMPLE_BODIES,
  type RouteInfo,
} from './support/routes';
import { Receiver } from './support/receiver';
import { bearer, listenOnPorts, startTestService, type TestService } from './support/service';
import { documentedStatuses } from './support/openapi-statuses';
import { stateFingerprint, tableCounts } from './support/state';
import { eventually, waitFor } from './support/wait';
import { endpointWithPing } from './support/endpoints';

/** Scales the number of generated cases (FUZZ_SCALE=10 for a long local run). */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));

/** Values of every JSON type, to put in every field in turn. */
const WRONG_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  2.5,
  1e308,
  '',
  'x',
  'x'.repeat(5000),
  [],
  ['x'],
  {},
  { unexpected: 1 },
];

interface Fixtures {
  agentId: string;
  executionId: string;
  webhooks: SeededAgent[];
  endpointId: string;
  endpointDeliveryId: string;
  scheduleId: string;
}

describe('bad input, generated (fast-check), on every route of both listeners', () => {
  let t: TestService;
  let key: string;
  let accountId: string;
  let routes: RouteInfo[];
  let bases: Record<'api' | 'webhook', string>;
  let ports: Record<'api' | 'webhook', number>;
  let fixtures: Fixtures;
  let fingerprint = '';
  const client = fuzzClient();
  const counts = new Map<string, number>();
  const docsUrl = 'http://localhost:3000/docs';
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  /** The operation a request reaches, with the statuses the OpenAPI document lists for it. */
  let operationOf: ReturnType<typeof documentedStatuses>;
  /** Answers whose status the operation does not document. */
  const undocumented = new Set<string>();

  beforeAll(async () => {
    // No worker: nothing changes the database except the requests themselves.
    t = await startTestService({
      ROLE: 'api,webhook',
      SYNC_WAIT_MS: '0',
      THROTTLE_AUTH_WINDOW_MS: '1',
    });
    ({ key, accountId } = await t.seedAccount({ plan: 'enterprise' }));
    ports = await listenOnPorts(t);
    bases = {
      api: `http://127.0.0.1:${ports.api}`,
      webhook: `http://127.0.0.1:${ports.webhook}`,
    };
    routes = listRoutes(t.service);
    operationOf = documentedStatuses((await t.api().get('/v2/openapi.json').expect(200)).body);
  });

  afterAll(async () => {
    const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
    const detail = [...counts.entries()].map(([name, n]) => `${name} ${n}`).join(', ');
    console.log(`[bad-input] ${total} generated requests on ${routes?.length} routes: ${detail}`);
    await client.close();
    await t?.close();
  });

  /** Fresh agents (one per webhook auth mode) and an execution for the path parameters. */
  async function makeFixtures(): Promise<void> {
    const webhooks = [
      await seedAgent(t, key, { webhookAuth: 'none' }),
      await seedAgent(t, key, { webhookAuth: 'api_key' }),
      await seedAgent(t, key, { webhookAuth: 'signature' }),
    ];
    const triggered = await t
      .api()
      .post(`/v2/agents/${webhooks[0].id}/trigger`)
      .set(bearer(key))
      .send({ input: { email: 'lead@acme.io' }, options: { async: true } })
      .expect(202);
    // An account has at most 20 endpoints: the fuzzing makes some; start afresh.
    await t.service.dataSource.getRepository(WebhookEndpoint).delete({ accountId });
    const endpoint = await endpointWithPing(t, key, 'https://hooks.example.com/fuzz');
    const schedule = await t
      .api()
      .post(`/v2/agents/${webhooks[0].id}/schedules`)
      .set(bearer(key))
      .send({ cron: '@daily', enabled: false })
      .expect(201);
    fixtures = {
      scheduleId: schedule.body.id,
      agentId: webhooks[0].id,
      executionId: triggered.body.execution_id,
      webhooks,
      endpointId: endpoint.id,
      endpointDeliveryId: endpoint.pingId,
    };
    fingerprint = await stateFingerprint(t.service.dataSource);
  }

  /** The real resource a path parameter names; which webhook (auth mode) by `pick`. */
  function paramValue(route: RouteInfo, param: string, pick: number): string {
    const resource = paramResource(route, param);
    switch (resource) {
      case 'agents/:id':
        return fixtures.agentId;
      case 'executions/:id':
        return fixtures.executionId;
      case 'webhook/:webhookId':
        return fixtures.webhooks[pick % fixtures.webhooks.length].webhookId;
      case 'errors/:code':
        return 'not_found';
      // Owner-session routes (the suite's bearer key gets 403 before any lookup).
      case 'users/:id':
        return 'usr_01jd8z0a2b4c6d8e0f2g4h6j8k';
      case 'api-keys/:id':
        return 'key_01jd8z0a2b4c6d8e0f2g4h6j8k';
      case 'secrets/:name':
        return 'FUZZ_SECRET';
      case 'versions/:version':
        return '1';
      case 'webhook-endpoints/:id':
        return fixtures.endpointId;
      case 'deliveries/:delivery_id':
        return fixtures.endpointDeliveryId;
      case 'schedules/:id':
        return fixtures.scheduleId;
      // No such token: nothing a request sends can complete one.
      case 'wait-tokens/:id':
        return 'wtk_01jd8z0a2b4c6d8e0f2g4h6j8k';
      // A read-only route: an unknown id is as good as a real one (404).
      case 'bulk-actions/:id':
        return 'blk_01jd8z0a2b4c6d8e0f2g4h6j8k';
      case 'callback/:secret':
        return 'fuzz-secret';
      default:
        throw new Error(`bad-input suite: no fixture for "${resource}" (${routeName(route)})`);
    }
  }

  /** A request to `route` with real ids and valid credentials, to be spoiled by the caller. */
  function baseCase(route: RouteInfo, pick = 0): FuzzCase {
    const values = Object.fromEntries(route.params.map((p) => [p, paramValue(route, p, pick)]));
    const fuzz: FuzzCase = {
      listener: route.listener,
      method: route.method,
      path: fillPath(route, values),
      headers: {},
    };
    if (route.listener === 'api') fuzz.headers.authorization = `Bearer ${key}`;
    if (route.params.includes('webhookId')) {
      const webhook = fixtures.webhooks[pick % fixtures.webhooks.length];
      if (webhook.apiKey) fuzz.headers['x-api-key'] = webhook.apiKey;
      if (webhook.signingSecret) fuzz.signWith = webhook.signingSecret;
    }
    return fuzz;
  }

  function withJson(fuzz: FuzzCase, text: string): FuzzCase {
    return {
      ...fuzz,
      headers: { ...fuzz.headers, 'content-type': 'application/json' },
      body: Buffer.from(text, 'utf8'),
    };
  }

  /**
   * Sends one case and checks the contract: never 5xx, errors in the envelope, nothing
   * stored by a refused request, Object.prototype untouched.
   */
  async function exchange(property: string, fuzz: FuzzCase): Promise<Answer> {
    counts.set(property, (counts.get(property) ?? 0) + 1);
    let answer: Answer;
    try {
      answer = await sendCase(bases[fuzz.listener], fuzz, client);
    } catch (error) {
      throw new Error(`${fuzz.method} ${fuzz.path.slice(0, 200)}: no answer`, { cause: error });
    }
    const sent = `${fuzz.path} ${decodeSafe(fuzz.path)} ${fuzz.body?.toString('utf8') ?? ''}`;
    expectWellFormed(fuzz.listener, answer, docsUrl, sent);
    const operation = operationOf(fuzz.method, fuzz.path);
    if (operation && !operation.statuses.has(answer.status)) {
      undocumented.add(`${operation.route} answered ${answer.status} (${property})`);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    // An accepted bulk retry goes on in the background: judge the next request once it is done.
    if (answer.status === 202 && fuzz.path.startsWith('/v2/executions/bulk-retry')) {
      await waitFor(
        () => t.service.dataSource.getRepository(BulkAction).countBy({ status: 'running' }),
        (running) => running === 0,
        20_000,
        20,
      );
      fingerprint = await stateFingerprint(t.service.dataSource);
      return answer;
    }
    const after = await stateFingerprint(t.service.dataSource);
    if (answer.status >= 400 && after !== fingerprint) {
      expect.fail(
        `${fuzz.method} ${fuzz.path.slice(0, 200)} answered ${answer.status} but changed the ` +
          `stored state: ${JSON.stringify(await tableCounts(t.service.dataSource))}`,
      );
    }
    fingerprint = after;
    return answer;
  }

  /** Runs a property over generated cases and checks the service still answers afterwards. */
  async function property<T>(
    name: string,
    arbitrary: fc.Arbitrary<T>,
    toCase: (value: T) => FuzzCase,
    numRuns: number,
  ): Promise<void> {
    await makeFixtures();
    await fc.assert(
      fc.asyncProperty(arbitrary, async (value) => {
        await exchange(name, toCase(value));
      }),
      { numRuns: runs(numRuns) },
    );
    await expectHealthy();
  }

  async function expectHealthy(): Promise<void> {
    for (const listener of ['api', 'webhook'] as const) {
      const answer = await sendCase(
        bases[listener],
        { listener, method: 'GET', path: '/health', headers: {} },
        client,
      );
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ status: 'ok' });
    }
  }

  it('finds the routes of both listeners', () => {
    const names = routes.map(routeName);
    expect(names).toEqual(
      expect.arrayContaining([
        'api GET /v2/agents',
        'api POST /v2/agents/:id/trigger',
        'api GET /v2/executions/:id',
        'api GET /v2/usage',
        'webhook POST /webhook/:webhookId',
        'webhook GET /health',
      ]),
    );
    for (const route of routes) {
      if (['POST', 'PATCH', 'PUT'].includes(route.method) && !route.path.startsWith('/docs')) {
        expect(SAMPLE_BODIES, `add a sample body for ${routeName(route)}`).toHaveProperty([
          routeName(route),
        ]);
      }
    }
  });

  it('random JSON bodies (deep, huge numbers, unicode, prototype keys) on every route', async () => {
    const arbitrary = fc.record({
      route: fc.constantFrom(...routes),
      text: jsonBodyText,
      pick: fc.nat(),
      auth: fc.constantFrom('valid', 'valid', 'valid', 'none', 'bogus'),
    });
    await property(
      'random-json',
      arbitrary,
      ({ route, text, pick, auth }) => {
        const fuzz = withJson(baseCase(route, pick), text);
        if (auth !== 'valid') delete fuzz.headers.authorization;
        if (auth === 'bogus') fuzz.headers.authorization = `Bearer aas_${'A'.repeat(43)}`;
        return fuzz;
      },
      400,
    );
  });

  it('wrong types in every field of every body, and each field missing', async () => {
    await makeFixtures();
    for (const route of routes) {
      const sample = SAMPLE_BODIES[routeName(route)];
      if (!sample) continue;
      for (const path of fieldPaths(sample)) {
        for (const value of [...WRONG_VALUES, MISSING]) {
          if (route.method === 'DELETE') continue;
          const body = replaceAt(sample, path, value);
          // A field set to something valid, or deleting one, may be accepted: that is fine.
          await exchange('wrong-types', withJson(baseCase(route), JSON.stringify(body)));
        }
        // Accepted requests (a trigger, a rename) leave fresh fixtures for the next field.
      }
      await exchange(
        'wrong-types',
        withJson(baseCase(route), JSON.stringify({ ...sample, unexpected_field: true })),
      );
      await makeFixtures();
    }
    await expectHealthy();
  });

  it('bad query strings on every route', async () => {
    await property(
      'query',
      fc.record({ route: fc.constantFrom(...routes), query: queryString, pick: fc.nat() }),
      ({ route, query, pick }) => {
        const fuzz = baseCase(route, pick);
        return { ...fuzz, path: `${fuzz.path}${query}` };
      },
      250,
    );
  });

  it('path traversal, SQL metacharacters and junk in every id', async () => {
    const withIds = routes.filter((route) => route.params.length > 0);
    await property(
      'ids',
      fc.record({ route: fc.constantFrom(...withIds), id: hostileId, which: fc.nat() }),
      ({ route, id, which }) => {
        const fuzz = baseCase(route);
        const param = route.params[which % route.params.length];
        const real = encodeURIComponent(paramValue(route, param, 0));
        const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
          name === param ? id : real,
        );
        const body = ['POST', 'PATCH'].includes(route.method)
          ? JSON.stringify(SAMPLE_BODIES[routeName(route)] ?? {})
          : undefined;
        return body ? withJson({ ...fuzz, path }, body) : { ...fuzz, path };
      },
      250,
    );
  });

  it('wrong content types and encodings, odd and oversized headers, other methods', async () => {
    const arbitrary = fc.record({
      route: fc.constantFrom(...routes),
      pick: fc.nat(),
      contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
      encoding: fc.option(fc.constantFrom(...CONTENT_ENCODINGS), { nil: undefined }),
      authorization: fc.option(
        fc.constantFrom(
          'Bearer',
          'Bearer ',
          'bearer aas_short',
          `Bearer aas_${'x'.repeat(300)}`,
          'Basic dXNlcjpwYXNz',
          'Token abc',
          'Bearer aas_\u00e9\u00e8',
        ),
        { nil: undefined },
      ),
      extra: fc.dictionary(
        fc.constantFrom(
          'x-request-id',
          'idempotency-key',
          'webhook-id',
          'webhook-timestamp',
          'webhook-signature',
          'x-github-delivery',
          'x-signature',
          'x-api-key',
          'accept',
          'accept-encoding',
          'x-forwarded-for',
          'origin',
        ),
        fc.oneof(
          fc.constantFrom('', ' ', 'x'.repeat(300), 'v1,abc', 'sha256=zz', '-1', '1e20', '\u00ff'),
          fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
        ),
        { maxKeys: 3 },
      ),
      bigHeader: fc.option(fc.integer({ min: 1_000, max: 40_000 }), { nil: undefined }),
      method: fc.constantFrom('route', 'route', 'route', 'PUT', 'OPTIONS', 'DELETE', 'TRACE'),
    });
    await property(
      'headers',
      arbitrary,
      (value) => {
        const fuzz = baseCase(value.route, value.pick);
        const sample = SAMPLE_BODIES[routeName(value.route)] ?? { any: 1 };
        let body = Buffer.from(JSON.stringify(sample));
        const headers: Record<string, string> = { ...fuzz.headers, ...value.extra };
        if (value.contentType !== undefined) headers['content-type'] = value.contentType;
        if (value.encoding !== undefined) {
          headers['content-encoding'] = value.encoding;
          if (value.encoding === 'gzip' && value.pick % 2 === 0) body = gzipSync(body);
        }
        if (value.authorization !== undefined) headers.authorization = value.authorization;
        if (value.bigHeader !== undefined) headers['x-filler'] = 'f'.repeat(value.bigHeader);
        const method = value.method === 'route' ? value.route.method : value.method;
        return { ...fuzz, method, headers, body: method === 'TRACE' ? undefined : body };
      },
      250,
    );
  });

  it('a method a path does not answer is 405 with Allow; OPTIONS is 204 with Allow', async () => {
    await makeFixtures();
    // The methods each filled path answers: the union over every route template it matches
    // (`/v2/agents/kinds` is also `/v2/agents/:id`).
    const matches = (template: string, path: string) =>
      new RegExp(`^${template.replace(/:\w+/g, '[^/]+')}$`, 'i').test(path);
    const seen = new Set<string>();
    for (const route of routes) {
      const fuzz = baseCase(route);
      if (seen.has(`${route.listener} ${fuzz.path}`)) continue;
      seen.add(`${route.listener} ${fuzz.path}`);
      const own = routes.filter(
        (other) => other.listener === route.listener && matches(other.path, fuzz.path),
      );
      const methods = new Set(own.map((other) => other.method as string));
      if (methods.has('GET')) methods.add('HEAD');
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'OPTIONS']) {
        if (methods.has(method)) continue;
        const answer = await exchange('other-methods', { ...fuzz, method, body: undefined });
        const context = `${route.listener} ${method} ${route.path}`;
        expect(answer.status, context).toBe(method === 'OPTIONS' ? 204 : 405);
        const allow = String(answer.headers.allow).split(', ');
        expect(allow, context).not.toContain(method === 'OPTIONS' ? 'TRACE' : method);
        expect(allow, context).toEqual(expect.arrayContaining([...methods, 'OPTIONS']));
        if (method !== 'OPTIONS') {
          expect(JSON.parse(answer.text).error.code, context).toBe('method_not_allowed');
        }
      }
    }
    expect(counts.get('other-methods')).toBeGreaterThan(routes.length);
    await expectHealthy();
  });

  it('oversized bodies and compressed bombs are refused before they are read whole', async () => {
    await makeFixtures();
    const bodyRoutes = routes.filter((route) => SAMPLE_BODIES[routeName(route)]);
    const big = (bytes: number) => JSON.stringify({ input: { pad: 'x'.repeat(bytes) } });
    for (const route of bodyRoutes) {
      for (const size of [1024 * 1024 - 40, 1024 * 1024 + 1, 4 * 1024 * 1024]) {
        const answer = await exchange('oversized', withJson(baseCase(route), big(size)));
        if (size > 1024 * 1024) expect(answer.status).toBe(413);
      }
      // 10 MiB of zeros, gzipped to about 10 KiB: inflated, it is over the limit.
      const bomb = withJson(baseCase(route), '');
      bomb.body = gzipSync(Buffer.from(`{"a":"${'0'.repeat(10 * 1024 * 1024)}"}`));
      bomb.headers['content-encoding'] = 'gzip';
      expect((await exchange('oversized', bomb)).status).toBe(413);
    }
    await expectHealthy();
  });

  it('requests the HTTP parser refuses are answered in the envelope too', async () => {
    await makeFixtures();
    const raws = (listener: 'api' | 'webhook'): [string, string, number][] => [
      [
        'headers over 16 KiB',
        `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
      ],
      [
        'a request line over 16 KiB',
        `GET /${listener === 'api' ? 'v2/agents' : 'webhook'}/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
        431,
      ],
      ['garbage', 'NOT HTTP AT ALL\r\n\r\n', 400],
      // HTTP/1.1 requires Host (RFC 9112 §3.2); Node's own refusal had no body at all.
      [
        'HTTP/1.1 without Host',
        `GET /${listener === 'api' ? 'v2/agents' : 'webhook/some-hook'} HTTP/1.1\r\nConnection: close\r\n\r\n`,
        400,
      ],
      ['a header without a colon', 'GET /health HTTP/1.1\r\nHost: x\r\nBroken\r\n\r\n', 400],
      [
        'Content-Length and Transfer-Encoding together (smuggling)',
        'POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        400,
      ],
      [
        'two Content-Length values',
        'POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}',
        400,
      ],
      [
        'a bad chunk size',
        // To a path that takes a body (POST /health is a 405 before the body is read).
        `POST /${listener === 'api' ? 'v2/agents' : 'webhook/some-hook'} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
        400,
      ],
    ];
    for (const listener of ['api', 'webhook'] as const) {
      for (const [what, raw, status] of raws(listener)) {
        counts.set('raw-http', (counts.get('raw-http') ?? 0) + 1);
        const answer = await sendRaw(ports[listener], raw);
        expect(answer.status, `${listener}: ${what}`).toBe(status);
        expectWellFormed(listener, answer, docsUrl);
      }
    }
    expect(await stateFingerprint(t.service.dataSource)).toBe(fingerprint);
    await expectHealthy();
  });

  it('prototype keys pollute nothing, on every route', async () => {
    await makeFixtures();
    for (const route of routes) {
      const sample = SAMPLE_BODIES[routeName(route)] ?? {};
      const texts = [
        '{"__proto__":{"polluted":1}}',
        '{"constructor":{"prototype":{"polluted":1}}}',
        `{"__proto__":{"polluted":1},${JSON.stringify(sample).slice(1)}`.replace(/,}$/, '}'),
        `{"input":{"__proto__":{"polluted":1}},"options":{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}}`,
      ];
      for (const text of texts) {
        await exchange('prototype-keys', withJson(baseCase(route), text));
      }
    }
    await expectHealthy();
    // Four requests a route, each checked against the document: over a minute on a busy machine.
  }, 180_000);

  it('keeps prototype keys of webhook and trigger input as data, stored and returned as sent', async () => {
    await makeFixtures();
    const text =
      '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"prototype":3,"email":"lead@acme.io"}';
    const none = fixtures.webhooks[0];
    const webhook = await exchange(
      'prototype-keys',
      withJson({ listener: 'webhook', method: 'POST', path: none.path, headers: {} }, text),
    );
    expect(webhook.status).toBe(202);
    const fromWebhook = JSON.parse(webhook.text).executionId as string;
    /** An async trigger of the agent with `input` (JSON text), always the same idempotency key. */
    const trigger = (input: string) =>
      exchange(
        'prototype-keys',
        withJson(
          {
            listener: 'api',
            method: 'POST',
            path: `/v2/agents/${none.id}/trigger`,
            headers: {
              authorization: `Bearer ${key}`,
              'idempotency-key': 'proto-1',
            },
          },
          `{"input":${input},"options":{"async":true}}`,
        ),
      );
    const triggered = await trigger(text);
    expect(triggered.status).toBe(202);
    for (const id of [fromWebhook, JSON.parse(triggered.text).execution_id as string]) {
      const res = await t.api().get(`/v2/executions/${id}`).set(bearer(key)).expect(200);
      // From the text (supertest's parsed body drops such keys). JSON.parse keeps "__proto__"
      // as an own key, so the keys and values compare as sent.
      const input = (JSON.parse(res.text) as { input: Record<string, unknown> }).input;
      expect(JSON.stringify(input)).toBe(text);
      expect(Object.keys(input)).toEqual(['__proto__', 'constructor', 'prototype', 'email']);
    }
    // The idempotency hash sees the "__proto__" key: the same key with it removed is another body.
    const other = await trigger(
      '{"constructor":{"prototype":{"polluted":2}},"prototype":3,"email":"lead@acme.io"}',
    );
    expect(other.status).toBe(409);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  });

  it('answered only statuses the OpenAPI document lists for the operation asked', () => {
    expect([...undocumented].sort()).toEqual([]);
  });
});

const MISSING = Symbol('missing');

/** Paths of every field in `value` (objects recursed into; arrays are leaves). */
function fieldPaths(value: Record<string, unknown>, prefix: string[] = []): string[][] {
  const paths: string[][] = [];
  for (const [key, child] of Object.entries(value)) {
    paths.push([...prefix, key]);
    if (child && typeof child === 'object' && !Array.isArray(child)) {
      paths.push(...fieldPaths(child as Record<string, unknown>, [...prefix, key]));
    }
  }
  return paths;
}

/** A deep copy of `value` with the field at `path` set to `replacement` (or removed). */
function replaceAt(
  value: Record<string, unknown>,
  path: string[],
  replacement: unknown,
): Record<string, unknown> {
  const copy = structuredClone(value);
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = path[path.length - 1];
  if (replacement === MISSING) delete target[last];
  else target[last] = replacement;
  return copy;
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

describe('prototype keys through a whole run', () => {
  let t: TestService;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestService({ CALLBACK_RETRY_BASE_MS: '50', WORKER_POLL_MS: '50' });
    receiver = await Receiver.start(() => 200);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('the run, the stored record and the callback payload keep them as data', async () => {
    const { key } = await t.seedAccount();
    const agent = await seedAgent(t, key);
    const input =
      '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"email":"lead@acme.io"}';
    const res = await t
      .api()
      .post(`/v2/agents/${agent.id}/trigger`)
      .set(bearer(key))
      .set('content-type', 'application/json')
      .send(`{"input":${input},"options":{"callback_url":"${receiver.url()}"}}`)
      .expect(200);
    expect(res.body.status).toBe('completed');
    const delivered = await eventually(() => receiver.requests[0], 10_000, 'the callback');
    expect(delivered.body).toContain(`"input":${input}`);
    const record = await t.api().get(`/v2/executions/${res.body.execution_id}`).set(bearer(key));
    expect(record.text).toContain(`"input":${input}`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

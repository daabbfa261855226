import { WaitToken } from '../src/executions/wait-token.entity';
import { newId } from '../src/common/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeysService } from '../src/auth/api-keys.service';
import { SCOPES, type Scope } from '../src/auth/api-key.entity';
import { Agent } from '../src/agents/agent.entity';
import { WebhookEndpoint } from '../src/webhooks/outbound/webhook-endpoint.entity';
import { seedAgent } from './support/agents';
import { expectWellFormed, fuzzClient, sendCase, type Answer } from './support/fuzz';
import { fillPath, listRoutes, paramResource, routeName, SAMPLE_BODIES } from './support/routes';
import type { RouteInfo } from './support/routes';
import { insertDelivery, insertExecution } from './support/rows';
import { bearer, listenOnPorts, startTestService, type TestService } from './support/service';
import { stateFingerprint } from './support/state';
import { endpointWithPing } from './support/endpoints';
import { waitFor } from './support/wait';

/**
 * The scope each REST route needs (docs/api.md, Authentication and scopes). `null`: any valid key.
 * Every route the service answers must be listed here or in PUBLIC, so a new route fails this suite
 * until its scope is decided.
 */
const REQUIRED_SCOPE: Record<string, Scope | null> = {
  'api GET /v2/account': null,
  'api GET /v2/agents': 'agents:read',
  'api POST /v2/agents': 'agents:write',
  'api GET /v2/agents/:id': 'agents:read',
  'api PATCH /v2/agents/:id': 'agents:write',
  'api DELETE /v2/agents/:id': 'agents:write',
  'api POST /v2/agents/:id/webhook-credentials': 'agents:write',
  'api POST /v2/agents/:id/webhook-url/rotate': 'agents:write',
  'api POST /v2/agents/:id/test': 'agents:write',
  'api POST /v2/agents/:id/test-webhook': 'agents:trigger',
  'api POST /v2/agents/:id/trigger': 'agents:trigger',
  'api GET /v2/agents/:id/executions': 'executions:read',
  'api GET /v2/executions/:id': 'executions:read',
  'api POST /v2/executions/:id/cancel': 'agents:trigger',
  'api POST /v2/executions/:id/retry': 'agents:trigger',
  'api POST /v2/executions/bulk-retry': 'agents:trigger',
  'api GET /v2/bulk-actions/:id': 'executions:read',
  'api GET /v2/executions/:id/deliveries': 'executions:read',
  'api GET /v2/agent-kinds': 'agents:read',
  'api GET /v2/stats': 'agents:read',
  'api GET /v2/agents/:id/stats': 'agents:read',
  'api GET /v2/agents/:id/flow/keys': 'agents:read',
  'api GET /v2/executions': 'executions:read',
  'api GET /v2/agents/:id/versions/:version': 'agents:read',
  'api GET /v2/secrets': 'secrets:read',
  'api PUT /v2/secrets/:name': 'secrets:write',
  'api DELETE /v2/secrets/:name': 'secrets:write',
  'api GET /v2/usage': 'executions:read',
  'api GET /v2/webhook-endpoints': 'endpoints:read',
  'api POST /v2/webhook-endpoints': 'endpoints:write',
  'api GET /v2/webhook-endpoints/:id': 'endpoints:read',
  'api PATCH /v2/webhook-endpoints/:id': 'endpoints:write',
  'api DELETE /v2/webhook-endpoints/:id': 'endpoints:write',
  'api POST /v2/webhook-endpoints/:id/secret/rotate': 'endpoints:write',
  'api POST /v2/webhook-endpoints/:id/test': 'endpoints:write',
  'api GET /v2/webhook-endpoints/:id/deliveries': 'endpoints:read',
  'api GET /v2/wait-tokens': 'executions:read',
  'api GET /v2/wait-tokens/:id': 'executions:read',
  'api POST /v2/wait-tokens/:id/complete': 'agents:trigger',
  'api POST /v2/webhook-endpoints/:id/deliveries/:delivery_id/redeliver': 'endpoints:write',
  'api POST /v2/agents/:id/schedules': 'agents:write',
  'api GET /v2/agents/:id/schedules': 'agents:read',
  'api GET /v2/schedules/:id': 'agents:read',
  'api PATCH /v2/schedules/:id': 'agents:write',
  'api DELETE /v2/schedules/:id': 'agents:write',
  'api POST /v2/mcp': 'agents:read',
};

/**
 * Routes whose parameter is a name the caller chooses within its own account (secrets), not
 * an id of a resource: another account's request addresses its own namespace (a PUT makes its
 * own secret), so the 404 check below does not apply; the list check does, and
 * test/account-secrets.e2e.test.ts covers the rest.
 */
const NAMED_ROUTES = new Set(['api PUT /v2/secrets/:name', 'api DELETE /v2/secrets/:name']);

/**
 * Routes of a dashboard session only (keys, users, sessions, the signing secret): API keys
 * get 403 on them (checked below); their roles, CSRF and tenant isolation are covered by
 * test/dashboard-settings.e2e.test.ts and test/dashboard-sessions.e2e.test.ts.
 */
const SESSION_ROUTES = new Set([
  'api GET /v2/session',
  'api DELETE /v2/session',
  'api POST /v2/session/password',
  'api GET /v2/users',
  'api POST /v2/users',
  'api PATCH /v2/users/:id',
  'api DELETE /v2/users/:id',
  'api POST /v2/users/:id/password-reset',
  'api GET /v2/api-keys',
  'api POST /v2/api-keys',
  'api DELETE /v2/api-keys/:id',
  'api POST /v2/account/signing-secret/rotate',
  'api DELETE /v2/account/signing-secret',
]);

/**
 * Routes without authentication: the webhook (its URL is the credential), operations, and the
 * documentation (everything under /docs, which Swagger UI serves).
 */
const isPublic = (name: string): boolean =>
  PUBLIC_ROUTES.has(name) || /^api GET \/docs(\/|$)/.test(name);
const PUBLIC_ROUTES = new Set([
  'api GET /health',
  'api GET /metrics',
  'api GET /docs',
  'api GET /docs/errors/:code',
  'api GET /v2/openapi.json',
  'webhook GET /health',
  'webhook GET /openapi.json',
  'webhook POST /webhook/:webhookId',
  // Sign-in and password setup: their body is the credential (a bad one is 401 / 400).
  'api POST /v2/session',
  'api POST /v2/password-setup',
  // A wait token's callback URL: its secret is the credential (a wrong one is 404).
  'api GET /v2/wait-tokens/:id/callback/:secret',
  'api POST /v2/wait-tokens/:id/callback/:secret',
]);

/** The owner's webhook endpoint (a public address: nothing is sent, the suite has no worker). */
const OWNER_HOOK = 'https://hooks.example.com/owner-endpoint';

/** One account's resources, fresh for each route (some routes delete or change them). */
interface Owned {
  agentId: string;
  webhookId: string;
  queuedId: string;
  finishedId: string;
  secretName: string;
  endpointId: string;
  endpointDeliveryId: string;
  tokenId: string;
  scheduleId: string;
  bulkActionId: string;
  /** Strings that belong to this account only: none may reach another account. */
  secrets: string[];
}

describe('tenant isolation and scopes, on every route', () => {
  let t: TestService;
  let routes: RouteInfo[];
  let owner: { accountId: string; key: string };
  let stranger: { accountId: string; key: string };
  let base: string;
  const client = fuzzClient();
  const docsUrl = 'http://localhost:3000/docs';
  let checked = 0;

  beforeAll(async () => {
    t = await startTestService({ ROLE: 'api,webhook', SYNC_WAIT_MS: '0' });
    owner = await t.seedAccount({ plan: 'enterprise' });
    stranger = await t.seedAccount({ plan: 'enterprise' });
    base = `http://127.0.0.1:${(await listenOnPorts(t)).api}`;
    routes = listRoutes(t.service);
  });

  afterAll(async () => {
    console.log(`[tenancy] ${checked} requests checked on ${routes?.length} routes`);
    await client.close();
    await t?.close();
  });

  async function own(key: string): Promise<Owned> {
    const agent = await seedAgent(t, key, { webhookAuth: 'api_key' });
    const queued = await t
      .api()
      .post(`/v2/agents/${agent.id}/trigger`)
      .set(bearer(key))
      .send({
        input: { email: 'owner@acme.io', secret_note: `note-${agent.id}` },
        options: { async: true },
      })
      .expect(202);
    const row = await t.service.dataSource.getRepository(Agent).findOneByOrFail({ id: agent.id });
    const finished = await insertExecution(t.service.dataSource, row, {
      callbackUrl: 'http://127.0.0.1:9/owner-callback',
    });
    await insertDelivery(t.service.dataSource, finished);
    // Model usage under a model name only this account has (GET /v2/usage must not show it).
    const model = `model-of-${agent.id}`;
    await t.service.dataSource.query(
      'INSERT INTO model_usage (account_id, day, model, prompt_tokens, completion_tokens, calls, errors) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [row.accountId, new Date().toISOString().slice(0, 10), model, 10, 5, 1, 0],
    );
    const secretName = `S_${agent.id.toUpperCase()}`;
    await t
      .api()
      .put(`/v2/secrets/${secretName}`)
      .set(bearer(key))
      .send({ value: `secret-value-${agent.id}` })
      .expect(200);
    // One endpoint at a time (an account may have 20), with one delivery (its ping).
    await t.service.dataSource.getRepository(WebhookEndpoint).delete({ url: OWNER_HOOK });
    const endpoint = await endpointWithPing(t, key, OWNER_HOOK, `endpoint-of-${agent.id}`);
    // A waiting token of the finished execution (as a create_token step leaves it).
    const tokenId = newId('wtk');
    await t.service.dataSource.getRepository(WaitToken).insert({
      id: tokenId,
      accountId: row.accountId,
      agentId: agent.id,
      executionId: finished.id,
      stepId: 'approve',
      status: 'waiting',
      title: null,
      description: null,
      choices: null,
      choice: null,
      data: null,
      completedAt: null,
      completedBy: null,
      secretHash: 'a'.repeat(64),
      expiresAt: new Date(Date.now() + 3_600_000),
      createdAt: new Date(),
    });
    // A disabled schedule (the suite has no worker), with an input only this account has.
    const schedule = await t
      .api()
      .post(`/v2/agents/${agent.id}/schedules`)
      .set(bearer(key))
      .send({ cron: '@daily', enabled: false, input: { note: `schedule-of-${agent.id}` } })
      .expect(201);
    // A bulk action of the account (it matches the finished execution's kind of status only).
    const bulk = await t
      .api()
      .post('/v2/executions/bulk-retry')
      .set(bearer(key))
      .send({ status: 'cancelled', agent_id: agent.id })
      .expect(202);
    // Done before the checks begin: its runner changes its row in the background until then.
    await waitFor(
      async () =>
        (await t.api().get(`/v2/bulk-actions/${bulk.body.id}`).set(bearer(key)).expect(200)).body
          .status,
      (status) => status === 'completed',
    );
    return {
      scheduleId: schedule.body.id,
      bulkActionId: bulk.body.id,
      agentId: agent.id,
      webhookId: agent.webhookId,
      queuedId: queued.body.execution_id,
      finishedId: finished.id,
      secretName,
      endpointId: endpoint.id,
      endpointDeliveryId: endpoint.pingId,
      tokenId,
      secrets: [
        schedule.body.id,
        `schedule-of-${agent.id}`,
        endpoint.id,
        endpoint.secret,
        `endpoint-of-${agent.id}`,
        endpoint.pingId,
        tokenId,
        bulk.body.id,
        secretName,
        `secret-value-${agent.id}`,
        agent.id,
        agent.webhookId,
        agent.apiKey!,
        queued.body.execution_id,
        finished.id,
        `note-${agent.id}`,
        'owner-callback',
        model,
      ],
    };
  }

  /** The request for `route` on `resources`, with a body the route accepts. */
  function requestFor(route: RouteInfo, resources: Owned, key: string | null) {
    const values: Record<string, string> = {};
    for (const param of route.params) {
      const resource = paramResource(route, param);
      if (resource === 'agents/:id') values[param] = resources.agentId;
      else if (resource === 'executions/:id')
        values[param] = route.path.endsWith('/cancel') ? resources.queuedId : resources.finishedId;
      else if (resource === 'errors/:code') values[param] = 'forbidden';
      else if (resource === 'webhook/:webhookId') values[param] = resources.webhookId;
      else if (resource === 'users/:id') values[param] = 'usr_01jd8z0a2b4c6d8e0f2g4h6j8k';
      else if (resource === 'api-keys/:id') values[param] = 'key_01jd8z0a2b4c6d8e0f2g4h6j8k';
      else if (resource === 'secrets/:name') values[param] = resources.secretName;
      else if (resource === 'versions/:version') values[param] = '1';
      else if (resource === 'webhook-endpoints/:id') values[param] = resources.endpointId;
      else if (resource === 'deliveries/:delivery_id') values[param] = resources.endpointDeliveryId;
      else if (resource === 'wait-tokens/:id') values[param] = resources.tokenId;
      else if (resource === 'schedules/:id') values[param] = resources.scheduleId;
      else if (resource === 'bulk-actions/:id') values[param] = resources.bulkActionId;
      else if (resource === 'callback/:secret') values[param] = 'a'.repeat(32);
      else throw new Error(`tenancy suite: no resource for "${resource}" (${routeName(route)})`);
    }
    const sample = SAMPLE_BODIES[routeName(route)];
    const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
    if (sample) headers['content-type'] = 'application/json';
    return {
      listener: route.listener,
      method: route.method,
      path: fillPath(route, values),
      headers,
      body: sample ? Buffer.from(JSON.stringify(sample)) : undefined,
    };
  }

  async function send(route: RouteInfo, resources: Owned, key: string | null): Promise<Answer> {
    checked++;
    const answer = await sendCase(base, requestFor(route, resources, key), client);
    expectWellFormed('api', answer, docsUrl);
    return answer;
  }

  it('knows every route: each has a scope or is public', () => {
    for (const route of routes) {
      const name = routeName(route);
      expect(
        name in REQUIRED_SCOPE || isPublic(name) || SESSION_ROUTES.has(name),
        `${name}: add it to REQUIRED_SCOPE, SESSION_ROUTES or PUBLIC_ROUTES in test/tenancy.e2e.test.ts`,
      ).toBe(true);
    }
    for (const name of Object.keys(REQUIRED_SCOPE)) expect(routes.map(routeName)).toContain(name);
  });

  it("another account's key gets 404 for every id, never 403, never data, and changes nothing", async () => {
    const withIds = routes.filter(
      (route) =>
        route.listener === 'api' &&
        route.params.length > 0 &&
        routeName(route) in REQUIRED_SCOPE &&
        !NAMED_ROUTES.has(routeName(route)),
    );
    expect(withIds.length).toBeGreaterThanOrEqual(10);
    for (const route of withIds) {
      const resources = await own(owner.key);
      const before = await stateFingerprint(t.service.dataSource);
      const answer = await send(route, resources, stranger.key);
      expect(answer.status, routeName(route)).toBe(404);
      expect(JSON.parse(answer.text).error.code).toBe('not_found');
      for (const secret of resources.secrets) expect(answer.text).not.toContain(secret);
      expect(await stateFingerprint(t.service.dataSource), routeName(route)).toBe(before);
      // The owner still gets an answer for the same request (the 404 is about the account).
      const mine = await send(route, resources, owner.key);
      expect(mine.status, `owner: ${routeName(route)} ${mine.text}`).toBeLessThan(300);
    }
  });

  it("no route shows another account's data", async () => {
    const resources = await own(owner.key);
    for (const route of routes.filter((r) => r.listener === 'api' && r.params.length === 0)) {
      const key = isPublic(routeName(route)) ? null : stranger.key;
      const answer = await send(route, resources, key);
      for (const secret of resources.secrets) {
        expect(answer.text, routeName(route)).not.toContain(secret);
      }
    }
    // The stranger's list holds its own agents (POST /v2/agents above made one), none of the owner's.
    const list = await t.api().get('/v2/agents?per_page=100').set(bearer(stranger.key)).expect(200);
    const owners = await t.service.dataSource
      .getRepository(Agent)
      .findBy({ accountId: owner.accountId });
    expect(owners.length).toBeGreaterThan(0);
    const listed = (list.body.data as { id: string }[]).map((agent) => agent.id);
    for (const agent of owners) expect(listed).not.toContain(agent.id);
  });

  it('a key with one scope gets 403 exactly on the routes that need another', async () => {
    const keys = new Map<Scope | 'none', string>();
    const apiKeys = t.service.api!.get(ApiKeysService);
    for (const scope of SCOPES)
      keys.set(scope, (await apiKeys.create(owner.accountId, [scope])).key);
    keys.set('none', (await apiKeys.create(owner.accountId, [])).key);
    const matrix: string[] = [];
    for (const [name, required] of Object.entries(REQUIRED_SCOPE)) {
      const route = routes.find((r) => routeName(r) === name)!;
      const row: string[] = [];
      for (const [scope, key] of keys) {
        const resources = await own(owner.key);
        const answer = await send(route, resources, key);
        const allowed = required === null || required === scope;
        if (allowed) {
          expect(answer.status, `${name} with ${scope}: ${answer.text}`).toBeGreaterThanOrEqual(
            200,
          );
          expect(answer.status, `${name} with ${scope}: ${answer.text}`).toBeLessThan(300);
        } else {
          expect(answer.status, `${name} with ${scope}`).toBe(403);
          expect(JSON.parse(answer.text).error.code).toBe('forbidden');
        }
        row.push(`${scope}=${answer.status}`);
      }
      matrix.push(`${name}: ${row.join(' ')}`);
    }
    console.log(`[tenancy] scope matrix\n${matrix.join('\n')}`);
    // One request per route and scope (ten scopes with none): about 500, each a new fixture.
  }, 240_000);

  it('public routes answer without a key; every other route needs one (401)', async () => {
    const resources = await own(owner.key);
    for (const route of routes.filter((r) => r.listener === 'api')) {
      const answer = await send(route, resources, null);
      // Public: no key asked (a documentation asset Swagger UI lacks may be 404).
      // Sign-in answers unknown credentials with 401, in its own words.
      if (routeName(route) === 'api POST /v2/session') {
        expect(JSON.parse(answer.text).error.message).toBe('Invalid email or password');
      } else if (isPublic(routeName(route))) expect([401, 403]).not.toContain(answer.status);
      else expect(answer.status, routeName(route)).toBe(401);
    }
  });

  it('API keys get 403 on every session-only route, whatever their scopes', async () => {
    const resources = await own(owner.key);
    for (const route of routes.filter((r) => SESSION_ROUTES.has(routeName(r)))) {
      const before = await stateFingerprint(t.service.dataSource);
      const answer = await send(route, resources, owner.key);
      expect(answer.status, routeName(route)).toBe(403);
      expect(JSON.parse(answer.text).error.code).toBe('forbidden');
      expect(await stateFingerprint(t.service.dataSource), routeName(route)).toBe(before);
    }
  });
});

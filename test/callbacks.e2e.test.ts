import { verify as verifyGithubSignature } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../src/agents/agent.entity';
import { AccountsService } from '../src/auth/accounts.service';
import { LocalBus } from '../src/queue/local-bus';
import { deliveryRow, finishWithCallback, insertAgent } from './support/callback-fixtures';
import { sample } from './support/prometheus';
import { Receiver } from './support/receiver';
import { bearer, startTestService, TestService } from './support/service';
import { eventually } from './support/wait';

// Short enough for the hanging receiver's test, long enough that an answering receiver is
// never cut off on a loaded machine (a cut-off attempt is retried, and a test expecting one
// request would see two).
const TIMEOUT_MS = 2000;

describe('outgoing webhooks (callbacks)', () => {
  let t: TestService;
  let key: string;
  let accountId: string;
  let agent: Agent;
  const receivers: Receiver[] = [];

  const receiver = async (...args: Parameters<typeof Receiver.start>) => {
    const started = await Receiver.start(...args);
    receivers.push(started);
    return started;
  };
  const finish = (status: 'completed' | 'failed' | 'cancelled', url: string | null, on = agent) =>
    finishWithCallback(t.service.dataSource, {
      agent: on,
      status,
      callbackUrl: url,
      bus: t.service.worker!.get(LocalBus),
    });
  const deliveries = async (executionId: string, apiKey = key) =>
    (await t.api().get(`/v2/executions/${executionId}/deliveries`).set(bearer(apiKey)).expect(200))
      .body.data;

  beforeAll(async () => {
    t = await startTestService({
      CALLBACK_RETRY_BASE_MS: '1',
      CALLBACK_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    ({ key, accountId } = await t.seedAccount());
    agent = await insertAgent(t.service.dataSource, accountId);
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  afterAll(async () => t?.close());

  it('sends a signed execution.completed that GitHub and Standard Webhooks verifiers accept', async () => {
    const { signing_secret: secret } = await t.service
      .api!.get(AccountsService)
      .rotateSigningSecret(accountId);
    const hook = await receiver();
    const { execution, delivery } = await finish('completed', hook.url('/signed?x=1'));

    const [request] = await eventually(() => hook.requests.length === 1 && hook.requests);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/signed?x=1');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-webhook-id']).toBe(delivery!.id);
    expect(delivery!.id).toMatch(/^dlv_/);
    const timestamp = Number(request.headers['x-webhook-timestamp']);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(30);
    expect(request.headers['webhook-id']).toBe(delivery!.id);
    expect(request.headers['webhook-timestamp']).toBe(String(timestamp));

    // As a GitHub-style receiver checks it: X-Signature over the raw body, whole secret as key.
    expect(request.headers['x-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(
      await verifyGithubSignature(secret, request.body, String(request.headers['x-signature'])),
    ).toBe(true);
    expect(
      await verifyGithubSignature(
        'whsec_wrong',
        request.body,
        String(request.headers['x-signature']),
      ),
    ).toBe(false);
    // As a Standard Webhooks receiver checks it (throws on a bad signature).
    const verified = new Webhook(secret).verify(
      request.body,
      request.headers as Record<string, string>,
    );

    const payload = JSON.parse(request.body);
    expect(verified).toEqual(payload);
    expect(payload).toEqual({
      id: delivery!.id,
      type: 'execution.completed',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        id: execution.id,
        agent_id: agent.id,
        agent_version: 1,
        status: 'completed',
        source: 'api',
        retry_of: null,
        schedule_id: null,
        scheduled_for: null,
        parent_execution_id: null,
        root_execution_id: null,
        input: execution.input,
        output: execution.output,
        error: null,
        waiting: null,
        held: null,
        created_at: execution.createdAt.toISOString(),
        started_at: execution.startedAt!.toISOString(),
        completed_at: execution.completedAt!.toISOString(),
        duration_ms: 50,
        usage: null,
        tags: [],
        trace_id: null,
      },
    });
    expect(payload.data).not.toHaveProperty('logs');

    const log = await eventually(async () => {
      const rows = await deliveries(execution.id);
      return rows.length === 1 && rows;
    });
    expect(log).toEqual([
      {
        id: delivery!.id,
        url: hook.url('/signed?x=1'),
        event: 'execution.completed',
        attempt: 1,
        status_code: 200,
        error: null,
        duration_ms: expect.any(Number),
        created_at: expect.stringMatching(/Z$/),
      },
    ]);
    await eventually(
      async () => (await deliveryRow(t.service.dataSource, delivery!.id)).status === 'delivered',
    );
  });

  it('signs with the secret current at send time after a rotation', async () => {
    const accounts = t.service.api!.get(AccountsService);
    const old = (await accounts.rotateSigningSecret(accountId)).signing_secret;
    const current = (await accounts.rotateSigningSecret(accountId)).signing_secret;
    const hook = await receiver();
    await finish('completed', hook.url());
    const [request] = await eventually(() => hook.requests.length === 1 && hook.requests);
    const signature = String(request.headers['x-signature']);
    expect(await verifyGithubSignature(current, request.body, signature)).toBe(true);
    expect(await verifyGithubSignature(old, request.body, signature)).toBe(false);
    expect(() =>
      new Webhook(old).verify(request.body, request.headers as Record<string, string>),
    ).toThrow();
    expect(
      new Webhook(current).verify(request.body, request.headers as Record<string, string>),
    ).toEqual(JSON.parse(request.body));
  });

  it('sends unsigned callbacks for an account without a signing secret', async () => {
    const other = await t.seedAccount();
    const otherAgent = await insertAgent(t.service.dataSource, other.accountId);
    const hook = await receiver();
    const { execution, delivery } = await finish('completed', hook.url(), otherAgent);
    const [request] = await eventually(() => hook.requests.length === 1 && hook.requests);
    expect(request.headers['x-webhook-id']).toBe(delivery!.id);
    expect(request.headers['x-webhook-timestamp']).toMatch(/^\d+$/);
    expect(request.headers['content-type']).toBe('application/json');
    for (const header of ['x-signature', 'webhook-signature', 'webhook-id', 'webhook-timestamp']) {
      expect(request.headers).not.toHaveProperty(header);
    }
    expect(JSON.parse(request.body).data.id).toBe(execution.id);
    // The other account sees its own execution's log; this account does not.
    expect(await deliveries(execution.id, other.key)).toHaveLength(1);
    const foreign = await t
      .api()
      .get(`/v2/executions/${execution.id}/deliveries`)
      .set(bearer(key))
      .expect(404);
    expect(foreign.body.error.code).toBe('not_found');
  });

  it.each(['failed', 'cancelled'] as const)('reports execution.%s', async (status) => {
    const hook = await receiver();
    const { execution, delivery } = await finish(status, hook.url());
    const [request] = await eventually(() => hook.requests.length === 1 && hook.requests);
    const payload = JSON.parse(request.body);
    expect(payload).toMatchObject({
      id: delivery!.id,
      type: `execution.${status}`,
      data: { id: execution.id, status, error: execution.error },
    });
    const [row] = await eventually(async () => {
      const rows = await deliveries(execution.id);
      return rows.length === 1 && rows;
    });
    expect(row).toMatchObject({ event: `execution.${status}`, status_code: 200, error: null });
  });

  it('queues nothing without a callback_url, and the log is empty', async () => {
    const { execution, delivery } = await finish('completed', null);
    expect(delivery).toBeNull();
    expect(await deliveries(execution.id)).toEqual([]);
  });

  it('retries after 500s with the same id and body, recording every attempt', async () => {
    const hook = await receiver((index) => (index < 2 ? 500 : 204));
    const { execution, delivery } = await finish('completed', hook.url());
    await eventually(() => hook.requests.length === 3, 10_000, 'three attempts');
    expect(new Set(hook.requests.map((r) => r.headers['x-webhook-id']))).toEqual(
      new Set([delivery!.id]),
    );
    expect(new Set(hook.requests.map((r) => r.body)).size).toBe(1);
    expect(JSON.parse(hook.requests[2].body).id).toBe(delivery!.id);

    const log = await eventually(async () => {
      const rows = await deliveries(execution.id);
      return rows.length === 3 && rows;
    });
    expect(log.map((row: { attempt: number }) => row.attempt)).toEqual([3, 2, 1]);
    expect(log.map((row: { status_code: number }) => row.status_code)).toEqual([204, 500, 500]);
    expect(log.map((row: { error: string | null }) => row.error)).toEqual([
      null,
      'http_error',
      'http_error',
    ]);
    expect(new Set(log.map((row: { id: string }) => row.id))).toEqual(new Set([delivery!.id]));
    const row = await eventually(async () => {
      const current = await deliveryRow(t.service.dataSource, delivery!.id);
      return current.status === 'delivered' && current;
    });
    expect(row.attempts).toBe(3);
    // Nothing further is sent for a delivered row.
    expect(hook.requests).toHaveLength(3);
  });

  it('gives up after the sixth failed attempt', async () => {
    const hook = await receiver(() => 503);
    const { execution, delivery } = await finish('failed', hook.url());
    const row = await eventually(
      async () => {
        const current = await deliveryRow(t.service.dataSource, delivery!.id);
        return current.status === 'failed' && current;
      },
      15_000,
      'the delivery to fail',
    );
    expect(row.attempts).toBe(6);
    expect(hook.requests).toHaveLength(6);
    const log = await deliveries(execution.id);
    expect(log.map((r: { attempt: number }) => r.attempt)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(log.every((r: { status_code: number; error: string }) => r.status_code === 503)).toBe(
      true,
    );
    expect(log.every((r: { error: string }) => r.error === 'http_error')).toBe(true);
    // Attempts are spaced by the (scaled) schedule: each retry comes after the one before.
    const times = hook.requests.map((r) => r.receivedAt);
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // Every attempt is counted in /metrics by what became of it.
    const metrics = (await t.api().get('/metrics').expect(200)).text;
    const count = (outcome: string) =>
      sample(metrics, 'aas_callback_delivery_attempts_total', { outcome }) ?? 0;
    expect(count('retrying')).toBeGreaterThanOrEqual(5);
    expect(count('failed')).toBeGreaterThanOrEqual(1);
    expect(count('delivered')).toBeGreaterThanOrEqual(1);
  });

  it('records a timeout when the receiver does not answer, then retries', async () => {
    const hook = await receiver((index) => (index === 0 ? 'hang' : 200));
    const { execution, delivery } = await finish('completed', hook.url());
    const log = await eventually(async () => {
      const rows = await deliveries(execution.id);
      return rows.length === 2 && rows;
    });
    expect(log[1]).toMatchObject({ attempt: 1, status_code: null, error: 'timeout' });
    expect(log[1].duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(log[0]).toMatchObject({ attempt: 2, status_code: 200, error: null });
    expect(hook.requests.map((r) => r.headers['x-webhook-id'])).toEqual([
      delivery!.id,
      delivery!.id,
    ]);
  });

  it('records a network error when nothing listens, and retries', async () => {
    const gone = await Receiver.start();
    const url = gone.url();
    await gone.close();
    const { execution } = await finish('completed', url);
    const log = await eventually(async () => {
      const rows = await deliveries(execution.id);
      return rows.length >= 2 && rows;
    });
    expect(log.at(-1)).toMatchObject({ attempt: 1, status_code: null, error: 'network_error' });
  });

  it('answers 404 for an unknown execution and needs executions:read', async () => {
    const unknown = await t
      .api()
      .get('/v2/executions/exe_unknown/deliveries')
      .set(bearer(key))
      .expect(404);
    expect(unknown.body.error.code).toBe('not_found');
    const { execution } = await finish('completed', null);
    const limited = await t.seedAccount({ scopes: ['agents:read'] });
    await t.api().get(`/v2/executions/${execution.id}/deliveries`).expect(401);
    const forbidden = await t
      .api()
      .get(`/v2/executions/${execution.id}/deliveries`)
      .set(bearer(limited.key))
      .expect(403);
    expect(forbidden.body.error.code).toBe('forbidden');
  });
});

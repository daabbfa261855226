import { verify as verifyGithubSignature } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccountsService } from '../src/auth/accounts.service';
import { createAgent } from './support/agents';
import { Receiver } from './support/receiver';
import { bearer, startTestService, TestService } from './support/service';
import { eventually } from './support/wait';

const HOT_LEAD = {
  email: 'jane@acme.io',
  name: 'Jane Doe',
  company: 'Acme',
  message: 'We would like a demo and pricing',
};

/** End to end: a trigger with options.callback_url, run by the worker, reported to a receiver. */
describe('callbacks through POST /v2/agents/:id/trigger', () => {
  let t: TestService;
  let key: string;
  let secret: string;
  let agentId: string;
  const receivers: Receiver[] = [];

  const receiver = async (...args: Parameters<typeof Receiver.start>) => {
    const started = await Receiver.start(...args);
    receivers.push(started);
    return started;
  };
  const trigger = (id: string, body: object) =>
    t.api().post(`/v2/agents/${id}/trigger`).set(bearer(key)).send(body);
  const deliveries = async (executionId: string, count: number) =>
    eventually(async () => {
      const res = await t
        .api()
        .get(`/v2/executions/${executionId}/deliveries`)
        .set(bearer(key))
        .expect(200);
      return res.body.data.length === count && res.body.data;
    });
  const verifySigned = async (request: Receiver['requests'][number]) => {
    expect(
      await verifyGithubSignature(secret, request.body, String(request.headers['x-signature'])),
    ).toBe(true);
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
  };

  beforeAll(async () => {
    t = await startTestService({ CALLBACK_RETRY_BASE_MS: '1' });
    let accountId: string;
    ({ key, accountId } = await t.seedAccount());
    secret = (await t.service.api!.get(AccountsService).rotateSigningSecret(accountId))
      .signing_secret;
    agentId = await createAgent(t, key);
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  afterAll(async () => t?.close());

  it('reports a completed run with a signed execution.completed', async () => {
    const hook = await receiver();
    const res = await trigger(agentId, {
      input: HOT_LEAD,
      options: { async: true, callback_url: hook.url('/done') },
    }).expect(202);
    const executionId = res.body.execution_id;

    const [request] = await eventually(() => hook.requests.length === 1 && hook.requests);
    const payload = (await verifySigned(request)) as Record<string, unknown>;
    const record = (await t.api().get(`/v2/executions/${executionId}`).set(bearer(key)).expect(200))
      .body;
    const { logs, ...withoutLogs } = record;
    expect(logs.length).toBeGreaterThan(0);
    expect(payload).toEqual({
      id: request.headers['x-webhook-id'],
      type: 'execution.completed',
      created_at: expect.any(String),
      data: withoutLogs,
    });
    expect(record).toMatchObject({ status: 'completed', output: { qualified: true } });

    const [row] = await deliveries(executionId, 1);
    expect(row).toMatchObject({
      id: request.headers['x-webhook-id'],
      url: hook.url('/done'),
      event: 'execution.completed',
      attempt: 1,
      status_code: 200,
      error: null,
    });
  });

  it('reports a failed run, retrying a receiver that answered 500 first', async () => {
    const hook = await receiver((index) => (index === 0 ? 500 : 200));
    const res = await trigger(agentId, {
      input: { name: 'No email here' },
      options: { callback_url: hook.url() },
    }).expect(200);
    expect(res.body.status).toBe('failed');

    await eventually(() => hook.requests.length === 2);
    expect(hook.requests[0].body).toBe(hook.requests[1].body);
    const payload = (await verifySigned(hook.requests[1])) as {
      type: string;
      data: { id: string; status: string; error: { code: string } };
    };
    expect(payload.type).toBe('execution.failed');
    expect(payload.data).toMatchObject({
      id: res.body.execution_id,
      status: 'failed',
      error: { code: 'invalid_input' },
    });
    const log = await deliveries(res.body.execution_id, 2);
    expect(
      log.map((r: { attempt: number; status_code: number }) => [r.attempt, r.status_code]),
    ).toEqual([
      [2, 200],
      [1, 500],
    ]);
  });

  it('reports a cancelled run with execution.cancelled', async () => {
    const stuck = await receiver(() => 'hang');
    const httpAgent = await createAgent(t, key, {
      kind: 'http-request',
      config: { url: stuck.url('/never'), timeout_ms: 60000 },
    });
    const hook = await receiver();
    const res = await trigger(httpAgent, {
      input: { a: 1 },
      options: { async: true, callback_url: hook.url() },
    }).expect(202);
    await eventually(() => stuck.requests.length === 1, 10_000, 'the run to start');
    await t
      .api()
      .post(`/v2/executions/${res.body.execution_id}/cancel`)
      .set(bearer(key))
      .expect(200);

    const [request] = await eventually(() => hook.requests.length === 1 && hook.requests);
    const payload = (await verifySigned(request)) as { type: string; data: { status: string } };
    expect(payload.type).toBe('execution.cancelled');
    expect(payload.data.status).toBe('cancelled');
    await deliveries(res.body.execution_id, 1);
  });
});

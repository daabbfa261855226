import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { newId } from '../src/common/ids';
import { ExecutionLifecycleService } from '../src/executions/execution-lifecycle.service';
import { WaitToken } from '../src/executions/wait-token.entity';
import { MetricsService, MODEL_LABELS_MAX } from '../src/metrics/metrics.service';
import { UsageMeter } from '../src/usage/usage-meter';
import { sample } from './support/prometheus';
import { insertAgent, insertExecution } from './support/rows';
import { HELD } from '../src/executions/execution.entity';
import { bearer, startTestService, TestService } from './support/service';

describe('GET /metrics', () => {
  let t: TestService;
  let key: string;
  let accountId: string;

  // No worker: queued rows stay queued, so the queue depth is exactly what the test inserts.
  beforeAll(async () => {
    t = await startTestService({ ROLE: 'api,webhook' });
    ({ key, accountId } = await t.seedAccount());
  });
  afterAll(async () => t?.close());

  const scrape = async () => {
    const res = await t.api().get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text;
  };

  it('is public, outside /v2, and names every metric family', async () => {
    const text = await scrape();
    for (const name of [
      'aas_http_requests_total',
      'aas_http_request_duration_seconds',
      'aas_executions_total',
      'aas_execution_duration_seconds',
      'aas_queue_depth',
      'aas_executions_running',
      'aas_executions_waiting',
      'aas_execution_wakeups_total',
      'aas_executions_held',
      'aas_callback_delivery_attempts_total',
      'aas_rate_limited_total',
      'aas_model_tokens_total',
      'aas_model_calls_total',
      'aas_model_call_duration_seconds',
      'aas_process_cpu_seconds_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    await t.api().get('/v2/metrics').expect(404);
  });

  it('counts requests by route template and status on both listeners', async () => {
    const before = await scrape();
    const labels = (route: string, status: number, listener = 'api', method = 'GET') => ({
      listener,
      method,
      route,
      status: String(status),
    });
    const count = (text: string, l: Record<string, string>) =>
      sample(text, 'aas_http_requests_total', l) ?? 0;

    await t.api().get('/v2/account').set(bearer(key)).expect(200);
    await t.api().get('/v2/account').set(bearer(key)).expect(200);
    await t.api().get('/v2/account').expect(401);
    await t.api().get('/docs/errors/conflict').expect(200);
    await t.api().get('/docs/errors/not-a-code').expect(404);
    await t.api().get('/no/such/route').expect(404);
    await t.api().get('/v2/no-such-route').expect(404);
    const secret = 'sEcReTwEbHoOkId0123456789abcdefgh';
    await t.webhook().post(`/webhook/${secret}`).send({ a: 1 }).expect(404);
    await t.webhook().get('/health').expect(200);

    const after = await scrape();
    const delta = (l: Record<string, string>) => count(after, l) - count(before, l);
    expect(delta(labels('/v2/account', 200))).toBe(2);
    expect(delta(labels('/v2/account', 401))).toBe(1);
    expect(delta(labels('/docs/errors/:code', 200))).toBe(1);
    expect(delta(labels('/docs/errors/:code', 404))).toBe(1);
    expect(delta(labels('unmatched', 404))).toBe(2);
    expect(delta(labels('/webhook/:webhook_id', 404, 'webhook', 'POST'))).toBe(1);
    expect(delta(labels('/health', 200, 'webhook'))).toBe(1);
    // Latency histogram: same labels, with buckets, a count and a sum.
    const latency = labels('/v2/account', 200);
    expect(sample(after, 'aas_http_request_duration_seconds_count', latency)).toBe(
      count(after, latency),
    );
    expect(
      sample(after, 'aas_http_request_duration_seconds_bucket', { ...latency, le: '+Inf' }),
    ).toBe(count(after, latency));
    // Neither raw URLs nor webhook ids ever become labels.
    expect(after).not.toContain(secret);
    expect(after).not.toContain('/no/such/route');
    expect(after).not.toContain('not-a-code');
  });

  it('reports the queue depth and running executions from the database on each scrape', async () => {
    const agent = await insertAgent(t.service.dataSource, accountId);
    await insertExecution(t.service.dataSource, agent, { status: 'queued' });
    await insertExecution(t.service.dataSource, agent, { status: 'queued' });
    await insertExecution(t.service.dataSource, agent, { status: 'running' });
    await insertExecution(t.service.dataSource, agent, { status: 'completed' });
    let text = await scrape();
    expect(sample(text, 'aas_queue_depth')).toBe(2);
    expect(sample(text, 'aas_executions_running')).toBe(1);
    await insertExecution(t.service.dataSource, agent, { status: 'queued' });
    text = await scrape();
    expect(sample(text, 'aas_queue_depth')).toBe(3);
  });

  it('reports waiting executions on each scrape and counts wake-ups by reason', async () => {
    const ds = t.service.dataSource;
    const agent = await insertAgent(ds, accountId, { kind: 'workflow' });
    const past = new Date(Date.now() - 1000);
    const token = async (status: WaitToken['status']) => {
      const id = newId('wtk');
      const row: Partial<WaitToken> = {
        id,
        accountId,
        agentId: agent.id,
        executionId: newId('exe'),
        stepId: 't',
        status,
        title: null,
        description: null,
        choices: null,
        choice: null,
        data: null,
        completedAt: status === 'completed' ? past : null,
        completedBy: status === 'completed' ? { type: 'link' } : null,
        secretHash: 'x'.repeat(64),
        expiresAt: past,
        createdAt: past,
      };
      await ds.getRepository(WaitToken).insert(row as QueryDeepPartialEntity<WaitToken>);
      return id;
    };
    const waits = (waiting: { step: string; until?: string; token_id?: string }, wakeAt: Date) =>
      insertExecution(ds, agent, { status: 'waiting', startedAt: past, waiting, wakeAt });
    const later = new Date(Date.now() + 3_600_000);
    const before = await scrape();
    const woken = (text: string, reason: string) =>
      sample(text, 'aas_execution_wakeups_total', { reason }) ?? 0;
    await waits({ step: 'w', until: past.toISOString() }, past);
    await waits({ step: 'w', until: past.toISOString() }, past);
    await waits({ step: 'w', token_id: await token('completed') }, past);
    await waits({ step: 'w', token_id: await token('waiting') }, past); // its expiry came
    await waits({ step: 'w', until: later.toISOString() }, later); // not yet
    let text = await scrape();
    expect(sample(text, 'aas_executions_waiting')).toBe(5);

    expect(await t.service.api!.get(ExecutionLifecycleService).wakeDue()).toBe(4);
    text = await scrape();
    expect(sample(text, 'aas_executions_waiting')).toBe(1);
    expect(woken(text, 'time') - woken(before, 'time')).toBe(2);
    expect(woken(text, 'token') - woken(before, 'token')).toBe(1);
    expect(woken(text, 'expired') - woken(before, 'expired')).toBe(1);
    // A row is woken once: a second poll finds nothing due.
    expect(await t.service.api!.get(ExecutionLifecycleService).wakeDue()).toBe(0);
    expect(woken(await scrape(), 'time') - woken(before, 'time')).toBe(2);
  });

  it('reports executions held by flow control by agent and reason', async () => {
    const agent = await insertAgent(t.service.dataSource, accountId);
    for (const held of ['concurrency', 'concurrency', 'debounce'] as const) {
      await insertExecution(t.service.dataSource, agent, { status: HELD, held, flowKey: 'null' });
    }
    const text = await scrape();
    const labels = (reason: string) => ({ agent_id: agent.id, reason });
    expect(sample(text, 'aas_executions_held', labels('concurrency'))).toBe(2);
    expect(sample(text, 'aas_executions_held', labels('debounce'))).toBe(1);
    expect(sample(text, 'aas_executions_held', labels('throttle'))).toBeUndefined();
  });

  it('counts what the process records through MetricsService', async () => {
    const metrics = t.service.api!.get(MetricsService);
    expect(metrics).toBe(t.service.metrics);
    metrics.executionFinished('lead-qualification', 'completed', 120);
    metrics.executionFinished('lead-qualification', 'failed', 2500);
    metrics.deliveryAttempt('retrying');
    metrics.deliveryAttempt('delivered');
    metrics.rateLimited('account');
    const text = await scrape();
    const kind = { kind: 'lead-qualification' };
    expect(sample(text, 'aas_executions_total', { ...kind, status: 'completed' })).toBe(1);
    expect(sample(text, 'aas_executions_total', { ...kind, status: 'failed' })).toBe(1);
    expect(
      sample(text, 'aas_execution_duration_seconds_sum', { ...kind, status: 'failed' }),
    ).toBeCloseTo(2.5);
    expect(
      sample(text, 'aas_execution_duration_seconds_bucket', {
        ...kind,
        status: 'completed',
        le: '0.25',
      }),
    ).toBe(1);
    expect(sample(text, 'aas_callback_delivery_attempts_total', { outcome: 'retrying' })).toBe(1);
    expect(sample(text, 'aas_callback_delivery_attempts_total', { outcome: 'delivered' })).toBe(1);
    expect(sample(text, 'aas_rate_limited_total', { scope: 'account' })).toBe(1);
  });

  it("counts llm steps' model calls: tokens by model and type, calls by outcome, latency", async () => {
    const meter = t.service.api!.get(UsageMeter);
    const call = (model: string, ok = true) => ({
      model,
      prompt_tokens: 120,
      completion_tokens: 30,
      latency_ms: 700,
      ok,
    });
    meter.record(accountId, call('gpt-4o-mini'));
    meter.record(accountId, call('gpt-4o-mini'));
    meter.record(accountId, {
      ...call('gpt-4o-mini', false),
      prompt_tokens: 0,
      completion_tokens: 0,
    });
    const text = await scrape();
    const model = { model: 'gpt-4o-mini' };
    expect(sample(text, 'aas_model_tokens_total', { ...model, type: 'prompt' })).toBe(240);
    expect(sample(text, 'aas_model_tokens_total', { ...model, type: 'completion' })).toBe(60);
    expect(sample(text, 'aas_model_calls_total', { ...model, outcome: 'ok' })).toBe(2);
    expect(sample(text, 'aas_model_calls_total', { ...model, outcome: 'error' })).toBe(1);
    expect(sample(text, 'aas_model_call_duration_seconds_count', model)).toBe(3);
    expect(sample(text, 'aas_model_call_duration_seconds_bucket', { ...model, le: '0.5' })).toBe(0);
    expect(sample(text, 'aas_model_call_duration_seconds_bucket', { ...model, le: '1' })).toBe(3);
    expect(sample(text, 'aas_model_call_duration_seconds_sum', model)).toBeCloseTo(2.1);

    // Model names come from workflows: past MODEL_LABELS_MAX of them, new ones count as other.
    for (let i = 0; i < MODEL_LABELS_MAX + 5; i++) meter.record(accountId, call(`m-${i}`));
    const after = await scrape();
    const models = new Set(
      [...after.matchAll(/^aas_model_calls_total\{model="([^"]*)"/gm)].map((m) => m[1]),
    );
    expect(models.size).toBe(MODEL_LABELS_MAX + 1);
    expect(sample(after, 'aas_model_calls_total', { model: 'other', outcome: 'ok' })).toBe(6);
    await meter.flush();
  });
});

describe('GET /metrics after a trigger', () => {
  let t: TestService;
  let key: string;

  beforeAll(async () => {
    t = await startTestService();
    ({ key } = await t.seedAccount());
  });
  afterAll(async () => t?.close());

  it('counts the trigger request by route template and the execution by kind and status', async () => {
    const created = await t
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({ name: 'Metered', kind: 'lead-qualification' })
      .expect(201);
    const agentId = created.body.id as string;
    const trigger = () =>
      t
        .api()
        .post(`/v2/agents/${agentId}/trigger`)
        .set(bearer(key))
        .send({ input: { email: 'jane@acme.io', company: 'Acme' }, options: { async: false } });
    const before = (await t.api().get('/metrics').expect(200)).text;
    expect((await trigger().expect(200)).body.status).toBe('completed');
    expect((await trigger().expect(200)).body.status).toBe('completed');
    // No email: the run fails (invalid_input).
    const failed = await t
      .api()
      .post(`/v2/agents/${agentId}/trigger`)
      .set(bearer(key))
      .send({ input: { name: 'No email' }, options: { async: false } })
      .expect(200);
    expect(failed.body.status).toBe('failed');

    const after = (await t.api().get('/metrics').expect(200)).text;
    const delta = (name: string, labels: Record<string, string>) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    const kind = 'lead-qualification';
    expect(delta('aas_executions_total', { kind, status: 'completed' })).toBe(2);
    expect(delta('aas_executions_total', { kind, status: 'failed' })).toBe(1);
    expect(delta('aas_execution_duration_seconds_count', { kind, status: 'completed' })).toBe(2);
    const route = {
      listener: 'api',
      method: 'POST',
      route: '/v2/agents/:id/trigger',
      status: '200',
    };
    expect(delta('aas_http_requests_total', route)).toBe(3);
    expect(after).not.toContain(agentId);
    expect(sample(after, 'aas_queue_depth')).toBe(0);
  });
});

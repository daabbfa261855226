import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Execution } from '../src/executions/execution.entity';
import { bearer, startTestService, type TestService } from './support/service';
import { startReceiver } from './support/workflows';
import { waitFor } from './support/wait';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;

/**
 * Durable waits over HTTP (docs/workflows.md, Waits): a workflow's `wait` step makes its
 * execution `waiting` (a row that holds no worker, no lease), the record says what it waits for,
 * a synchronous trigger answers 202 at once, the callback goes out only at the end, and the run
 * resumes from the wait within a second of its time without running a finished step again.
 */
describe('wait steps', () => {
  let t: TestService;
  let key: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestService({ OUTBOUND_ALLOW_PRIVATE: 'true', WORKER_POLL_MS: '50' });
    key = (await t.seedAccount()).key;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const api = () => t.api();
  const calls = (path: string) => receiver.received.filter((r) => r.path === path);
  const agentWith = async (name: string, hold: Json): Promise<string> => {
    const agent = await api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({
        name,
        kind: 'workflow',
        config: {
          steps: [
            { id: 'a', type: 'http', url: `${receiver.url}/${name}/a`, body: { n: 1 } },
            { id: 'hold', type: 'wait', ...hold },
            { id: 'b', type: 'transform', value: { waited: '{% $steps.hold.waited_ms %}' } },
          ],
        },
      })
      .expect(201);
    return agent.body.id as string;
  };
  const record = async (id: string): Promise<Json> =>
    (await api().get(`/v2/executions/${id}`).set(bearer(key)).expect(200)).body as Json;
  const settled = (id: string, status: string, ms = 15_000) =>
    waitFor(
      () => record(id),
      (body) => body.status === status,
      ms,
      20,
    );

  it('a synchronous trigger answers 202 waiting; the run resumes from the wait on time, the callback at the end', async () => {
    const agentId = await agentWith('timed', { duration_ms: 1500 });
    const trigger = await api()
      .post(`/v2/agents/${agentId}/trigger`)
      .set(bearer(key))
      .send({ input: {}, options: { callback_url: `${receiver.url}/timed/callback` } })
      .expect(202);
    expect(trigger.body).toMatchObject({ status: 'waiting', output: null, duration_ms: null });
    const id = trigger.body.execution_id as string;

    const waiting = await record(id);
    expect(waiting.status).toBe('waiting');
    expect(waiting.waiting).toEqual({ step: 'hold', until: expect.any(String) });
    expect(waiting.steps.map((s: Json) => [s.id, s.status])).toEqual([
      ['a', 'completed'],
      ['hold', 'waiting'],
    ]);
    // No lease, no worker: a row with its wake-up time.
    const row = await t.service.dataSource.getRepository(Execution).findOneByOrFail({ id });
    expect(row.leasedUntil).toBeNull();
    expect(row.wakeAt?.toISOString()).toBe(waiting.waiting.until);
    const listed = await api()
      .get(`/v2/agents/${agentId}/executions?status=waiting`)
      .set(bearer(key))
      .expect(200);
    expect(listed.body.data.map((e: Json) => e.id)).toEqual([id]);
    // A list item is the record without its logs: `waiting` included.
    expect(listed.body.data[0].waiting).toEqual(waiting.waiting);
    expect(listed.body.data[0].steps.map((s: Json) => s.status)).toEqual(
      waiting.steps.map((s: Json) => s.status),
    );
    await api()
      .get(`/v2/agents/${agentId}/executions?status=completed`)
      .set(bearer(key))
      .expect(200);
    expect(calls('/timed/callback')).toHaveLength(0);

    const done = await settled(id, 'completed');
    const until = Date.parse(waiting.waiting.until);
    expect(Date.parse(done.completed_at)).toBeGreaterThanOrEqual(until);
    expect(Date.parse(done.completed_at) - until).toBeLessThan(1000);
    expect(done.waiting).toBeNull();
    expect(done.output.waited).toBeGreaterThanOrEqual(1500);
    // The first start stands; the duration is the whole wall time, the wait included.
    expect(done.started_at).toBe(waiting.started_at);
    expect(done.duration_ms).toBe(Date.parse(done.completed_at) - Date.parse(done.started_at));
    expect(done.duration_ms).toBeGreaterThanOrEqual(1500);
    expect(done.steps.map((s: Json) => [s.id, s.status])).toEqual([
      ['a', 'completed'],
      ['hold', 'completed'],
      ['b', 'completed'],
    ]);
    expect(calls('/timed/a')).toHaveLength(1); // the finished step did not run again
    await waitFor(
      async () => calls('/timed/callback'),
      (got) => got.length === 1,
      10_000,
    );
    expect((calls('/timed/callback')[0].body as Json).type).toBe('execution.completed');
  });

  it('a time already past does not wait', async () => {
    const agentId = await agentWith('past', { until: '2020-01-01T00:00:00Z' });
    const trigger = await api()
      .post(`/v2/agents/${agentId}/trigger`)
      .set(bearer(key))
      .send({ input: {} })
      .expect(200);
    expect(trigger.body).toMatchObject({ status: 'completed', output: { waited: 0 } });
  });

  it('a waiting execution is cancelled: its step ends cancelled and it never wakes', async () => {
    const agentId = await agentWith('cancel', { duration_ms: 1200 });
    const trigger = await api()
      .post(`/v2/agents/${agentId}/trigger`)
      .set(bearer(key))
      .send({ input: {}, options: { async: true } })
      .expect(202);
    const id = trigger.body.execution_id as string;
    await settled(id, 'waiting');
    const cancelled = await api().post(`/v2/executions/${id}/cancel`).set(bearer(key)).expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', waiting: null });
    expect(cancelled.body.logs.at(-1).message).toBe('Cancelled on request');
    await new Promise((resolve) => setTimeout(resolve, 2000)); // past its time
    const after = await record(id);
    expect(after.status).toBe('cancelled');
    expect(after.steps.map((s: Json) => [s.id, s.status, s.error?.code ?? null])).toEqual([
      ['a', 'completed', null],
      ['hold', 'failed', 'cancelled'],
    ]);
    expect(calls('/cancel/a')).toHaveLength(1);
    await api().post(`/v2/executions/${id}/cancel`).set(bearer(key)).expect(409);
  });

  it('refuses a bad wait on save, at its field', async () => {
    const refused = await api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({
        name: 'bad wait',
        kind: 'workflow',
        config: { steps: [{ id: 'hold', type: 'wait', duration_ms: 91 * 24 * 3600 * 1000 }] },
      })
      .expect(400);
    expect(refused.body.error).toMatchObject({
      code: 'invalid_request',
      field: 'config.steps[0].duration_ms',
    });
  });
});

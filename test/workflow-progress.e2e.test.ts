import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOW_RUNNING_STEP_MS } from '../src/workflows/service/step-store';
import { bearer, startTestService, type TestService } from './support/service';
import { startReceiver, startWorkflowRun } from './support/workflows';
import { waitFor } from './support/wait';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;

/**
 * docs/workflows.md, The definition: an execution's `steps` lists the steps in the order they
 * started, `running` ones included. A run in progress shows the steps it finished and the one it is
 * in once that one has run for SHOW_RUNNING_STEP_MS, or at once when it waits for its next attempt;
 * a cancel or the agent's timeout ends the step it cut short `failed` with that code.
 */
describe('the steps of a workflow run in progress', () => {
  let t: TestService;
  let key: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    // `/hang` is never answered while the suite runs; `/fail` answers 500.
    receiver = await startReceiver((_index, request) =>
      request.path.startsWith('/hang')
        ? { status: 200, delayMs: 600_000 }
        : { status: request.path.startsWith('/fail') ? 500 : 200 },
    );
    t = await startTestService({ OUTBOUND_ALLOW_PRIVATE: 'true', SHUTDOWN_GRACE_MS: '200' });
    key = (await t.seedAccount()).key;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const start = (second: Json, timeoutMs = 600_000): Promise<string> =>
    startWorkflowRun(t, key, {
      name: 'progress',
      timeout_ms: timeoutMs,
      config: { steps: [{ id: 'first', type: 'transform', value: { ok: true } }, second] },
    });
  const read = async (id: string): Promise<Json> =>
    (await t.api().get(`/v2/executions/${id}`).set(bearer(key)).expect(200)).body as Json;
  const stepsOf = (execution: Json) =>
    (execution.steps as Json[]).map((s) => `${s.id}:${s.status}:${s.attempts}`);

  it('shows the finished steps and the slow one running, then a cancel ends it failed', async () => {
    const id = await start({
      id: 'slow',
      type: 'http',
      method: 'GET',
      url: `${receiver.url}/hang`,
      timeout_ms: 600_000,
    });
    const running = await waitFor(
      () => read(id),
      (e) => e.steps.length === 2,
      SHOW_RUNNING_STEP_MS + 10_000,
    );
    expect(running.status).toBe('running');
    expect(stepsOf(running)).toEqual(['first:completed:1', 'slow:running:1']);
    expect(running.steps[1]).toMatchObject({ type: 'http', completed_at: null, output: null });

    await t.api().post(`/v2/executions/${id}/cancel`).set(bearer(key)).expect(200);
    const cancelled = await waitFor(
      () => read(id),
      (e) => e.status === 'cancelled' && e.steps[1]?.status === 'failed',
    );
    expect(stepsOf(cancelled)).toEqual(['first:completed:1', 'slow:failed:1']);
    expect(cancelled.steps[1].error).toMatchObject({ code: 'cancelled' });
    expect(cancelled.steps[1].completed_at).toEqual(expect.any(String));
  });

  it('shows a step waiting for its next attempt with the attempts it made', async () => {
    const id = await start({
      id: 'flaky',
      type: 'http',
      method: 'GET',
      url: `${receiver.url}/fail`,
      retry: { max_attempts: 5, interval_ms: 600_000, jitter: 'none' },
    });
    // Shown when the wait begins, long before SHOW_RUNNING_STEP_MS would matter.
    const waiting = await waitFor(
      () => read(id),
      (e) => e.steps.length === 2,
    );
    expect(stepsOf(waiting)).toEqual(['first:completed:1', 'flaky:running:1']);
    await t.api().post(`/v2/executions/${id}/cancel`).set(bearer(key)).expect(200);
  });

  it("ends the step the agent's timeout cut short failed with `timeout`", async () => {
    const id = await start(
      {
        id: 'slow',
        type: 'http',
        method: 'GET',
        url: `${receiver.url}/hang/t`,
        timeout_ms: 600_000,
      },
      1500,
    );
    const failed = await waitFor(
      () => read(id),
      (e) => e.status === 'failed' && e.steps.length === 2,
    );
    expect(failed.error).toMatchObject({ code: 'timeout' });
    expect(stepsOf(failed)).toEqual(['first:completed:1', 'slow:failed:1']);
    expect(failed.steps[1].error).toMatchObject({ code: 'timeout' });
  });
});

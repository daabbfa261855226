import type { TestingModule } from '@nestjs/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Execution } from '../../src/executions/execution.entity';
import { RUN_QUEUE } from '../../src/queue/run-queue';
import { WaitPoller } from '../../src/runner/wait-poller';
import { CHILD_RECHECK_MS } from '../../src/workflows/steps/agent.step';
import { openModuleTestDatabase, roleModule, type ModuleTestDatabase } from '../support/container';
import { FakeRunQueue } from '../support/fake-run-queue';
import { insertAgent, insertExecution } from '../support/rows';
import { waitFor } from '../support/wait';

const T0 = Date.parse('2026-11-25T10:00:00.000Z');

/**
 * The parent of an `agent` step and its child's end (docs/workflows.md, Agents as steps), the
 * worker role alone with a fake clock (only `Date` is faked): the parent waits with only its
 * hourly look as its own wake-up; nothing wakes it while the child waits; the child's end makes
 * it due at once and tells the wait poller, which wakes it then, and it resumes with the
 * child's output.
 */
describe('agent step wake-ups (module: the worker role, a fake clock)', () => {
  let db: ModuleTestDatabase;
  let module: TestingModule;
  let queue: FakeRunQueue;

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    db = await openModuleTestDatabase({ WORKER_POLL_MS: '50' });
    queue = new FakeRunQueue();
    module = await roleModule(db, ['worker']).overrideProvider(RUN_QUEUE).useValue(queue).compile();
  });
  afterEach(async () => {
    await module?.close();
    await db?.close();
    vi.useRealTimers();
  });

  const rows = () => db.dataSource.getRepository(Execution);
  const status = (id: string, wanted: string) =>
    waitFor(
      () => rows().findOneByOrFail({ id }),
      (found) => found.status === wanted,
      15_000,
      20,
    );

  it('the child’s end, not the clock, wakes the parent', async () => {
    const account = await db.insertAccount();
    const child = await insertAgent(db.dataSource, account.id, {
      kind: 'workflow',
      timeoutMs: 600_000,
      config: {
        steps: [
          { id: 'hold', type: 'wait', duration_ms: 60_000 },
          { id: 'out', type: 'transform', value: { done: true } },
        ],
      },
    });
    const parent = await insertAgent(db.dataSource, account.id, {
      kind: 'workflow',
      timeoutMs: 600_000,
      config: { steps: [{ id: 'call', type: 'agent', agent_id: child.id }] },
    });
    const run = await insertExecution(db.dataSource, parent, { status: 'queued', input: {} });
    await module.init();
    // Polled by hand only: what wakes the parent is its child's end, told to the poller.
    const poller = module.get(WaitPoller);
    poller.stopTimer();
    void queue.consumer!.wake();
    const waiting = await status(run.id, 'waiting');
    expect(waiting.waiting).toEqual({ step: 'call' });
    expect(waiting.wakeAt?.getTime()).toBe(T0 + CHILD_RECHECK_MS);
    const [kid] = await rows().findBy({ parentExecutionId: run.id });
    void queue.consumer!.wake();
    await status(kid.id, 'waiting');

    vi.setSystemTime(T0 + 59_999);
    await poller.poll();
    expect((await rows().findOneByOrFail({ id: run.id })).status).toBe('waiting');

    vi.setSystemTime(T0 + 60_000);
    await poller.poll(); // wakes the child
    void queue.consumer!.wake();
    await status(kid.id, 'completed');
    // The child's end made the parent due now (its own look comes an hour later), and the
    // poller, told so after the commit, woke it at once: no poll of the test's.
    await status(run.id, 'queued');
    expect(queue.requeued.map((queued) => queued.id)).toContain(run.id);
    void queue.consumer!.wake();
    const done = await status(run.id, 'completed');
    expect(done.output).toEqual({ done: true });
  });
});

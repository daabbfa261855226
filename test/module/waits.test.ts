import type { TestingModule } from '@nestjs/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Execution } from '../../src/executions/execution.entity';
import { RUN_QUEUE } from '../../src/queue/run-queue';
import { WaitPoller } from '../../src/runner/wait-poller';
import { openModuleTestDatabase, roleModule, type ModuleTestDatabase } from '../support/container';
import { FakeRunQueue } from '../support/fake-run-queue';
import { insertAgent, insertExecution } from '../support/rows';
import { waitFor } from '../support/wait';

const T0 = Date.parse('2026-11-25T10:00:00.000Z');

/**
 * Waking waiting executions (docs/workflows.md, Waits), the worker role alone with a fake clock
 * (only `Date` is faked: timers run as usual): a run stops at its `wait` step, nothing wakes it
 * before its time, and once the clock passes it the wait poller puts it back in the queue and
 * the worker resumes it from the wait.
 */
describe('waits (module: the worker role, a fake clock)', () => {
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

  const row = (id: string) => db.dataSource.getRepository(Execution).findOneByOrFail({ id });
  const status = (id: string, wanted: string) =>
    waitFor(
      () => row(id),
      (found) => found.status === wanted,
      15_000,
      20,
    );

  it('wakes a wait once its time has come, not before, and the run goes on from it', async () => {
    const account = await db.insertAccount();
    const agent = await insertAgent(db.dataSource, account.id, {
      kind: 'workflow',
      timeoutMs: 600_000,
      config: {
        steps: [
          { id: 'a', type: 'transform', value: 1 },
          { id: 'hold', type: 'wait', duration_ms: '{% $input.ms %}' },
          { id: 'b', type: 'transform', value: { waited: '{% $steps.hold.waited_ms %}' } },
        ],
      },
    });
    const soon = await insertExecution(db.dataSource, agent, {
      status: 'queued',
      input: { ms: 60_000 },
    });
    const later = await insertExecution(db.dataSource, agent, {
      status: 'queued',
      input: { ms: 120_000 },
    });
    await module.init();
    void queue.consumer!.wake();
    const waiting = await status(soon.id, 'waiting');
    await status(later.id, 'waiting');
    expect(waiting.wakeAt?.getTime()).toBe(T0 + 60_000);
    expect(waiting.waiting).toEqual({ step: 'hold', until: new Date(T0 + 60_000).toISOString() });
    expect(waiting.leasedUntil).toBeNull();

    const poller = module.get(WaitPoller);
    vi.setSystemTime(T0 + 59_999);
    await poller.poll();
    expect((await row(soon.id)).status).toBe('waiting');
    expect(queue.requeued).toEqual([]);

    vi.setSystemTime(T0 + 61_000);
    await poller.poll();
    expect(queue.requeued).toEqual([{ id: soon.id, attempts: 1 }]);
    const woken = await row(soon.id);
    expect(woken).toMatchObject({ status: 'queued', waiting: null, wakeAt: null });
    expect((await row(later.id)).status).toBe('waiting');

    void queue.consumer!.wake();
    const done = await status(soon.id, 'completed');
    expect(done.output).toEqual({ waited: 61_000 });
    expect(done.attempts).toBe(2);
    expect((await row(later.id)).status).toBe('waiting');
  });
});

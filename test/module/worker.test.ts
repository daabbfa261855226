import type { TestingModule } from '@nestjs/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShutdownClock } from '../../src/common/shutdown';
import { Execution } from '../../src/executions/execution.entity';
import { RUN_QUEUE } from '../../src/queue/run-queue';
import { openModuleTestDatabase, roleModule, type ModuleTestDatabase } from '../support/container';
import { FakeRunQueue } from '../support/fake-run-queue';
import { startLocalServer, type LocalServer } from '../support/http-server';
import { insertAgent, insertExecution } from '../support/rows';
import { waitFor } from '../support/wait';

/** The shutdown clock, with the time left before the deadline set by the test. */
class FakeShutdownClock extends ShutdownClock {
  remaining: number | null = null;
  override remainingMs(fallback: number): number {
    return this.remaining ?? fallback;
  }
}

/**
 * The worker role alone (no listener, no REST module), built with Test.createTestingModule:
 * the run queue and the shutdown clock replaced by fakes, the database real.
 */
describe('worker (module: AppModule with roles ["worker"])', () => {
  let db: ModuleTestDatabase;
  let module: TestingModule;
  let queue: FakeRunQueue;
  let clock: FakeShutdownClock;
  let target: LocalServer;
  let closed: boolean;

  beforeEach(async () => {
    closed = false;
    // A grace far beyond the test's timeout: only the fake clock can make shutdown quick.
    db = await openModuleTestDatabase({ SHUTDOWN_GRACE_MS: '600000', WORKER_POLL_MS: '50' });
    target = await startLocalServer(() => undefined); // never answers
    queue = new FakeRunQueue();
    clock = new FakeShutdownClock();
    module = await roleModule(db, ['worker'])
      .overrideProvider(RUN_QUEUE)
      .useValue(queue)
      .overrideProvider(ShutdownClock)
      .useValue(clock)
      .compile();
  });

  afterEach(async () => {
    if (!closed) await module?.close();
    await target?.close();
    await db?.close();
  });

  const row = (id: string) => db.dataSource.getRepository(Execution).findOneByOrFail({ id });

  it('runs a queued execution and announces its end on the queue', async () => {
    const account = await db.insertAccount();
    const agent = await insertAgent(db.dataSource, account.id, {
      config: { threshold: 10, keywords: ['demo'] },
    });
    const queued = await insertExecution(db.dataSource, agent, {
      status: 'queued',
      input: { email: 'ana@acme.io', message: 'A demo please' },
    });
    await module.init();
    void queue.consumer!.wake();

    await waitFor(
      async () => queue.finished,
      (finished) => finished.includes(queued.id),
    );
    const done = await row(queued.id);
    expect(done.status).toBe('completed');
    expect(done.output).toMatchObject({ qualified: expect.any(Boolean) });
    expect(queue.requeued).toEqual([]);
  });

  it('puts a run still going at the shutdown deadline back in the queue', async () => {
    const account = await db.insertAccount();
    const agent = await insertAgent(db.dataSource, account.id, {
      kind: 'http-request',
      config: { url: `${target.url}/slow`, method: 'POST' },
      timeoutMs: 600_000,
    });
    const queued = await insertExecution(db.dataSource, agent, { status: 'queued' });
    await module.init();
    void queue.consumer!.wake();
    await waitFor(
      async () => target.requests.length,
      (count) => count > 0,
    );
    expect((await row(queued.id)).status).toBe('running');

    // The deadline has come: close hands the run back at once instead of waiting the grace.
    clock.remaining = 0;
    const started = Date.now();
    await module.close();
    closed = true;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(queue.requeued).toEqual([{ id: queued.id, attempts: 1 }]);
    const back = await row(queued.id);
    expect(back.status).toBe('queued');
    expect(queue.finished).not.toContain(queued.id);
  });
});

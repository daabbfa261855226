import type { TestingModule } from '@nestjs/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EntityManager } from 'typeorm';
import { Execution } from '../../src/executions/execution.entity';
import {
  EXECUTION_NOTICES,
  type ExecutionChange,
  type ExecutionNotices,
  type LoadedNotices,
} from '../../src/executions/execution-notices';
import { ExecutionStep } from '../../src/executions/execution-step.entity';
import { RUN_QUEUE } from '../../src/queue/run-queue';
import { CallbackDelivery } from '../../src/webhooks/outbound/callback-delivery.entity';
import { openModuleTestDatabase, roleModule, type ModuleTestDatabase } from '../support/container';
import { FakeRunQueue } from '../support/fake-run-queue';
import { insertAgent, insertExecution } from '../support/rows';
import { waitFor } from '../support/wait';

/**
 * Records what the executions module asks of its notices port, and checks inside the
 * transaction that the step records are already stored when the notices are written.
 */
class RecordingNotices implements ExecutionNotices {
  readonly written: { status: string; steps: number | undefined; storedSteps: number }[] = [];
  wakes = 0;

  async load(): Promise<LoadedNotices> {
    return {
      wants: () => true,
      // The claim's `execution.started`, written with the claim's UPDATE (before any step).
      batch: () => ({
        add: (execution) =>
          this.written.push({ status: execution.status, steps: undefined, storedSteps: 0 }),
        statement: () => null,
      }),
    };
  }
  async write(manager: EntityManager, changes: readonly ExecutionChange[]): Promise<number> {
    for (const { execution, steps } of changes) {
      const storedSteps = await manager.countBy(ExecutionStep, { executionId: execution.id });
      this.written.push({ status: execution.status, steps: steps?.length, storedSteps });
    }
    return changes.length;
  }
  wake(): void {
    this.wakes++;
  }
}

/**
 * The worker role with the notices port bound to a fake: the executions module writes its
 * callbacks and events only through EXECUTION_NOTICES (it does not import webhooks), in the
 * transaction that records a run's end, after that run's step records.
 */
describe('execution notices (module: the worker with a fake EXECUTION_NOTICES)', () => {
  let db: ModuleTestDatabase;
  let module: TestingModule;
  let queue: FakeRunQueue;
  let notices: RecordingNotices;

  beforeEach(async () => {
    db = await openModuleTestDatabase({ WORKER_POLL_MS: '50' });
    queue = new FakeRunQueue();
    notices = new RecordingNotices();
    module = await roleModule(db, ['worker'])
      .overrideProvider(RUN_QUEUE)
      .useValue(queue)
      .overrideProvider(EXECUTION_NOTICES)
      .useValue(notices)
      .compile();
  });

  afterEach(async () => {
    await module?.close();
    await db?.close();
  });

  it('writes a finished workflow run’s notices with its steps, after storing them, then wakes', async () => {
    const account = await db.insertAccount();
    const agent = await insertAgent(db.dataSource, account.id, {
      kind: 'workflow',
      config: {
        steps: [
          { id: 'shape', type: 'transform', value: { email: '{% $input.email %}' } },
          { id: 'tag', type: 'transform', value: { tag: 'new' } },
        ],
      },
    });
    const queued = await insertExecution(db.dataSource, agent, {
      status: 'queued',
      input: { email: 'ana@acme.io' },
      callbackUrl: 'https://hooks.example.com/done',
    });
    await module.init();
    void queue.consumer!.wake();

    await waitFor(
      async () => queue.finished,
      (finished) => finished.includes(queued.id),
    );
    const done = await db.dataSource.getRepository(Execution).findOneByOrFail({ id: queued.id });
    expect(done.status).toBe('completed');
    expect(notices.written).toContainEqual({ status: 'running', steps: undefined, storedSteps: 0 });
    expect(notices.written).toContainEqual({ status: 'completed', steps: 2, storedSteps: 2 });
    expect(notices.wakes).toBeGreaterThan(0);
    // The real outbox is not behind the port: nothing of it was written.
    expect(await db.dataSource.getRepository(CallbackDelivery).count()).toBe(0);
  });
});

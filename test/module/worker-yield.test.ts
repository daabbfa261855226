import type { TestingModule } from '@nestjs/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Agent } from '../../src/agents/agent.entity';
import { ExecutionLeases } from '../../src/executions/execution-leases';
import { Execution } from '../../src/executions/execution.entity';
import { IntakePressure } from '../../src/queue/intake-pressure';
import { RUN_QUEUE } from '../../src/queue/run-queue';
import { Worker } from '../../src/runner/worker.service';
import { openModuleTestDatabase, roleModule, type ModuleTestDatabase } from '../support/container';
import { FakeRunQueue } from '../support/fake-run-queue';
import { insertAgent, insertExecution } from '../support/rows';
import { waitFor } from '../support/wait';

/** The intake's pressure, set by the test. */
class FakePressure extends IntakePressure {
  on = false;
  override busy(): boolean {
    return this.on;
  }
}

const YIELD_MS = 1000;

/**
 * Acknowledgements first (WORKER_YIELD_MS): while the intake of its process is under pressure,
 * the worker claims at most every WORKER_YIELD_MS and reserves nothing for the hand-off, until
 * the runs it finds queued have waited WORKER_YIELD_LIMIT_MS. The worker role alone, two
 * slots, the run queue and the pressure faked, the database real.
 */
describe('worker: yielding to the intake (module)', () => {
  let db: ModuleTestDatabase;
  let module: TestingModule;
  let queue: FakeRunQueue;
  let pressure: FakePressure;
  let claims: number[];

  async function build(env: Record<string, string> = {}) {
    db = await openModuleTestDatabase({
      WORKER_CONCURRENCY: '2',
      WORKER_YIELD_MS: String(YIELD_MS),
      WORKER_POLL_MS: '60000',
      // Every plan may use both slots, also before the worker knows the account's plan.
      ACCOUNT_CONCURRENCY: 'free_trial=2,pro=2,enterprise=2',
      ...env,
    });
    queue = new FakeRunQueue();
    pressure = new FakePressure();
    module = await roleModule(db, ['worker'])
      .overrideProvider(RUN_QUEUE)
      .useValue(queue)
      .overrideProvider(IntakePressure)
      .useValue(pressure)
      .compile();
    const leases = module.get(ExecutionLeases);
    const claimNext = leases.claimNext.bind(leases);
    claims = [];
    vi.spyOn(leases, 'claimNext').mockImplementation((...args) => {
      claims.push(Date.now());
      return claimNext(...args);
    });
  }

  afterEach(async () => {
    await module?.close();
    await db?.close();
  });

  async function plainAgent(): Promise<Agent> {
    const account = await db.insertAccount();
    return insertAgent(db.dataSource, account.id, { config: { threshold: 10, keywords: ['x'] } });
  }

  const queued = (agent: Agent, count: number, createdAt = new Date()) =>
    Promise.all(
      Array.from({ length: count }, () =>
        insertExecution(db.dataSource, agent, { status: 'queued', createdAt }),
      ),
    );

  const finishedCount = async (rows: Execution[]) => {
    const repository = db.dataSource.getRepository(Execution);
    const all = await Promise.all(rows.map((r) => repository.findOneByOrFail({ id: r.id })));
    return all.filter((r) => r.status === 'completed' || r.status === 'failed').length;
  };

  /** Starts the worker: `rows` all end sooner than one WORKER_YIELD_MS. */
  async function expectAllRunWithoutYielding(rows: Execution[]) {
    await module.init();
    const started = Date.now();
    void queue.consumer!.wake();
    await waitFor(
      () => finishedCount(rows),
      (count) => count === rows.length,
    );
    expect(Date.now() - started).toBeLessThan(YIELD_MS);
  }

  it('claims at most every WORKER_YIELD_MS while the intake is under pressure', async () => {
    await build();
    const rows = await queued(await plainAgent(), 4);
    pressure.on = true;
    await module.init();
    void queue.consumer!.wake();
    await waitFor(
      () => finishedCount(rows),
      (count) => count === 4,
    );
    // The first claim took two runs; though both slots were free again once they finished,
    // the next claim waited for its turn, counted from the first (not from when the runs
    // finished, which a loaded machine delays).
    expect(claims.length).toBeGreaterThanOrEqual(2);
    expect(claims[1] - claims[0]).toBeGreaterThanOrEqual(YIELD_MS - 50);
  });

  it('claims as fast as slots free up without pressure', async () => {
    await build();
    const rows = await queued(await plainAgent(), 6);
    await expectAllRunWithoutYielding(rows);
  });

  it('stops yielding once the queued runs have waited WORKER_YIELD_LIMIT_MS', async () => {
    await build({ WORKER_YIELD_LIMIT_MS: '60000' });
    const rows = await queued(await plainAgent(), 6, new Date(Date.now() - 120_000));
    pressure.on = true;
    await expectAllRunWithoutYielding(rows);
  });

  it('reserves no slot for the hand-off while the intake is under pressure', async () => {
    await build();
    const agent = await plainAgent();
    await module.init();
    await queue.consumer!.wake(); // finds the queue empty: the hand-off may reserve
    const worker = module.get(Worker);
    const wanted = new Map([[agent.accountId, 1]]);
    const granted = worker.reserve(wanted);
    expect(granted.get(agent.accountId)).toBe(1);
    worker.release(granted);
    pressure.on = true;
    expect(worker.reserve(wanted).size).toBe(0);
  });

  it('can be turned off (WORKER_YIELD_MS=0)', async () => {
    await build({ WORKER_YIELD_MS: '0' });
    const rows = await queued(await plainAgent(), 6);
    pressure.on = true;
    await expectAllRunWithoutYielding(rows);
  });
});

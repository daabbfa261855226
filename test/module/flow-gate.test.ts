import type { TestingModule } from '@nestjs/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Agent } from '../../src/agents/agent.entity';
import type { AgentFlow } from '../../src/agents/flow';
import { Execution } from '../../src/executions/execution.entity';
import { ExecutionIntakeService } from '../../src/executions/execution-intake.service';
import { ExecutionLeases } from '../../src/executions/execution-leases';
import { ExecutionLifecycleService } from '../../src/executions/execution-lifecycle.service';
import { FlowGate } from '../../src/executions/flow-gate';
import { FlowIntake } from '../../src/executions/flow-intake';
import { RUN_QUEUE } from '../../src/queue/run-queue';
import { openModuleTestDatabase, roleModule, type ModuleTestDatabase } from '../support/container';
import { FakeRunQueue } from '../support/fake-run-queue';
import { insertAgent } from '../support/rows';

/**
 * The claim rules of flow control (FlowGate, docs/api.md, Flow control) on the suite's
 * database, with a fake clock: which held executions a pass releases for concurrency per key,
 * throttle windows and debounce periods, in creation order within a key and keys taking turns.
 * The worker is never started: the test itself moves released rows on (running, finished).
 */
describe('flow gate (module: the claim rules of flow control)', () => {
  let db: ModuleTestDatabase;
  let module: TestingModule;
  let intake: ExecutionIntakeService;
  let lifecycle: ExecutionLifecycleService;
  let gate: FlowGate;
  let leases: ExecutionLeases;
  let accountId: string;
  const T0 = new Date('2026-12-02T10:00:00.000Z');

  beforeAll(async () => {
    db = await openModuleTestDatabase();
    module = await roleModule(db, ['worker'])
      .overrideProvider(RUN_QUEUE)
      .useValue(new FakeRunQueue())
      .compile();
    intake = module.get(ExecutionIntakeService, { strict: false });
    lifecycle = module.get(ExecutionLifecycleService, { strict: false });
    gate = module.get(FlowGate, { strict: false });
    leases = module.get(ExecutionLeases, { strict: false });
    accountId = (await db.insertAccount()).id;
  });
  afterAll(async () => {
    await module?.close();
    await db?.close();
  });
  // These tests are about the gate: the intake's admission (a key with room and nothing held
  // stored queued at once, SQLite) is off but where a test says otherwise.
  beforeEach(() => {
    vi.spyOn(FlowIntake.prototype, 'admit').mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const clock = (ms: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(T0.getTime() + ms));
  };
  const agentWith = (flow: AgentFlow): Promise<Agent> =>
    insertAgent(db.dataSource, accountId, { flow, kind: 'lead-qualification' });
  const submit = async (agent: Agent, input: Record<string, unknown>) =>
    (await intake.submit({ agent, input, source: 'api' })).execution;
  const rows = (ids: string[]) =>
    db.dataSource
      .getRepository(Execution)
      .find({ where: ids.map((id) => ({ id })), order: { createdAt: 'ASC', id: 'ASC' } });
  const statusOf = async (ids: string[]) => (await rows(ids)).map((row) => row.status);
  /** The worker's part: released rows start (running) or end (completed). */
  const setStatus = (ids: string[], status: 'running' | 'completed' | 'waiting') =>
    db.dataSource.getRepository(Execution).update(ids, { status });

  it('concurrency per key: at most limit queued or running per key; creation order within a key; keys take turns', async () => {
    clock(0);
    const agent = await agentWith({ concurrency: { limit: 2, key: '{% $input.c %}' } });
    const a = [];
    for (let n = 0; n < 5; n++) a.push((await submit(agent, { c: 'a', n })).id);
    const b = (await submit(agent, { c: 'b' })).id;
    const none = (await submit(agent, {})).id; // the null key
    expect(await statusOf([...a, b, none])).toEqual(Array(7).fill('held'));

    const first = await gate.passAgent(agent.id, 100);
    // Keys take turns: a's first, b's, the null key's, then a's second.
    expect(first.released).toEqual([a[0], b, none, a[1]]);
    expect(await statusOf(a)).toEqual(['queued', 'queued', 'held', 'held', 'held']);
    // Nothing more while those two of key a are queued or running.
    await setStatus([a[0]], 'running');
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([]);
    // A waiting run holds no slot: the next of key a goes.
    await setStatus([a[0]], 'waiting');
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([a[2]]);
    // A finished run gives its slot back, in creation order.
    await setStatus([a[1], a[2]], 'completed');
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([a[3], a[4]]);
    // The held ones said why.
    const [held] = await rows([a[4]]);
    expect(held.held).toBeNull();
  });

  it("claims take released runs in the order released: a key's next run does not pass the first run of a key released before it", async () => {
    // Only this test's rows are claimable.
    await db.dataSource.query(`UPDATE executions SET status = 'completed' WHERE status = 'queued'`);
    clock(0);
    const agent = await agentWith({ concurrency: { limit: 1, key: '{% $input.c %}' } });
    const a1 = (await submit(agent, { c: 'a', n: 1 })).id;
    const a2 = (await submit(agent, { c: 'a', n: 2 })).id;
    clock(1000);
    const b1 = (await submit(agent, { c: 'b', n: 1 })).id;
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([a1, b1]);
    const claimOne = async () => (await leases.claimNext(1, 60_000, new Set())).rows[0]?.id;
    expect(await claimOne()).toBe(a1);
    await setStatus([a1], 'completed');
    clock(2000);
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([a2]);
    // a2 was created before b1, but let go after it: b1 is claimed first.
    expect(await claimOne()).toBe(b1);
    expect(await claimOne()).toBe(a2);
    const [second] = await rows([a2]);
    expect(second.createdAt.getTime()).toBe(T0.getTime());
    expect(second.queuedAt?.getTime()).toBe(T0.getTime() + 2000);
  });

  it('a key that waits says concurrency; a pass is bounded by its budget', async () => {
    clock(0);
    const agent = await agentWith({ concurrency: { limit: 1 } });
    const ids = [];
    for (let n = 0; n < 4; n++) ids.push((await submit(agent, { n })).id);
    const pass = await gate.passAgent(agent.id, 1);
    expect(pass.released).toEqual([ids[0]]);
    const [second] = await rows([ids[1]]);
    expect(second.held).toBe('concurrency');
  });

  it('throttle: at most limit releases in any period, per key; the next when the oldest leaves the window', async () => {
    clock(0);
    const agent = await agentWith({
      throttle: { limit: 2, period_ms: 10_000, key: '{% $input.c %}' },
    });
    const x = [];
    for (let n = 0; n < 5; n++) x.push((await submit(agent, { c: 'x', n })).id);
    const y = (await submit(agent, { c: 'y' })).id;
    const at0 = await gate.passAgent(agent.id, 100);
    expect(at0.released).toEqual([x[0], y, x[1]]);
    // The window frees at T0 + 10 s: the pass says when.
    expect(at0.nextAt).toBe(T0.getTime() + 10_000);
    expect((await rows([x[2]]))[0].held).toBe('throttle');
    clock(9_999);
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([]);
    // Finished or not, a start counts for the whole window (throttle counts starts).
    await setStatus([x[0], x[1]], 'completed');
    clock(10_001);
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([x[2], x[3]]);
    clock(15_000);
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([]);
    clock(20_002);
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([x[4]]);
  });

  it('debounce: one pending execution per key takes the latest input; it starts after the quiet period or max_wait_ms', async () => {
    clock(0);
    const agent = await agentWith({
      debounce: { period_ms: 1000, max_wait_ms: 2500, key: '{% $input.c %}' },
    });
    const first = await submit(agent, { c: 'k', n: 1 });
    clock(600);
    const second = await submit(agent, { c: 'k', n: 2 });
    expect(second.id).toBe(first.id);
    const other = await submit(agent, { c: 'other', n: 9 });
    expect(other.id).not.toBe(first.id);
    // Quiet until 1600 for k (restarted at 600), 1600 for `other`.
    clock(1500);
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([]);
    const third = await submit(agent, { c: 'k', n: 3 });
    expect(third.id).toBe(first.id);
    expect((await rows([first.id]))[0]).toMatchObject({
      input: { c: 'k', n: 3 },
      held: 'debounce',
    });
    clock(1700);
    const pass = await gate.passAgent(agent.id, 100);
    expect(pass.released).toEqual([other.id]);
    // k restarted at 1500: due at 2500, which is also its max wait.
    expect(pass.nextAt).toBe(T0.getTime() + 2500);
    clock(2400);
    expect((await submit(agent, { c: 'k', n: 4 })).id).toBe(first.id);
    clock(2501);
    // max_wait_ms after the first trigger, although triggers kept coming.
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([first.id]);
    expect((await rows([first.id]))[0].input).toEqual({ c: 'k', n: 4 });
    // Once released, a trigger starts a new pending execution.
    const next = await submit(agent, { c: 'k', n: 5 });
    expect(next.id).not.toBe(first.id);
  });

  it('a cancelled held execution leaves its key; a removed flow releases what it held', async () => {
    clock(0);
    const agent = await agentWith({ concurrency: { limit: 1 } });
    const ids = [];
    for (let n = 0; n < 3; n++) ids.push((await submit(agent, { n })).id);
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([ids[0]]);
    const [second] = await rows([ids[1]]);
    const cancelled = await lifecycle.cancel(second);
    expect(cancelled.status).toBe('cancelled');
    await setStatus([ids[0]], 'completed');
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([ids[2]]);

    const more = [];
    for (let n = 0; n < 3; n++) more.push((await submit(agent, { n })).id);
    await db.dataSource.query('UPDATE agents SET flow = NULL WHERE id = ?', [agent.id]);
    expect((await gate.passAgent(agent.id, 100)).released).toEqual(more);
  });

  it('a flow without a key takes its held runs in creation order, and still lets go those held under a key it had before', async () => {
    clock(0);
    const agent = await agentWith({ concurrency: { limit: 5, key: '{% $input.c %}' } });
    const keyed = (await submit(agent, { c: 'a' })).id;
    await db.dataSource.query('UPDATE agents SET flow = ? WHERE id = ?', [
      JSON.stringify({ concurrency: { limit: 2 } }),
      agent.id,
    ]);
    const unkeyed = [];
    for (let n = 0; n < 4; n++) unkeyed.push((await submit(agent, { n })).id);
    // The run held under key "a" goes too, beside the first of the key-less flow: without a
    // key, the limit is the agent's, whatever key its executions were held under.
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([keyed, unkeyed[0]]);
    await setStatus([keyed, unkeyed[0]], 'completed');
    // Only key-less rows are held now: the first two, in creation order.
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([unkeyed[1], unkeyed[2]]);
    await setStatus([unkeyed[1]], 'running');
    await setStatus([unkeyed[2]], 'completed');
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([unkeyed[3]]);
  });

  it("the intake admits at once what has room in a concurrency limit's key and nothing held before it (SQLite; on MySQL the gate decides)", async () => {
    vi.restoreAllMocks();
    clock(0);
    const admits = db.dataSource.options.type === 'better-sqlite3';
    const agent = await agentWith({ concurrency: { limit: 2, key: '{% $input.c %}' } });
    const a = [];
    for (let n = 0; n < 3; n++) a.push(await submit(agent, { c: 'a', n }));
    const b = await submit(agent, { c: 'b' });
    const queuedAtOnce = admits ? ['queued', 'queued', 'held', 'queued'] : Array(4).fill('held');
    expect([...a, b].map((row) => row.status)).toEqual(queuedAtOnce);
    expect(await statusOf([...a.map((row) => row.id), b.id])).toEqual(queuedAtOnce);
    // An admitted run is in its key (it counts against the limit) and has no flow row.
    expect([...a, b].map((row) => row.flowKey)).toEqual(['"a"', '"a"', '"a"', '"b"']);
    const flowRows: { execution_id: string }[] = await db.dataSource.query(
      'SELECT execution_id FROM flow_runs WHERE agent_id = ? ORDER BY created_at, execution_id',
      [agent.id],
    );
    expect(flowRows.map((row) => row.execution_id)).toEqual(
      admits ? [a[2].id] : [...a, b].map((row) => row.id),
    );
    if (!admits) await gate.passAgent(agent.id, 100);
    expect(await statusOf(a.map((row) => row.id))).toEqual(['queued', 'queued', 'held']);
    // A slot frees; a new run of the key is held behind the one held before it, which the
    // gate lets go first.
    await setStatus([a[0].id], 'completed');
    const a3 = await submit(agent, { c: 'a', n: 3 });
    expect(a3.status).toBe('held');
    expect((await gate.passAgent(agent.id, 100)).released).toEqual([a[2].id]);

    // Without a key, every active execution of the agent counts, one without a flow key too.
    const single = await agentWith({ concurrency: { limit: 2 } });
    const plain = await submit({ ...single, flow: null }, { n: 0 });
    expect(plain.flowKey).toBeNull();
    const next = [await submit(single, { n: 1 }), await submit(single, { n: 2 })];
    if (!admits) await gate.passAgent(single.id, 100);
    expect(await statusOf(next.map((row) => row.id))).toEqual(['queued', 'held']);

    // A throttle (or a debounce) is the gate's to decide: never admitted.
    const throttled = await agentWith({
      concurrency: { limit: 5 },
      throttle: { limit: 5, period_ms: 60_000 },
    });
    expect((await submit(throttled, { n: 1 })).status).toBe('held');
  });

  it('agents without flow are never held and write no flow rows', async () => {
    clock(0);
    const agent = await insertAgent(db.dataSource, accountId);
    const execution = await submit(agent, { n: 1 });
    expect(execution.status).toBe('queued');
    expect(execution.flowKey).toBeNull();
    const flowRows: unknown[] = await db.dataSource.query(
      'SELECT * FROM flow_runs WHERE execution_id = ?',
      [execution.id],
    );
    expect(flowRows).toEqual([]);
  });
});

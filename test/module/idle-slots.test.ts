import type { TestingModule } from '@nestjs/testing';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Agent } from '../../src/agents/agent.entity';
import { ExecutionLifecycleService } from '../../src/executions/execution-lifecycle.service';
import { Execution } from '../../src/executions/execution.entity';
import { RUN_QUEUE } from '../../src/queue/run-queue';
import { openModuleTestDatabase, roleModule, type ModuleTestDatabase } from '../support/container';
import { FakeRunQueue } from '../support/fake-run-queue';
import { startLocalServer } from '../support/http-server';
import { insertAgent, insertExecution } from '../support/rows';
import { waitFor } from '../support/wait';

/** A target that holds every request until the test answers it (by path). */
async function heldTarget() {
  const held: { path: string; res: ServerResponse }[] = [];
  const server = await startLocalServer((req, res) => held.push({ path: req.url ?? '', res }));
  return Object.assign(server, {
    held,
    /** Answers the held requests whose path starts with `prefix`. */
    answer(prefix: string) {
      for (const entry of held.filter((h) => h.path.startsWith(prefix))) {
        held.splice(held.indexOf(entry), 1);
        entry.res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      }
    },
  });
}

/**
 * Waiting costs nothing (docs/operations.md, Runs waiting on the network): the worker role alone,
 * WORKER_CONCURRENCY=1, the run queue faked, the database real. A workflow run waiting in an `http`
 * step (inside `idle()`) gives its slot up: another run starts meanwhile; it takes a slot back
 * before its next step; WORKER_MAX_WAITING bounds the waiting runs; a waiting run can be cancelled.
 * A run whose result is being written holds no worker slot either (bounded), but keeps its
 * account's.
 */
describe('worker: runs waiting on the network hold no slot (module)', () => {
  let db: ModuleTestDatabase;
  let module: TestingModule;
  let queue: FakeRunQueue;
  let target: Awaited<ReturnType<typeof heldTarget>>;

  async function build(env: Record<string, string>) {
    db = await openModuleTestDatabase({
      WORKER_CONCURRENCY: '1',
      WORKER_POLL_MS: '50',
      SHUTDOWN_GRACE_MS: '0',
      ...env,
    });
    target = await heldTarget();
    queue = new FakeRunQueue();
    module = await roleModule(db, ['worker']).overrideProvider(RUN_QUEUE).useValue(queue).compile();
  }

  let closed = false;
  afterEach(async () => {
    if (!closed) await module?.close();
    closed = false;
    await target?.close();
    await db?.close();
  });

  const row = (id: string) => db.dataSource.getRepository(Execution).findOneByOrFail({ id });
  const statuses = (ids: string[]) => Promise.all(ids.map(async (id) => (await row(id)).status));

  /** A workflow agent: an http step to `<target>/first/…`, then one to `<target>/then/…`. */
  async function twoCalls(accountId: string): Promise<Agent> {
    return insertAgent(db.dataSource, accountId, {
      kind: 'workflow',
      timeoutMs: 60_000,
      config: {
        steps: [
          { id: 'first', type: 'http', url: `{% "${target.url}/first/" & $input.n %}` },
          { id: 'then', type: 'http', url: `{% "${target.url}/then/" & $input.n %}` },
        ],
      },
    });
  }

  /** Every write of finished runs waits until `open()`; `written` lists the runs it held. */
  function holdWrites() {
    const lifecycle = module.get(ExecutionLifecycleService);
    const finishMany = lifecycle.finishMany.bind(lifecycle);
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const written: string[] = [];
    vi.spyOn(lifecycle, 'finishMany').mockImplementation(async (batch, options) => {
      written.push(...batch.map(({ execution }) => execution.id));
      await gate;
      return finishMany(batch, options);
    });
    return { written, open };
  }

  const queued = (agent: Agent, input: Record<string, unknown> = {}) =>
    insertExecution(db.dataSource, agent, { status: 'queued', input });

  describe('with the defaults (WORKER_MAX_WAITING 1000)', () => {
    beforeEach(() => build({}));

    it('starts another run while one waits, and takes a slot back before the next step', async () => {
      const account = await db.insertAccount();
      const flow = await twoCalls(account.id);
      // Holds its slot while it waits (the http-request kind does not use idle()).
      const holder = await insertAgent(db.dataSource, account.id, {
        kind: 'http-request',
        config: { url: `${target.url}/holder`, method: 'POST' },
        timeoutMs: 60_000,
      });
      const plain = await insertAgent(db.dataSource, account.id, {
        config: { threshold: 10, keywords: ['demo'] },
      });
      const waiting = await queued(flow, { n: 1 });
      await module.init();
      void queue.consumer!.wake();
      await waitFor(
        async () => target.held.map((h) => h.path),
        (paths) => paths.includes('/first/1'),
      );

      // One slot, taken by nobody while the workflow waits: a plain run starts and completes.
      const other = await queued(plain, { email: 'ana@acme.io', message: 'a demo' });
      void queue.consumer!.wake();
      await waitFor(
        async () => queue.finished,
        (finished) => finished.includes(other.id),
      );
      expect((await row(waiting.id)).status).toBe('running');

      // A run that keeps its slot while it waits takes the one slot.
      const busy = await queued(holder);
      void queue.consumer!.wake();
      await waitFor(
        async () => target.held.map((h) => h.path),
        (paths) => paths.includes('/holder'),
      );
      // The workflow's answer comes: it needs a slot back for its next step, and waits.
      target.answer('/first/');
      const late = await queued(plain, { email: 'bo@acme.io', message: 'hi' });
      void queue.consumer!.wake();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(target.requests.map((r) => r.path)).not.toContain('/then/1');
      // A new run does not take the slot the workflow waits for.
      expect((await row(late.id)).status).toBe('queued');

      // The holder ends: its slot goes to the workflow first, which sends its next request.
      target.answer('/holder');
      await waitFor(
        async () => target.held.map((h) => h.path),
        (paths) => paths.includes('/then/1'),
      );
      target.answer('/then/');
      await waitFor(
        async () => statuses([waiting.id, busy.id, late.id]),
        (all) => all.every((status) => status === 'completed'),
      );
      const done = await row(waiting.id);
      expect(done.output).toMatchObject({ status_code: 200 });
      expect(done.attempts).toBe(1);
    });

    it('cancels a run while it waits, and its slot is not lost', async () => {
      const account = await db.insertAccount();
      const flow = await twoCalls(account.id);
      const waiting = await queued(flow, { n: 7 });
      await module.init();
      void queue.consumer!.wake();
      await waitFor(
        async () => target.held.length,
        (count) => count === 1,
      );
      await module.get(ExecutionLifecycleService).cancel(await row(waiting.id));
      // The request is aborted at once (the connection closed), the row stays cancelled.
      await waitFor(
        async () => target.aborted,
        (aborted) => aborted === 1,
      );
      expect((await row(waiting.id)).status).toBe('cancelled');

      // The one slot still works: two more runs, one after the other.
      const next = [await queued(flow, { n: 8 }), await queued(flow, { n: 9 })];
      void queue.consumer!.wake();
      for (const path of ['/first/8', '/first/9', '/then/8', '/then/9']) {
        await waitFor(
          async () => target.held.map((h) => h.path),
          (paths) => paths.includes(path),
        );
        target.answer(path);
      }
      await waitFor(
        async () => statuses(next.map((e) => e.id)),
        (all) => all.every((status) => status === 'completed'),
      );
      expect((await row(waiting.id)).status).toBe('cancelled');
    });
  });

  describe('writing a result', () => {
    beforeEach(() => build({}));

    it("gives the worker's slot back, not the account's, up to WORKER_CONCURRENCY runs", async () => {
      // Three accounts (each capped at 1 run by WORKER_CONCURRENCY=1); x has two runs.
      const runs: Execution[] = [];
      for (const n of [1, 2, 3]) {
        const account = await db.insertAccount();
        const plain = await insertAgent(db.dataSource, account.id, {
          config: { threshold: 10, keywords: ['demo'] },
        });
        runs.push(await queued(plain, { email: `a${n}@acme.io` }));
        if (n === 1) runs.push(await queued(plain, { email: 'a1b@acme.io' }));
      }
      const ids = runs.map((e) => e.id);
      const { written, open } = holdWrites();
      await module.init();
      void queue.consumer!.wake();

      // The first run's result is being written: the one slot went to a run of another
      // account, which computed too and is written in its slot (one run is written without
      // one already).
      const running = async () =>
        (await Promise.all(ids.map(row))).filter((e) => e.status === 'running');
      await waitFor(running, (rows) => rows.length === 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await queue.consumer!.wake();
      const rows = await running();
      expect(rows).toHaveLength(2);
      // Never two of one account: the run being written keeps its account's slot.
      expect(new Set(rows.map((e) => e.accountId)).size).toBe(2);
      expect(written.length).toBeGreaterThan(0);

      open();
      await waitFor(
        async () => statuses(ids),
        (all) => all.every((status) => status === 'completed'),
      );
    });
  });

  describe("writing a result, one account's runs", () => {
    beforeEach(() => build({ WORKER_CONCURRENCY: '2', ACCOUNT_CONCURRENCY: 'enterprise=1' }));

    it("keeps the account's slot: its next run waits until the first is written", async () => {
      const account = await db.insertAccount();
      const plain = await insertAgent(db.dataSource, account.id, {
        config: { threshold: 10, keywords: ['demo'] },
      });
      const ids = [
        (await queued(plain, { email: 'a@acme.io' })).id,
        (await queued(plain, { email: 'b@acme.io' })).id,
      ];
      const { written, open } = holdWrites();
      await module.init();
      void queue.consumer!.wake();
      await waitFor(
        async () => written,
        (ids) => ids.length > 0,
      );
      await queue.consumer!.wake();
      expect(await statuses(ids)).toEqual(['running', 'queued']);

      open();
      await waitFor(
        async () => statuses(ids),
        (all) => all.every((status) => status === 'completed'),
      );
    });
  });

  describe('with WORKER_MAX_WAITING=2', () => {
    beforeEach(() => build({ WORKER_MAX_WAITING: '2' }));

    it('lets at most 2 runs wait without a slot; the third waits in the slot', async () => {
      const account = await db.insertAccount();
      const flow = await twoCalls(account.id);
      const runs: Execution[] = [];
      for (let n = 1; n <= 5; n++) runs.push(await queued(flow, { n }));
      await module.init();
      void queue.consumer!.wake();
      await waitFor(
        async () => target.held.length,
        (count) => count === 3,
      );
      // Let the worker look again: nothing more starts while the third holds the only slot.
      void queue.consumer!.wake();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(target.held.map((h) => h.path).sort()).toEqual(['/first/1', '/first/2', '/first/3']);
      expect(await statuses(runs.map((e) => e.id))).toEqual([
        'running',
        'running',
        'running',
        'queued',
        'queued',
      ]);

      // Everything drains, the bound kept all along.
      let most = 0;
      await waitFor(
        async () => {
          most = Math.max(most, target.held.length);
          target.answer('/');
          return statuses(runs.map((e) => e.id));
        },
        (all) => all.every((status) => status === 'completed'),
        20_000,
      );
      expect(most).toBeLessThanOrEqual(3);
    });
  });

  describe('leases and shutdown (WORKER_LEASE_MS=300)', () => {
    beforeEach(() => build({ WORKER_LEASE_MS: '300' }));

    it('renews the lease of a waiting run, and hands it back at shutdown', async () => {
      const account = await db.insertAccount();
      const flow = await twoCalls(account.id);
      const waiting = await queued(flow, { n: 3 });
      await module.init();
      void queue.consumer!.wake();
      await waitFor(
        async () => target.held.length,
        (count) => count === 1,
      );
      const first = (await row(waiting.id)).leasedUntil!.getTime();
      await new Promise((resolve) => setTimeout(resolve, 700));
      const later = await row(waiting.id);
      expect(later.status).toBe('running');
      expect(later.leasedUntil!.getTime()).toBeGreaterThan(first);

      // SHUTDOWN_GRACE_MS=0: the waiting run is aborted and put back in the queue.
      await module.close();
      closed = true;
      expect(queue.requeued).toEqual([{ id: waiting.id, attempts: 1 }]);
      expect((await row(waiting.id)).status).toBe('queued');
      await waitFor(
        async () => target.aborted,
        (aborted) => aborted === 1,
      );
    });
  });
});

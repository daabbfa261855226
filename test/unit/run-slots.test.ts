import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../src/config/plans';
import { loadConfig } from '../../src/config/configuration';
import { AccountSlots, waitingCaps } from '../../src/runner/account-slots';
import { RunSlots } from '../../src/runner/run-slots';
import { runCaps } from '../../src/throttling/plan-limits';

const base = () => ({ DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'cfg-')), 'db.sqlite') });

/** A promise the test settles. */
function gate<T = string>() {
  let open!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Slots of a worker whose accounts are all of `plan` (known to AccountSlots at once). */
function slots(concurrency: number, maxWaiting: number, plan: Plan = 'pro') {
  const accounts = new AccountSlots(
    concurrency,
    {},
    async (ids) => new Map(ids.map((id) => [id, plan])),
    maxWaiting,
  );
  const freedWith: boolean[] = [];
  const pool = new RunSlots(concurrency, maxWaiting, accounts, (withAccount) =>
    freedWith.push(withAccount),
  );
  return { pool, accounts, freed: () => freedWith.length, freedWith };
}

/** Starts a run of `accountId` in `pool` with the plan remembered as a claim would. */
function start(pool: RunSlots, accountId = 'acc_a', plan: Plan = 'pro') {
  pool.accounts.remaining(accountId, plan);
  const controller = new AbortController();
  return { slot: pool.start(accountId, controller.signal), controller };
}

describe('WORKER_MAX_WAITING', () => {
  it('defaults to 1000 and takes 0 (no run waits without its slot) up to 100000', () => {
    expect(loadConfig(base()).workerMaxWaiting).toBe(1000);
    expect(loadConfig({ ...base(), WORKER_MAX_WAITING: '0' }).workerMaxWaiting).toBe(0);
    expect(loadConfig({ ...base(), WORKER_MAX_WAITING: '100000' }).workerMaxWaiting).toBe(100_000);
  });

  it.each(['-1', 'many', '1.5', '100001'])('refuses WORKER_MAX_WAITING=%s naming it', (value) => {
    expect(() => loadConfig({ ...base(), WORKER_MAX_WAITING: value })).toThrow(
      /WORKER_MAX_WAITING/,
    );
  });

  it("gives each plan its share of the waiting runs (the plan's share of the slots)", () => {
    expect(waitingCaps(runCaps(32), 32, 1000)).toEqual({
      free_trial: 62,
      pro: 250,
      enterprise: 750,
    });
    expect(waitingCaps(runCaps(4), 4, 1)).toEqual({ free_trial: 1, pro: 1, enterprise: 1 });
    expect(waitingCaps(runCaps(32), 32, 0)).toEqual({ free_trial: 0, pro: 0, enterprise: 0 });
  });
});

describe('RunSlots: waiting costs no slot', () => {
  it('frees the slot of a run waiting in idle(), and takes one back before going on', async () => {
    const { pool, freed, freedWith } = slots(1, 10);
    const a = start(pool);
    expect(pool.full()).toBe(true);
    const request = gate();
    let after = false;
    const waited = pool
      .idle(a.slot, () => request.promise)
      .then((value) => {
        after = true;
        return value;
      });
    expect(pool.full()).toBe(false);
    expect(freed()).toBe(1);
    expect(freedWith).toEqual([true]); // its account's slot too
    expect(pool.waitingCount()).toBe(1);

    // Another run takes the slot; the first one's answer comes meanwhile: it queues.
    const b = start(pool);
    request.open('answer');
    await tick();
    expect(after).toBe(false);
    expect(pool.resumingCount()).toBe(1);
    // The slot it waits for is not offered to a claim.
    expect(pool.free()).toBe(-1);

    pool.end(b.slot);
    expect(await waited).toBe('answer');
    expect(a.slot.holding).toBe(true);
    expect(pool.waitingCount()).toBe(0);
    expect(pool.full()).toBe(true);
    pool.end(a.slot);
    expect(pool.free()).toBe(1);
  });

  it('takes a slot back after a failed wait too, and passes the error on', async () => {
    const { pool } = slots(1, 10);
    const a = start(pool);
    const request = gate();
    const waited = pool.idle(a.slot, () => request.promise);
    const b = start(pool);
    request.fail(new Error('refused'));
    let settled = false;
    waited.catch(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    pool.end(b.slot);
    await expect(waited).rejects.toThrow('refused');
    expect(a.slot.holding).toBe(true);
  });

  it('gives freed slots to returning runs first in, first out, before new work', async () => {
    const { pool } = slots(2, 10);
    const [a, b] = [start(pool), start(pool)];
    const [ra, rb] = [gate(), gate()];
    const order: string[] = [];
    const wa = pool.idle(a.slot, () => ra.promise).then(() => order.push('a'));
    const wb = pool.idle(b.slot, () => rb.promise).then(() => order.push('b'));
    const [c, d] = [start(pool), start(pool)];
    rb.open('b');
    await tick();
    ra.open('a');
    await tick();
    expect(pool.resumingCount()).toBe(2);
    pool.end(c.slot);
    await wb;
    expect(order).toEqual(['b']);
    // One slot went to b: none for a claim, a still queued.
    expect(pool.free()).toBe(-1);
    pool.end(d.slot);
    await wa;
    expect(order).toEqual(['b', 'a']);
    expect(pool.free()).toBe(0);
  });

  it('passes over a returning run whose account is at its cap, not the others', async () => {
    // free_trial: 2 runs at once of 4 slots.
    const { pool } = slots(4, 10, 'free_trial');
    const a1 = start(pool, 'acc_a', 'free_trial');
    const r = gate();
    const back = pool.idle(a1.slot, () => r.promise);
    const a2 = start(pool, 'acc_a', 'free_trial');
    const a3 = start(pool, 'acc_a', 'free_trial');
    expect(pool.accounts.remaining('acc_a')).toBe(0);
    r.open('a');
    await tick();
    // Slots are free, but not for acc_a: it waits for one of its own runs.
    expect(a1.slot.holding).toBe(false);
    const b = start(pool, 'acc_b', 'free_trial');
    expect(b.slot.holding).toBe(true);
    expect(pool.free()).toBe(0); // 4 slots: a2, a3, b and the one a1 waits for
    pool.end(a3.slot);
    await back;
    expect(a1.slot.holding).toBe(true);
    pool.end(a2.slot);
  });

  it('keeps the slot of a run past WORKER_MAX_WAITING or its account’s share', async () => {
    const { pool } = slots(4, 1);
    const a = start(pool);
    const b = start(pool, 'acc_b');
    const [ra, rb] = [gate(), gate()];
    const wa = pool.idle(a.slot, () => ra.promise);
    expect(a.slot.holding).toBe(false);
    const wb = pool.idle(b.slot, () => rb.promise);
    expect(b.slot.holding).toBe(true); // the process's one waiting place is taken
    expect(pool.free()).toBe(3);
    ra.open('a');
    rb.open('b');
    await Promise.all([wa, wb]);

    // free_trial: 2 of 4 slots, so 2 of 4 waiting places per account.
    const trial = slots(4, 4, 'free_trial').pool;
    const runs = [start(trial, 'acc_t', 'free_trial'), start(trial, 'acc_t', 'free_trial')];
    const gates = [gate(), gate()];
    const waits = runs.map((run, i) => trial.idle(run.slot, () => gates[i].promise));
    expect(runs.map((run) => run.slot.holding)).toEqual([false, false]);
    const third = start(trial, 'acc_t', 'free_trial');
    void trial.idle(third.slot, () => gate().promise);
    expect(third.slot.holding).toBe(true);
    expect(trial.accounts.waitingBy('acc_t')).toBe(2);
    gates.forEach((g) => g.open('x'));
    await tick();
    // Back from the wait: the account's cap holds (2), so one of them waits for `third`.
    expect(trial.resumingCount()).toBe(1);
    trial.end(third.slot);
    await Promise.all(waits);
    expect(runs.map((run) => run.slot.holding)).toEqual([true, true]);
  });

  it('counts a run waiting on several requests at once as one waiting run', async () => {
    const { pool } = slots(1, 10);
    const a = start(pool);
    const [r1, r2] = [gate(), gate()];
    const w1 = pool.idle(a.slot, () => r1.promise);
    const w2 = pool.idle(a.slot, () => r2.promise);
    expect(pool.waitingCount()).toBe(1);
    r1.open('1');
    await w1; // the other request still waits: no slot needed yet
    expect(a.slot.holding).toBe(false);
    r2.open('2');
    await w2;
    expect(a.slot.holding).toBe(true);
    expect(pool.full()).toBe(true);
  });

  it('releases everything of a run that ends while it waits or queues (cancel)', async () => {
    const { pool } = slots(1, 10);
    const a = start(pool);
    const r = gate();
    const waited = pool.idle(a.slot, () => r.promise);
    const b = start(pool);
    r.open('late');
    await tick();
    expect(pool.resumingCount()).toBe(1);
    // Cancelled while queued: it leaves the queue and goes on without a slot (to see the abort).
    a.controller.abort();
    pool.end(a.slot);
    expect(await waited).toBe('late');
    expect(pool.resumingCount()).toBe(0);
    expect(pool.waitingCount()).toBe(0);
    expect(a.slot.holding).toBe(false);
    pool.end(b.slot);
    expect(pool.free()).toBe(1);

    // Aborted while waiting: no slot is queued for at all.
    const c = start(pool);
    const rc = gate();
    const wc = pool.idle(c.slot, () => rc.promise);
    c.controller.abort();
    rc.fail(new Error('aborted'));
    await expect(wc).rejects.toThrow('aborted');
    expect(pool.resumingCount()).toBe(0);
    pool.end(c.slot);
    expect(pool.free()).toBe(1);
    expect(pool.accounts.heldBy('acc_a')).toBe(0);
  });

  it('lets returning runs go on at once once the worker stops, and waits no more', async () => {
    const { pool } = slots(1, 10);
    const a = start(pool);
    const r = gate();
    const waited = pool.idle(a.slot, () => r.promise);
    const b = start(pool);
    r.open('x');
    await tick();
    pool.stop();
    await waited;
    expect(a.slot.holding).toBe(true);
    // Stopping: a run that waits keeps its slot.
    void pool.idle(b.slot, () => gate().promise);
    expect(b.slot.holding).toBe(true);
  });

  it("gives the worker's slot back while a result is written, not its account's", () => {
    const { pool, freedWith } = slots(1, 10);
    const a = start(pool);
    pool.writeResult(a.slot);
    expect(pool.free()).toBe(1);
    expect(freedWith).toEqual([false]);
    expect(pool.accounts.heldBy('acc_a')).toBe(1);
    pool.end(a.slot);
    expect(pool.accounts.heldBy('acc_a')).toBe(0);
    expect(pool.free()).toBe(1);
  });
});

import type { AccountSlots } from './account-slots';

/** One run's hold on a worker slot (RunSlots). */
export class RunSlot {
  /** Holds one of the worker's slots (and one of its account's). */
  holding = true;
  /** Ended (finished, cancelled, given up): nothing more is counted for it. */
  ended = false;
  /** Its result is being written without the worker's slot; its account's is kept (`writeResult`). */
  writing = false;
  /** Calls of idle() in flight (a workflow may wait on several requests at once). */
  idleCalls = 0;
  /** Its place in the queue for a slot back, while it waits there. */
  resumed: Promise<void> | null = null;
  wake: (() => void) | null = null;

  constructor(
    readonly accountId: string,
    readonly signal: AbortSignal,
  ) {}
}

/**
 * The worker's WORKER_CONCURRENCY slots, with waiting that costs none (docs/operations.md, Runs
 * waiting on the network).
 *
 * A run holds a slot while it computes. When it waits on the network (`idle(work)`: an `http`
 * step's request, a model call), it gives the slot (and its account's) back, so the worker
 * claims and starts other runs meanwhile; it stays leased and in the worker's runs (renewed,
 * cancellable, handed back at shutdown). When the wait ends it queues for a slot, first in
 * first out, and goes on once it has one. Returning runs come before new work: the slots they
 * queue for are not offered to claims or the hand-off (`free()`, `AccountSlots.remaining`),
 * and a freed slot goes to the oldest of them whose account has room. No deadlock: a run never
 * waits for a slot while holding one, and every slot holder computes (or finishes) without
 * waiting for another run. Once the worker stops, a returning run takes its slot at once (no
 * new run starts then).
 *
 * Bounded: at most WORKER_MAX_WAITING runs of the process wait without a slot, and each account
 * at most its plan's share of them (AccountSlots.mayWait); a run past either bound waits in its
 * slot as before, so the worker holds at most WORKER_CONCURRENCY + WORKER_MAX_WAITING runs.
 *
 * A run whose result is being written gives the worker's slot back too (`writeResult`, at
 * most WORKER_CONCURRENCY such runs, held besides the others), but not its account's: the row
 * is `running` until then.
 */
export class RunSlots {
  private holding = 0;
  /** Slots promised to the intake of this process (LocalDispatch), not yet started. */
  private reserved = 0;
  private waiting = 0;
  /** Runs whose result is being written without their slot (`writeResult`). */
  private writing = 0;
  /** Runs whose wait ended, oldest first, each queued for a slot. */
  private readonly queue: RunSlot[] = [];
  private stopping = false;

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
    readonly accounts: AccountSlots,
    /**
     * A worker slot was given back (a run began to wait, `withAccount` its account's slot too;
     * or its result is being written): claim more, wake slot waiters.
     */
    private readonly freed: (withAccount: boolean) => void,
  ) {}

  /** Slots a claim or the hand-off may take now (returning runs come first). */
  free(): number {
    return this.concurrency - this.holding - this.reserved - this.queue.length;
  }

  full(): boolean {
    return this.free() <= 0;
  }

  /** Runs without a slot now: waiting on the network, or queued for a slot back. */
  waitingCount(): number {
    return this.waiting;
  }

  /** Runs queued for a slot back. */
  resumingCount(): number {
    return this.queue.length;
  }

  /** The worker stops: no run gives its slot up any more, and returning runs go on at once. */
  stop(): void {
    this.stopping = true;
    this.grant();
  }

  /** A run starts in a slot (taken now, or reserved before: `reserved`). */
  start(accountId: string, signal: AbortSignal, reserved = false): RunSlot {
    if (reserved) this.reserved = Math.max(0, this.reserved - 1);
    else this.accounts.take(accountId);
    this.holding++;
    return new RunSlot(accountId, signal);
  }

  /** Reserves slots for the hand-off within each account's cap; returns those granted. */
  reserve(wanted: Map<string, number>): Map<string, number> {
    const granted = this.accounts.grant(wanted, this.free());
    for (const count of granted.values()) this.reserved += count;
    return granted;
  }

  /** Gives back reserved slots the hand-off did not use. */
  release(counts: Map<string, number>): void {
    this.reserved = Math.max(0, this.reserved - this.accounts.giveAll(counts));
    this.grant();
  }

  /** Reserved slots whose runs will not start (the worker stops). */
  unreserve(accountIds: string[]): void {
    this.reserved = Math.max(0, this.reserved - accountIds.length);
    for (const accountId of accountIds) this.accounts.give(accountId);
    this.grant();
  }

  /** Runs `work` (waiting on the network) without the slot of `slot`'s run, if bounds allow. */
  async idle<T>(slot: RunSlot, work: () => Promise<T>): Promise<T> {
    if (slot.ended) return work();
    slot.idleCalls++;
    if (slot.holding && slot.idleCalls === 1 && this.mayWait(slot.accountId)) this.letGo(slot);
    try {
      return await work();
    } finally {
      slot.idleCalls--;
      // Aborted (cancel, timeout, shutdown) or ended: its runner is done with it, no slot.
      if (slot.idleCalls === 0 && !slot.holding && !slot.ended && !slot.signal.aborted) {
        await this.comeBack(slot);
      }
    }
  }

  /** The run of `slot` ended: its slot, or its place among the waiting, is given back. */
  end(slot: RunSlot): void {
    if (slot.ended) return;
    slot.ended = true;
    if (slot.writing) {
      this.writing--;
      this.accounts.give(slot.accountId);
    } else if (slot.holding) {
      this.holding--;
      this.accounts.give(slot.accountId);
    } else {
      this.stopWaiting(slot);
      const at = this.queue.indexOf(slot);
      if (at >= 0) {
        this.queue.splice(at, 1);
        this.accounts.addResuming(slot.accountId, -1);
        slot.wake?.(); // its kind sees the abort and gives up
      }
    }
    this.grant();
  }

  /**
   * The run of `slot` has its result and only waits for it to be written (RunRecorder): it
   * gives the worker's slot back now, so that another run computes meanwhile, unless
   * WORKER_CONCURRENCY runs are being written already (then it is written in its slot). It
   * keeps its account's slot until `end`: the row is `running` until written, and an account
   * never has more rows running than its cap because of this. The run stays the worker's
   * until written (leases, cancel, hand-back).
   */
  writeResult(slot: RunSlot): void {
    if (slot.ended || !slot.holding || this.writing >= this.concurrency) return;
    slot.holding = false;
    slot.writing = true;
    this.holding--;
    this.writing++;
    this.grant();
    this.freed(false);
  }

  private mayWait(accountId: string): boolean {
    return !this.stopping && this.waiting < this.maxWaiting && this.accounts.mayWait(accountId);
  }

  private letGo(slot: RunSlot): void {
    slot.holding = false;
    this.holding--;
    this.accounts.give(slot.accountId);
    this.waiting++;
    this.accounts.addWaiting(slot.accountId, 1);
    this.grant();
    this.freed(true);
  }

  private comeBack(slot: RunSlot): Promise<void> {
    slot.resumed ??= new Promise<void>((resolve) => {
      slot.wake = resolve;
      this.queue.push(slot);
      this.accounts.addResuming(slot.accountId, 1);
      this.grant();
    }).finally(() => {
      slot.resumed = null;
      slot.wake = null;
    });
    return slot.resumed;
  }

  private stopWaiting(slot: RunSlot): void {
    this.waiting--;
    this.accounts.addWaiting(slot.accountId, -1);
  }

  /** Gives free slots to returning runs, oldest first, each within its account's cap. */
  private grant(): void {
    for (let i = 0; i < this.queue.length;) {
      if (!this.stopping && this.holding + this.reserved >= this.concurrency) return;
      const slot = this.queue[i];
      if (!this.stopping && !this.accounts.roomToResume(slot.accountId)) {
        i++;
        continue;
      }
      this.queue.splice(i, 1);
      this.accounts.addResuming(slot.accountId, -1);
      this.stopWaiting(slot);
      this.accounts.take(slot.accountId);
      this.holding++;
      slot.holding = true;
      slot.wake?.();
    }
  }
}

import type { CarriedExecution } from './local-bus';

/** What a worker offers the intake of its own process (see LocalDispatch). */
export interface DispatchTarget {
  /**
   * Reserves run slots: up to `wanted` per account, within WORKER_CONCURRENCY and each
   * account's cap; returns how many it reserved per account (none when busy).
   */
  reserve(wanted: Map<string, number>): Map<string, number>;
  /** Gives back reserved slots that were not used, per account. */
  release(counts: Map<string, number>): void;
  /**
   * Runs executions committed as already claimed (`running`, a lease, `attempts` 1), one per
   * reserved slot; `agents` are their agents by id, as the intake read them.
   */
  start(executions: CarriedExecution[], agents: ReadonlyMap<string, object>): void;
  /**
   * Runs an execution not stored yet, of a pure kind (no effect outside its run), at once in
   * a slot of its account, and resolves how it ended (the executions module's RunOutcome);
   * null when it was not run (the kind is not pure, no slot is free, the worker is stopping)
   * or could not end (the database could not be read).
   */
  runNow(execution: CarriedExecution, agent: object): Promise<object | null>;
  /**
   * As `runNow`, but in the slot of the run that asks (an `agent` step's parent, which waits
   * for this run and computes nothing meanwhile), so that a worker whose slots are all taken
   * still runs it; null when it was not run (the kind is not pure, the worker is stopping).
   */
  runWithin(execution: CarriedExecution, agent: object): Promise<object | null>;
}

/** The slots reserved for one batch of the intake, per account, and those it used. */
export class DispatchGrant {
  private readonly used = new Map<string, number>();

  constructor(private readonly granted: Map<string, number> = new Map()) {}

  /** Uses one slot of the account's, if one is left. */
  take(accountId: string): boolean {
    const used = this.used.get(accountId) ?? 0;
    if (used >= (this.granted.get(accountId) ?? 0)) return false;
    this.used.set(accountId, used + 1);
    return true;
  }

  /** Forgets the slots used (the batch is prepared again). */
  reset(): void {
    this.used.clear();
  }

  /** The slots not used, per account (all of them with `all`). */
  left(all = false): Map<string, number> {
    const left = new Map<string, number>();
    for (const [accountId, granted] of this.granted) {
      const count = granted - (all ? 0 : (this.used.get(accountId) ?? 0));
      if (count > 0) left.set(accountId, count);
    }
    return left;
  }
}

/**
 * Direct hand-off from the intake to the worker of the same process (embedded queue only).
 * When that worker has free slots and no known backlog, new executions are committed already
 * claimed by it (`running` with its lease) and start at once: no claim transaction, no wait
 * for the wake-up. The account's cap holds here too: an account gets no more slots than its
 * plan leaves it (AccountSlots). A run handed off this way is owned exactly like a claimed
 * one: the worker renews its lease, and if the process dies, recovery puts it back in the
 * queue. Without a worker in the process (or with BullMQ, whose jobs wake the workers)
 * nothing is reserved and every execution goes through the queue.
 */
export class LocalDispatch {
  private target: DispatchTarget | null = null;

  attach(target: DispatchTarget): void {
    this.target = target;
  }

  detach(target: DispatchTarget): void {
    if (this.target === target) this.target = null;
  }

  /** Reserves slots for executions of these accounts (one entry per execution). */
  reserve(accountIds: string[]): DispatchGrant {
    if (accountIds.length === 0 || !this.target) return new DispatchGrant();
    const wanted = new Map<string, number>();
    for (const accountId of accountIds) wanted.set(accountId, (wanted.get(accountId) ?? 0) + 1);
    return new DispatchGrant(this.target.reserve(wanted));
  }

  /** Gives back the slots of `grant` not used (all of them with `all`). */
  release(grant: DispatchGrant, all = false): void {
    const left = grant.left(all);
    if (left.size > 0) this.target?.release(left);
  }

  start(executions: CarriedExecution[], agents: ReadonlyMap<string, object>): void {
    if (executions.length > 0) this.target?.start(executions, agents);
  }

  /** DispatchTarget.runNow; null without a worker in this process. */
  runNow(execution: CarriedExecution, agent: object): Promise<object | null> {
    return this.target?.runNow(execution, agent) ?? Promise.resolve(null);
  }

  /** DispatchTarget.runWithin; null without a worker in this process. */
  runWithin(execution: CarriedExecution, agent: object): Promise<object | null> {
    return this.target?.runWithin(execution, agent) ?? Promise.resolve(null);
  }
}

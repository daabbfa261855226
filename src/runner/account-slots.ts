import type { LRUCache } from 'lru-cache';
import { growingLru } from '../common/growing-lru';
import type { Plan } from '../config/plans';
import { runCaps } from '../throttling/plan-limits';

/** How long an account's plan read by a claim or a lookup is trusted. */
const PLAN_TTL_MS = 60_000;
/** Plans kept at most (the least recently used forgotten first, and read again when needed). */
const MAX_PLANS = 10_000;

/**
 * Runs of one account that may wait on the network without a slot, per plan: the plan's share
 * of the slots (its cap / WORKER_CONCURRENCY) applied to WORKER_MAX_WAITING, at least 1 (0 when
 * WORKER_MAX_WAITING is 0).
 */
export function waitingCaps(
  caps: Record<Plan, number>,
  workerConcurrency: number,
  maxWaiting: number,
): Record<Plan, number> {
  const waiting = {} as Record<Plan, number>;
  for (const [plan, cap] of Object.entries(caps) as [Plan, number][]) {
    waiting[plan] =
      maxWaiting === 0
        ? 0
        : Math.min(maxWaiting, Math.max(1, Math.floor((maxWaiting * cap) / workerConcurrency)));
  }
  return waiting;
}

/**
 * Fairness between accounts in one worker process: how many of its slots each account holds
 * (runs and slots reserved for the local hand-off), and the cap of each account's plan
 * (ACCOUNT_CONCURRENCY, `PLAN_CONCURRENCY`). The claim takes for an account at most what its
 * cap leaves, minus its runs coming back from a wait (they come first); the hand-off likewise.
 * An account whose plan is not known yet (not seen by a claim) gets the smallest cap of all
 * plans until its plan is looked up (`lookUp`). It also counts each account's runs waiting
 * without a slot (RunSlots), within the plan's share of WORKER_MAX_WAITING (`waitingCaps`).
 */
export class AccountSlots {
  private readonly caps: Record<Plan, number>;
  private readonly waitingCapsByPlan: Record<Plan, number>;
  private readonly smallest: number;
  private readonly smallestWaiting: number;
  private readonly held = new Map<string, number>();
  /** Runs without a slot (waiting on the network, or for a slot back). */
  private readonly waiting = new Map<string, number>();
  /** Of those, runs whose wait ended, queued for a slot. */
  private readonly resuming = new Map<string, number>();
  /** Plans by account: fresh for PLAN_TTL_MS; a stale one still answers while it is read again. */
  private readonly plans = growingLru<string, Plan>(MAX_PLANS, {
    ttl: PLAN_TTL_MS,
    allowStale: true,
    noDeleteOnStaleGet: true,
  });
  private readonly lookingUp = new Set<string>();

  constructor(
    workerConcurrency: number,
    overrides: Partial<Record<Plan, number>>,
    /** Reads the plans of accounts (the hand-off meets accounts no claim has seen). */
    private readonly lookUp: (accountIds: string[]) => Promise<Map<string, Plan>>,
    /** WORKER_MAX_WAITING (0: no run waits without its slot). */
    maxWaiting = 0,
  ) {
    this.caps = runCaps(workerConcurrency, overrides);
    this.waitingCapsByPlan = waitingCaps(this.caps, workerConcurrency, maxWaiting);
    this.smallest = Math.min(...Object.values(this.caps));
    this.smallestWaiting = Math.min(...Object.values(this.waitingCapsByPlan));
  }

  /** The cap of a plan; of an unknown plan (or a missing account), the smallest. */
  capOf(plan: string | null | undefined): number {
    return (plan && this.caps[plan as Plan]) || this.smallest;
  }

  /**
   * Slots a claim or the hand-off may still take for `accountId` (its plan as a claim just read
   * it, or as known): its cap minus the slots it holds and those its returning runs wait for.
   */
  remaining(accountId: string, plan?: string | null): number {
    if (plan) this.remember(accountId, plan as Plan);
    return (
      this.capOf(plan ?? this.knownPlan(accountId)) -
      this.heldBy(accountId) -
      count(this.resuming, accountId)
    );
  }

  /** Whether a run of `accountId` coming back from a wait may take a slot of its account now. */
  roomToResume(accountId: string): boolean {
    return this.heldBy(accountId) < this.capOf(this.knownPlan(accountId));
  }

  /** Whether one more run of `accountId` may wait without a slot (its plan's share). */
  mayWait(accountId: string): boolean {
    const plan = this.knownPlan(accountId);
    const cap = plan ? this.waitingCapsByPlan[plan] : this.smallestWaiting;
    return count(this.waiting, accountId) < cap;
  }

  waitingBy(accountId: string): number {
    return count(this.waiting, accountId);
  }

  /** A run of `accountId` gave its slot back to wait (`+1`), or stopped waiting (`-1`). */
  addWaiting(accountId: string, delta: 1 | -1): void {
    add(this.waiting, accountId, delta);
  }

  /** A waiting run of `accountId` queued for a slot (`+1`), or left that queue (`-1`). */
  addResuming(accountId: string, delta: 1 | -1): void {
    add(this.resuming, accountId, delta);
  }

  /** Accounts holding every slot their cap allows (the claim skips them). */
  cappedCount(): number {
    let count = 0;
    for (const accountId of this.held.keys()) if (this.remaining(accountId) <= 0) count++;
    return count;
  }

  heldBy(accountId: string): number {
    return this.held.get(accountId) ?? 0;
  }

  take(accountId: string, count = 1): void {
    if (count > 0) this.held.set(accountId, this.heldBy(accountId) + count);
  }

  give(accountId: string, count = 1): void {
    const left = this.heldBy(accountId) - count;
    if (left > 0) this.held.set(accountId, left);
    else this.held.delete(accountId);
  }

  private remember(accountId: string, plan: Plan): void {
    this.plans.set(accountId, plan);
  }

  /** Takes up to `wanted` slots per account within its cap, `free` in all; returns them. */
  grant(wanted: Map<string, number>, free: number): Map<string, number> {
    const granted = new Map<string, number>();
    for (const [accountId, count] of wanted) {
      const slots = Math.min(count, free, this.remaining(accountId));
      if (slots <= 0) continue;
      granted.set(accountId, slots);
      this.take(accountId, slots);
      free -= slots;
    }
    return granted;
  }

  /** Gives back slots per account; returns how many in all. */
  giveAll(counts: Map<string, number>): number {
    let total = 0;
    for (const [accountId, count] of counts) {
      this.give(accountId, count);
      total += count;
    }
    return total;
  }

  /** The plan seen within PLAN_TTL_MS; otherwise the one seen before, if any, while it is looked up. */
  private knownPlan(accountId: string): Plan | undefined {
    const status: LRUCache.Status<string, Plan> = {};
    const known = this.plans.get(accountId, { status });
    if (status.get === 'hit') return known;
    if (!this.lookingUp.has(accountId) && this.lookingUp.size < 1000) {
      this.lookingUp.add(accountId);
      this.lookUp([accountId])
        .then((plans) => {
          for (const [id, plan] of plans) this.remember(id, plan);
        })
        .catch(() => undefined) // the smallest cap meanwhile; tried again at the next use
        .finally(() => this.lookingUp.delete(accountId));
    }
    return known;
  }
}

function count(counts: Map<string, number>, key: string): number {
  return counts.get(key) ?? 0;
}

function add(counts: Map<string, number>, key: string, delta: number): void {
  const value = count(counts, key) + delta;
  if (value > 0) counts.set(key, value);
  else counts.delete(key);
}

import { LRUCache } from 'lru-cache';
import type { Plan } from '../auth/account.entity';
import { runCaps } from '../throttling/plan-limits';

/** How long an account's plan read by a claim or a lookup is trusted. */
const PLAN_TTL_MS = 60_000;
/** Plans kept at most (the least recently used forgotten first, and read again when needed). */
const MAX_PLANS = 10_000;

/**
 * Fairness between accounts in one worker process: how many of its slots each account holds
 * (runs and slots reserved for the local hand-off), and the cap of each account's plan
 * (ACCOUNT_CONCURRENCY, `PLAN_CONCURRENCY`). The claim takes for an account at most what its
 * cap leaves; the hand-off likewise. An account whose plan is not known yet (not seen by a
 * claim) gets the smallest cap of all plans until its plan is looked up (`lookUp`).
 */
export class AccountSlots {
  private readonly caps: Record<Plan, number>;
  private readonly smallest: number;
  private readonly held = new Map<string, number>();
  /** Plans by account: fresh for PLAN_TTL_MS; a stale one still answers while it is read again. */
  private readonly plans = new LRUCache<string, Plan>({
    max: MAX_PLANS,
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
  ) {
    this.caps = runCaps(workerConcurrency, overrides);
    this.smallest = Math.min(...Object.values(this.caps));
  }

  /** The cap of a plan; of an unknown plan (or a missing account), the smallest. */
  capOf(plan: string | null | undefined): number {
    return (plan && this.caps[plan as Plan]) || this.smallest;
  }

  /** Slots `accountId` may still take, its plan as a claim just read it (or as known). */
  remaining(accountId: string, plan?: string | null): number {
    if (plan) this.remember(accountId, plan as Plan);
    return this.capOf(plan ?? this.knownPlan(accountId)) - this.heldBy(accountId);
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

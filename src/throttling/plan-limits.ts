import type { Plan } from '../config/plans';

/** The two windows every limited plan has (docs/api.md, Rate limits). */
export interface PlanLimits {
  /** Requests per hour (`THROTTLE_HOUR_MS`); shown in `X-RateLimit-*`. */
  hourly: number;
  /** Requests per second (`THROTTLE_SECOND_MS`). */
  burst: number;
}

/**
 * THE plan table: the only place plan limits are written down (the README repeats it).
 * `null` is unlimited: the account's requests are not counted and carry no `X-RateLimit-*`.
 */
export const PLAN_LIMITS: Readonly<Record<Plan, Readonly<PlanLimits> | null>> = {
  free_trial: { hourly: 100, burst: 10 },
  pro: { hourly: 1000, burst: 50 },
  enterprise: null,
};

/** Requests that fail authentication, per client IP and `THROTTLE_AUTH_WINDOW_MS` (a minute). */
export const FAILED_AUTH_LIMIT = 60;

export const PLAN_NAMES: Readonly<Record<Plan, string>> = {
  free_trial: 'Free Trial',
  pro: 'Pro',
  enterprise: 'Enterprise',
};

/**
 * Runs of one account at once in one worker process (fairness: one account's backlog cannot
 * take every slot): a number of runs, or a share of WORKER_CONCURRENCY. Every cap is at least
 * 1 and at most WORKER_CONCURRENCY; ACCOUNT_CONCURRENCY overrides them (`runCaps`).
 */
export const PLAN_CONCURRENCY: Readonly<Record<Plan, { runs: number } | { share: number }>> = {
  free_trial: { runs: 2 },
  pro: { runs: 8 },
  enterprise: { share: 0.75 },
};

/** The cap of each plan for a worker of `workerConcurrency` slots, with `overrides` applied. */
export function runCaps(
  workerConcurrency: number,
  overrides: Partial<Record<Plan, number>> = {},
): Record<Plan, number> {
  const caps = {} as Record<Plan, number>;
  for (const [plan, rule] of Object.entries(PLAN_CONCURRENCY) as [
    Plan,
    { runs?: number; share?: number },
  ][]) {
    const runs = overrides[plan] ?? rule.runs ?? Math.floor(workerConcurrency * rule.share!);
    caps[plan] = Math.min(workerConcurrency, Math.max(1, runs));
  }
  return caps;
}

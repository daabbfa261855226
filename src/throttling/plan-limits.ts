import type { Plan } from '../auth/account.entity';

/** The two windows every limited plan has (CONTRACT §8). */
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

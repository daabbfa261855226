/**
 * The plans an account can have (docs/api.md, Rate limits). Here, at the bottom, because the
 * configuration has per-plan settings (`ACCOUNT_CONCURRENCY`, `PLAN_MONTHLY_TOKENS`); the accounts
 * table (`auth/account.entity.ts`) stores one of them and `throttling/plan-limits.ts` holds their
 * limits.
 */
export const PLANS = ['free_trial', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

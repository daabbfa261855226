/** The longest run of attempts of one callback: the first one and five retries. */
export const MAX_CALLBACK_ATTEMPTS = 6;

/** The default wait after failed attempt 1..5: 10 s, 1 min, 5 min, 30 min, 2 h. */
const DEFAULT_STEPS_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000];

/** The first step of the default schedule; `CALLBACK_RETRY_BASE_MS` scales all steps by base / this. */
export const DEFAULT_RETRY_BASE_MS = DEFAULT_STEPS_MS[0];

/**
 * How long to wait after failed attempt `attempt` (1-based) before the next one, or null when
 * it was the last. The schedule is scaled by `baseMs` and stretched by up to +20 % jitter,
 * so that receivers that failed together are not retried in lockstep; a retry never comes
 * earlier than its scheduled step.
 */
export function retryDelayMs(attempt: number, baseMs: number, random = Math.random): number | null {
  if (attempt >= MAX_CALLBACK_ATTEMPTS) return null;
  const step = DEFAULT_STEPS_MS[Math.max(1, attempt) - 1] * (baseMs / DEFAULT_RETRY_BASE_MS);
  return Math.round(step * (1 + 0.2 * random()));
}

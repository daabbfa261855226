import type { Response } from 'supertest';

/** The X-RateLimit-* headers of a response as numbers (NaN when absent). */
export function limits(res: Response) {
  return {
    limit: Number(res.headers['x-ratelimit-limit']),
    remaining: Number(res.headers['x-ratelimit-remaining']),
    reset: Number(res.headers['x-ratelimit-reset']),
  };
}

/** Repeats `attempt` until it returns true, failing after `deadlineMs`. */
export async function eventually(attempt: () => Promise<boolean>, deadlineMs = 10_000) {
  const until = Date.now() + deadlineMs;
  for (;;) {
    if (await attempt()) return;
    if (Date.now() > until) throw new Error(`condition not reached within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

import type { Response } from 'supertest';

/** The X-RateLimit-* headers of a response as numbers (NaN when absent). */
export function limits(res: Response) {
  return {
    limit: Number(res.headers['x-ratelimit-limit']),
    remaining: Number(res.headers['x-ratelimit-remaining']),
    reset: Number(res.headers['x-ratelimit-reset']),
  };
}

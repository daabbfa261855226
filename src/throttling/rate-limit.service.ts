import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { Account } from '../auth/account.entity';

/**
 * Counts one request against the account's plan limits (CONTRACT §8), sets the
 * `X-RateLimit-*` headers on `res`, and throws `rate_limited` (429) when over budget.
 * REST requests are counted by the global guard; the webhook listener calls this once it has
 * resolved the agent's account. (Placeholder until the rate-limit issue lands: counts nothing.)
 */
@Injectable()
export class RateLimitService {
  async consume(account: Account, res: Response): Promise<void> {
    void account;
    void res;
  }
}

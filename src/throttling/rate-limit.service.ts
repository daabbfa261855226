import { Inject, Injectable } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import type { Response } from 'express';
import { ApiError } from '../common/api-error';
import { APP_CONFIG, type AppConfig, type RateLimitConfig } from '../config/configuration';
import type { Plan } from '../config/plans';
import { MetricsService } from '../metrics/metrics.service';
import { FAILED_AUTH_LIMIT, PLAN_LIMITS, PLAN_NAMES } from './plan-limits';
import { RateLimitStore } from './rate-limit-store';
import type { ThrottlerRecord } from './redis-throttler-storage';

type HeaderTarget = Pick<Response, 'setHeader'>;

/**
 * Counts requests against the plan limits (docs/api.md, Rate limits). Both listeners call it after
 * identifying the caller: the REST bearer guard (`consume` after a key is accepted,
 * `consumeFailedAuth` when it is refused) and the inbound webhook once it knows the agent's
 * account. Counters are keyed by account id, never by key or listener, so all keys of an account,
 * REST and webhook, share one budget; with `REDIS_URL` every process shares it too.
 *
 * Every counted response carries `X-RateLimit-Limit` (the hourly limit),
 * `X-RateLimit-Remaining` (left in the hourly window after this request) and
 * `X-RateLimit-Reset` (seconds until the hourly window resets), set before the handler runs
 * so that error responses carry them too. Over a limit: 429 `rate_limited` with `Retry-After`
 * (seconds until the exceeded window admits a request again).
 */
@Injectable()
export class RateLimitService {
  private readonly windows: RateLimitConfig;

  constructor(
    private readonly store: RateLimitStore,
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.windows = config.rateLimit;
  }

  /**
   * Counts one request of `account` in its plan's burst and hourly windows (both, even when
   * the burst refuses it). Unlimited plans are not counted and get no headers.
   * @throws ApiError `rate_limited` (429) when either window is exceeded.
   */
  async consume(account: { id: string; plan: Plan }, res: HeaderTarget): Promise<void> {
    const limits = PLAN_LIMITS[account.plan];
    if (!limits) return;
    const base = `${this.windows.keyPrefix}:{${account.id}}`;
    const [burst, hour] = await Promise.all([
      this.store.increment(`${base}:s`, this.windows.secondMs, limits.burst, 'burst'),
      this.store.increment(`${base}:h`, this.windows.hourMs, limits.hourly, 'hour'),
    ]);
    if (!burst || !hour) return; // counters unavailable: fail open (RateLimitStore)
    setLimitHeaders(res, limits.hourly, hour);
    if (!hour.isBlocked && !burst.isBlocked) return;
    this.metrics.rateLimited('account');
    const plan = PLAN_NAMES[account.plan];
    const retryAfter = Math.max(
      hour.isBlocked ? hour.timeToBlockExpire : 0,
      burst.isBlocked ? burst.timeToBlockExpire : 0,
    );
    const what = hour.isBlocked
      ? `${limits.hourly} requests per hour`
      : `${limits.burst} requests per second`;
    throw rateLimited(
      `Rate limit exceeded: the ${plan} plan allows ${what}; retry in ${retryAfter} s`,
      retryAfter,
    );
  }

  /**
   * Counts one request from `ip` that failed authentication. Call it where the credentials
   * are refused, then answer 401 as usual: past 60 such requests per IP and minute it throws
   * 429 `rate_limited` instead. Requests that do authenticate are never limited by IP. Sets
   * `X-RateLimit-*` for this window (limit 60) when `res` is given.
   */
  async consumeFailedAuth(ip: string | undefined, res?: HeaderTarget): Promise<void> {
    const tracker = normalizeIp(ip ?? 'unknown');
    const record = await this.store.increment(
      `${this.windows.keyPrefix}:{ip:${tracker}}:auth`,
      this.windows.failedAuthWindowMs,
      FAILED_AUTH_LIMIT,
      'failed-auth',
    );
    if (!record) return;
    if (res) setLimitHeaders(res, FAILED_AUTH_LIMIT, record);
    if (record.isBlocked) {
      this.metrics.rateLimited('ip');
      throw rateLimited(
        `Too many requests with invalid credentials from this address; retry in ${record.timeToBlockExpire} s`,
        record.timeToBlockExpire,
      );
    }
  }
}

function setLimitHeaders(res: HeaderTarget, limit: number, record: ThrottlerRecord): void {
  res.setHeader('X-RateLimit-Limit', String(limit));
  res.setHeader('X-RateLimit-Remaining', String(Math.max(0, limit - record.totalHits)));
  res.setHeader('X-RateLimit-Reset', String(record.timeToExpire));
}

function rateLimited(message: string, retryAfterSeconds: number): ApiError {
  return new ApiError('rate_limited', message, undefined, {
    'Retry-After': String(Math.max(1, retryAfterSeconds)),
  });
}

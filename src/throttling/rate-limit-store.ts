import { Logger } from '@nestjs/common';
import { ThrottlerStorageService } from '@nestjs/throttler';
import type { AppConfig } from '../config/configuration';
import { RedisThrottlerStorage, ThrottlerRecord } from './redis-throttler-storage';

/** While Redis is unreachable, at most one warning per this interval. */
const WARNING_INTERVAL_MS = 60_000;
/** How long a starting process waits for Redis before serving without counting. */
const STARTUP_WAIT_MS = 2000;

/**
 * The rate-limit counters of one process, shared by its REST and webhook listeners (a
 * provider of CoreModule; started and closed by its lifecycle hooks): @nestjs/throttler's own in-memory
 * storage, or Redis when `REDIS_URL` is set so that every process shares one budget.
 *
 * Redis unreachable: fail open. `increment` resolves null, the request is served without
 * being counted (and without `X-RateLimit-*`), one warning is logged per minute at most, and
 * counting resumes by itself once Redis answers again. A limiter outage never becomes a 500.
 */
export class RateLimitStore {
  private readonly logger = new Logger('RateLimits');
  private failingSince: number | null = null;
  private lastWarningAt = 0;

  private constructor(
    private readonly memory: ThrottlerStorageService | null,
    private readonly redis: RedisThrottlerStorage | null,
  ) {}

  static inMemory(): RateLimitStore {
    return new RateLimitStore(new ThrottlerStorageService(), null);
  }

  /** Redis when REDIS_URL is set and this process has a listener (a worker counts nothing). */
  static forConfig(config: AppConfig): RateLimitStore {
    const counts = config.roles.has('api') || config.roles.has('webhook');
    if (!config.redisUrl || !counts) return RateLimitStore.inMemory();
    // Connection errors are reported when a request finds Redis unusable, not as they come
    // (ioredis reports one per reconnection attempt).
    return new RateLimitStore(null, new RedisThrottlerStorage(config.redisUrl, () => undefined));
  }

  get kind(): 'memory' | 'redis' {
    return this.redis ? 'redis' : 'memory';
  }

  onApplicationBootstrap(): Promise<void> {
    return this.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /** Gives Redis a moment to connect so the first requests are counted; never throws. */
  async start(): Promise<void> {
    if (this.redis && !(await this.redis.waitUntilReady(STARTUP_WAIT_MS))) {
      this.failed(new Error('Redis is not reachable at start'));
    }
  }

  /** Counts one hit (no block duration: refused hits free up with the window). */
  async increment(
    key: string,
    ttlMs: number,
    limit: number,
    name: string,
  ): Promise<ThrottlerRecord | null> {
    if (this.memory) return this.memory.increment(key, ttlMs, limit, 0, name);
    try {
      const record = await this.redis!.increment(key, ttlMs, limit, 0, name);
      if (this.failingSince !== null) {
        this.logger.log('Redis answers again: rate limits are counted again');
        this.failingSince = null;
      }
      return record;
    } catch (error) {
      this.failed(error);
      return null;
    }
  }

  async close(): Promise<void> {
    this.memory?.onApplicationShutdown();
    await this.redis?.close();
  }

  private failed(error: unknown): void {
    const at = Date.now();
    this.failingSince ??= at;
    if (at - this.lastWarningAt < WARNING_INTERVAL_MS) return;
    this.lastWarningAt = at;
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn(
      `Redis unreachable (${reason}): requests are served without counting rate limits`,
    );
  }
}

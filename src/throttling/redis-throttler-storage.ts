import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { ioredis } from '../common/optional-modules';

/** What `ThrottlerStorage.increment` resolves to (the record type is not exported by name). */
export type ThrottlerRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * One atomic step of a fixed window: count the hit, start the window's expiry on its first
 * hit (or repair a key that lost its expiry), and say whether the limit is exceeded.
 * KEYS[1] counter, KEYS[2] block marker (used only when blockDuration > 0).
 * ARGV: ttl ms, limit, blockDuration ms. Returns {hits, ttl ms, blocked 0|1, block ttl ms}.
 */
const INCREMENT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
local limit = tonumber(ARGV[2])
local block = tonumber(ARGV[3])
if block > 0 then
  local blocked = redis.call('PTTL', KEYS[2])
  if blocked > 0 then return {hits, ttl, 1, blocked} end
  if hits > limit then
    redis.call('SET', KEYS[2], '1', 'PX', block)
    return {hits, ttl, 1, block}
  end
  return {hits, ttl, 0, 0}
end
if hits > limit then return {hits, ttl, 1, ttl} end
return {hits, ttl, 0, 0}
`;

interface IncrementCommand {
  aasThrottleIncrement(
    key: string,
    blockKey: string,
    ttlMs: number,
    limit: number,
    blockDurationMs: number,
  ): Promise<[number, number, number, number]>;
}

/** How long a command may take before the request is served without counting. */
const COMMAND_TIMEOUT_MS = 500;

/**
 * `ThrottlerStorage` (the interface of @nestjs/throttler 6.7) over Redis, so several
 * processes share counters. Fixed windows: a key counts hits from its first hit until it
 * expires `ttl` ms later. Times in the record are whole seconds, as the in-memory storage
 * reports them. Commands fail fast while Redis is unreachable (no offline queue, no retries):
 * the caller decides what a failure means (see RateLimitStore).
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly client: Redis;

  constructor(url: string, onError: (error: Error) => void) {
    this.client = new (ioredis().Redis)(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 2000,
      // Keep reconnecting for as long as the process lives; counting resumes on its own.
      retryStrategy: (times) => Math.min(times * 100, 2000),
      // The two windows of one request leave in one write.
      enableAutoPipelining: true,
    });
    this.client.on('error', onError);
    this.client.defineCommand('aasThrottleIncrement', {
      numberOfKeys: 2,
      lua: INCREMENT_SCRIPT,
    });
  }

  get connected(): boolean {
    return this.client.status === 'ready';
  }

  /** Resolves once connected (true), or on the first connection error or timeout (false). */
  waitUntilReady(timeoutMs: number): Promise<boolean> {
    if (this.connected) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.client.off('ready', onReady);
        this.client.off('error', onError);
        resolve(ok);
      };
      const onReady = () => done(true);
      const onError = () => done(false);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.client.once('ready', onReady);
      this.client.once('error', onError);
    });
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    _throttlerName: string,
  ): Promise<ThrottlerRecord> {
    const [hits, ttlMs, blocked, blockMs] = await (
      this.client as unknown as IncrementCommand
    ).aasThrottleIncrement(key, `${key}:block`, ttl, limit, Math.max(0, blockDuration));
    return {
      totalHits: hits,
      timeToExpire: Math.max(1, Math.ceil(ttlMs / 1000)),
      isBlocked: blocked === 1,
      timeToBlockExpire: blocked === 1 ? Math.max(1, Math.ceil(blockMs / 1000)) : 0,
    };
  }

  async close(): Promise<void> {
    if (this.client.status === 'end') return;
    if (!this.connected) {
      this.client.disconnect(); // also stops reconnecting
      return;
    }
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }
}

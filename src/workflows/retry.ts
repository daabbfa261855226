import { ConfigValidationError } from '../kinds/agent-kind';
import type { StepError } from './errors';
import { childPath } from './expressions/value';
import { integerField, objectField } from './fields';

/** A step's `retry` (docs/workflows.md, The definition), with its defaults. */
export interface RetryPolicy {
  maxAttempts: number;
  intervalMs: number;
  backoffRate: number;
  maxDelayMs?: number;
  jitter: 'full' | 'none';
  /** Codes retried; undefined: every code but the ones not retried by default. */
  on?: readonly string[];
}

export const NO_RETRY: RetryPolicy = {
  maxAttempts: 1,
  intervalMs: 1000,
  backoffRate: 2,
  jitter: 'full',
};

/** A `Retry-After` is honoured up to this long; longer waits fail the step instead. */
export const MAX_RETRY_AFTER_MS = 300_000;
const RETRY_FIELDS = [
  'max_attempts',
  'interval_ms',
  'backoff_rate',
  'max_delay_ms',
  'jitter',
  'on',
];
const CODE = /^[a-z][a-z0-9_]{0,63}$/;

export function compileRetry(raw: unknown, path: string): RetryPolicy {
  if (raw === undefined) return NO_RETRY;
  const retry = objectField(raw, path, RETRY_FIELDS);
  const maxAttempts = integerField(retry.max_attempts, childPath(path, 'max_attempts'), 1, 10) ?? 1;
  const intervalMs =
    integerField(retry.interval_ms, childPath(path, 'interval_ms'), 0, 3_600_000) ?? 1000;
  const backoffRate = retry.backoff_rate ?? 2;
  if (typeof backoffRate !== 'number' || !(backoffRate >= 1 && backoffRate <= 10)) {
    throw new ConfigValidationError(
      childPath(path, 'backoff_rate'),
      'backoff_rate must be a number between 1 and 10',
    );
  }
  const maxDelayMs = integerField(
    retry.max_delay_ms,
    childPath(path, 'max_delay_ms'),
    0,
    3_600_000,
  );
  const jitter = retry.jitter ?? 'full';
  if (jitter !== 'full' && jitter !== 'none') {
    throw new ConfigValidationError(childPath(path, 'jitter'), 'jitter must be "full" or "none"');
  }
  let on: string[] | undefined;
  if (retry.on !== undefined) {
    const onPath = childPath(path, 'on');
    if (!Array.isArray(retry.on) || retry.on.length === 0) {
      throw new ConfigValidationError(onPath, 'on must be a non-empty array of error codes');
    }
    on = retry.on.map((code, index) => {
      if (typeof code !== 'string' || !CODE.test(code)) {
        throw new ConfigValidationError(childPath(onPath, index), 'an error code is snake_case');
      }
      return code;
    });
  }
  return { maxAttempts, intervalMs, backoffRate, maxDelayMs, jitter, on };
}

/** Whether `error`, after attempt number `attempt`, gets another attempt. */
export function shouldRetry(policy: RetryPolicy, error: StepError, attempt: number): boolean {
  if (attempt >= policy.maxAttempts) return false;
  if (policy.on) return policy.on.includes(error.code);
  return error.retriedByDefault;
}

/**
 * Milliseconds to wait before attempt `attempt + 1`: interval × rate^(attempt − 1), capped
 * by `max_delay_ms`, with full jitter a uniform draw in [0, delay]; never less than what a
 * `Retry-After` asked for.
 */
export function retryDelay(
  policy: RetryPolicy,
  attempt: number,
  random: () => number,
  retryAfterMs?: number,
): number {
  let delay = policy.intervalMs * policy.backoffRate ** (attempt - 1);
  if (policy.maxDelayMs !== undefined) delay = Math.min(delay, policy.maxDelayMs);
  if (policy.jitter === 'full') delay = random() * delay;
  if (retryAfterMs !== undefined)
    delay = Math.max(delay, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
  return Math.round(delay);
}

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/configuration';
import { AccountSlots } from '../../src/runner/account-slots';
import { runCaps } from '../../src/throttling/plan-limits';

const base = () => ({ DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'cfg-')), 'db.sqlite') });

describe('per-account run caps', () => {
  it('defaults: free trial 2, pro 8, enterprise three quarters of WORKER_CONCURRENCY', () => {
    expect(runCaps(32)).toEqual({ free_trial: 2, pro: 8, enterprise: 24 });
    // Never more than the worker's slots, never less than one.
    expect(runCaps(4)).toEqual({ free_trial: 2, pro: 4, enterprise: 3 });
    expect(runCaps(1)).toEqual({ free_trial: 1, pro: 1, enterprise: 1 });
  });

  it('reads ACCOUNT_CONCURRENCY as plan=runs pairs over the defaults', () => {
    const config = loadConfig({ ...base(), ACCOUNT_CONCURRENCY: 'pro=12, enterprise=30' });
    expect(config.accountConcurrency).toEqual({ pro: 12, enterprise: 30 });
    expect(runCaps(32, config.accountConcurrency)).toEqual({
      free_trial: 2,
      pro: 12,
      enterprise: 30,
    });
    expect(loadConfig(base()).accountConcurrency).toEqual({});
  });

  it.each(['pro', 'pro=', 'gold=3', 'pro=0', 'pro=two', 'pro=3;enterprise=4'])(
    'refuses ACCOUNT_CONCURRENCY=%s with the variable named',
    (value) => {
      expect(() => loadConfig({ ...base(), ACCOUNT_CONCURRENCY: value })).toThrow(
        /ACCOUNT_CONCURRENCY/,
      );
    },
  );

  it('counts slots per account against its plan; an unknown plan gets the smallest cap', async () => {
    const lookedUp: string[] = [];
    const slots = new AccountSlots(8, {}, async (ids) => {
      lookedUp.push(...ids);
      return new Map(ids.map((id) => [id, 'pro' as const]));
    });
    expect(slots.remaining('acc_a', 'enterprise')).toBe(6);
    slots.take('acc_a', 6);
    expect(slots.remaining('acc_a')).toBe(0);
    expect(slots.cappedCount()).toBe(1);
    slots.give('acc_a');
    expect(slots.remaining('acc_a')).toBe(1);
    // Not seen by a claim: the free trial's 2 until its plan is read.
    expect(slots.remaining('acc_b')).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lookedUp).toEqual(['acc_b']);
    expect(slots.remaining('acc_b')).toBe(8);
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/configuration';
import {
  daysBetween,
  dayOf,
  monthOf,
  nextMonthStart,
  parseDay,
} from '../../src/usage/usage-period';

const base = () => ({ DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'cfg-')), 'db.sqlite') });

describe('PLAN_MONTHLY_TOKENS', () => {
  it('is unlimited for every plan by default', () => {
    expect(loadConfig(base()).planMonthlyTokens).toEqual({});
    expect(loadConfig({ ...base(), PLAN_MONTHLY_TOKENS: ' ' }).planMonthlyTokens).toEqual({});
  });

  it('reads plan=tokens pairs; a plan not named stays unlimited; 0 allows nothing', () => {
    const config = loadConfig({
      ...base(),
      PLAN_MONTHLY_TOKENS: 'free_trial=100000, pro = 5000000,enterprise=0',
    });
    expect(config.planMonthlyTokens).toEqual({
      free_trial: 100_000,
      pro: 5_000_000,
      enterprise: 0,
    });
    expect(loadConfig({ ...base(), PLAN_MONTHLY_TOKENS: 'pro=1' }).planMonthlyTokens).toEqual({
      pro: 1,
    });
  });

  it.each([
    'pro',
    'pro=',
    'free=100',
    'gold=3',
    'pro=-1',
    'pro=1.5',
    'pro=1e6',
    'pro=10;enterprise=20',
    'pro=1,pro=2',
    'pro=1234567890123456',
  ])('refuses %j, naming the variable', (raw) => {
    expect(() => loadConfig({ ...base(), PLAN_MONTHLY_TOKENS: raw })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), PLAN_MONTHLY_TOKENS: raw })).toThrow(
      /PLAN_MONTHLY_TOKENS/,
    );
  });
});

describe('usage periods (UTC calendar months)', () => {
  it('a month runs from its first to its last day, in UTC whatever the instant', () => {
    expect(monthOf(new Date('2026-11-25T12:00:00Z'))).toEqual({
      first: '2026-11-01',
      last: '2026-11-30',
    });
    // The last millisecond of a month is still that month; the next one starts a new month.
    expect(monthOf(new Date('2026-11-30T23:59:59.999Z')).first).toBe('2026-11-01');
    expect(monthOf(new Date('2026-12-01T00:00:00.000Z')).first).toBe('2026-12-01');
    expect(monthOf(new Date('2026-12-31T23:59:59.999Z'))).toEqual({
      first: '2026-12-01',
      last: '2026-12-31',
    });
    expect(monthOf(new Date('2028-02-10T00:00:00Z')).last).toBe('2028-02-29');
    expect(monthOf(new Date('2026-02-10T00:00:00Z')).last).toBe('2026-02-28');
  });

  it('the allowance renews on the first day of the next month, across a year end', () => {
    expect(nextMonthStart(new Date('2026-11-25T00:00:00Z'))).toBe('2026-12-01');
    expect(nextMonthStart(new Date('2026-12-31T23:59:59.999Z'))).toBe('2027-01-01');
    expect(nextMonthStart(new Date('2027-01-31T10:00:00Z'))).toBe('2027-02-01');
  });

  it('a day is the UTC date of an instant', () => {
    expect(dayOf(new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(dayOf(new Date('2026-11-26T00:30:00+01:00'))).toBe('2026-11-25');
  });

  it('parses real calendar dates only', () => {
    expect(parseDay('2026-11-01')?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(parseDay('2028-02-29')).not.toBeNull();
    for (const bad of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-1-01',
      '26-11-01',
      '2026-11-01T00:00:00Z',
      '',
      'today',
      ' 2026-11-01',
    ]) {
      expect(parseDay(bad), bad).toBeNull();
    }
  });

  it('counts the days of a range, both ends included', () => {
    const days = (a: string, b: string) => daysBetween(parseDay(a)!, parseDay(b)!);
    expect(days('2026-11-01', '2026-11-01')).toBe(1);
    expect(days('2026-11-01', '2026-11-30')).toBe(30);
    expect(days('2028-01-01', '2028-12-31')).toBe(366);
    expect(days('2026-03-28', '2026-03-30')).toBe(3);
  });
});

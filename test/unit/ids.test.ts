import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId } from '../../src/common/ids';

describe('newId', () => {
  afterEach(() => vi.useRealTimers());

  it('is a prefixed ULID, unique and in creation order within and across milliseconds', () => {
    const ids: string[] = [];
    for (let i = 0; i < 5000; i++) ids.push(newId('exe'));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^exe_[0-9a-hjkmnp-tv-z]{26}$/);
  });

  it('draws a fresh random part each millisecond, past the end of a pool of random bytes', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-11-28T00:00:00Z');
    const randomParts = new Set<string>();
    // 16 bytes a new millisecond: 1,000 ids use the 4,096-byte pool about four times.
    for (let ms = 0; ms < 1000; ms++) {
      vi.setSystemTime(start + ms);
      randomParts.add(newId('exe').slice(-16));
    }
    expect(randomParts.size).toBe(1000);
    // Every base-32 character shows up: the bytes are spread, not stuck.
    const characters = new Set([...randomParts].join(''));
    expect(characters.size).toBe(32);
  });
});

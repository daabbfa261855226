import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { growingLru } from '../../src/common/growing-lru';

/** Heap taken by `count` caches made by `make` (after a collection when one is exposed). */
function heapOf(make: () => unknown, count = 20): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const kept = Array.from({ length: count }, make);
  gc?.();
  const after = process.memoryUsage().heapUsed;
  expect(kept).toHaveLength(count);
  return after - before;
}

describe('growingLru', () => {
  it('keeps at most its number of entries, the least recently used evicted first', () => {
    const cache = growingLru<string, string>(3);
    cache.set('a', '1');
    cache.set('b', '2');
    cache.set('c', '3');
    expect(cache.get('a')).toBe('1'); // a is now the most recently used
    cache.set('d', '4');
    expect([...cache.keys()].sort()).toEqual(['a', 'c', 'd']);
    expect(cache.size).toBe(3);
  });

  it('expires entries after the ttl', async () => {
    const cache = growingLru<string, string>(10, { ttl: 30 });
    cache.set('a', '1');
    expect(cache.get('a')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not allocate for its bound up front, as `max` does', () => {
    const grown = heapOf(() => growingLru<string, string>(50_000, { ttl: 1000 }));
    const preallocated = heapOf(() => new LRUCache<string, string>({ max: 50_000, ttl: 1000 }));
    // 20 caches: about 30 MB with `max`, a few KB growing.
    expect(preallocated).toBeGreaterThan(10 * 2 ** 20);
    expect(grown).toBeLessThan(preallocated / 20);
  });
});

import { LRUCache } from 'lru-cache';

/**
 * An lru-cache of at most `entries` entries that allocates as it fills. Given `max`, lru-cache
 * allocates its arrays for all `max` entries at construction (a cache of 50,000 with a `ttl`
 * took about 2.5 MB of heap, one of 10,000 about 0.4 MB, each in every process from its
 * start); `maxSize` with a size of 1 per entry is the same bound, least recently used evicted
 * first, with arrays that grow. (BENCHMARKS.md, row "RSS idle / under load".)
 */
export function growingLru<K extends object | string, V extends object | string>(
  entries: number,
  options: Omit<LRUCache.Options<K, V, unknown>, 'max' | 'maxSize' | 'sizeCalculation'> = {},
): LRUCache<K, V> {
  return new LRUCache<K, V>({ ...options, maxSize: entries, sizeCalculation: () => 1 });
}

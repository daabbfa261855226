import { randomBytes, randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';

export type IdPrefix =
  | 'acc'
  | 'key'
  | 'agt'
  | 'exe'
  | 'dlv'
  | 'usr'
  | 'ses'
  | 'sec'
  | 'wep'
  | 'evt'
  | 'wtk'
  | 'sch'
  | 'blk';

/** Random bytes drawn from the system in blocks (POOL_BYTES at a time), handed out one by one. */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let next = POOL_BYTES;

/**
 * The PRNG of the ULIDs: a byte of a pool filled by the CSPRNG, over 256, as ulid's own
 * (which draws one byte per character: 16 `getRandomValues` calls per new id, about 65 µs of
 * an id on this machine kind, BENCHMARKS.md), with the same distribution.
 */
function pooledRandom(): number {
  if (next === POOL_BYTES) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++] / 256;
}

const ulid = monotonicFactory(pooledRandom);

/**
 * A prefixed, time-ordered identifier (`exe_01jd...`). Ids made by one process sort in
 * creation order, which keeps "newest first" pages stable and inserts append-only.
 */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid().toLowerCase()}`;
}

/** A URL-safe random token carrying `bytes * 8` random bits. */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

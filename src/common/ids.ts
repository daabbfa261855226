import { randomBytes } from 'node:crypto';
import { monotonicFactory } from 'ulid';

export type IdPrefix =
  'acc' | 'key' | 'agt' | 'exe' | 'dlv' | 'usr' | 'ses' | 'sec' | 'wep' | 'evt';

const ulid = monotonicFactory();

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

import type { DataSource } from 'typeorm';
import { SecretBox, SecretUnreadableError } from '../common/crypto';
import { execute } from '../database/raw-sql';
import { checkSecretKey, SEALED_COLUMNS, updateCheckValue } from './secret-key-check';

export interface RotationOptions {
  /** Rows read per statement (default 500). */
  batchSize?: number;
  /** Called after each batch (tests interrupt a rotation here). */
  afterBatch?: () => Promise<void> | void;
}

/** What `secret-key:rotate` prints. */
export interface RotationReport {
  /** The key id of SECRET_KEY: every stored secret is sealed under it now. */
  key_id: string;
  previous_key_id: string | null;
  /** Secrets this run re-encrypted. */
  reencrypted: number;
  /** Secrets that were already sealed under SECRET_KEY (by an earlier, interrupted run, or new). */
  already_current: number;
}

/**
 * Re-encrypts every stored secret (SEALED_COLUMNS) under SECRET_KEY, reading it with SECRET_KEY
 * or SECRET_KEY_PREVIOUS, then records SECRET_KEY's key id as the check value.
 *
 * Safe to interrupt and run again: each value carries the id of its key, so a value is either
 * old or new, never half done, and both keys read it; a second run skips what is already
 * sealed under SECRET_KEY. Each value is replaced only if unchanged since it was read, so a
 * secret set meanwhile by a running process (a credential created or rotated) is not
 * overwritten. The check value changes last, once nothing is left under the old key. A value
 * no key opens stops the run before that, with an error naming it.
 */
export async function rotateSecretKey(
  dataSource: DataSource,
  box: SecretBox,
  options: RotationOptions = {},
): Promise<RotationReport> {
  // The keys given must be the database's (refused like at start otherwise).
  await checkSecretKey(dataSource, box);
  const batchSize = options.batchSize ?? 500;
  const report: RotationReport = {
    key_id: box.keyId,
    previous_key_id: box.previousKeyId,
    reencrypted: 0,
    already_current: 0,
  };
  const unreadable: string[] = [];
  for (const { table, column } of SEALED_COLUMNS) {
    let after = '';
    for (;;) {
      const rows: { id: string; sealed: string }[] = await dataSource.query(
        `SELECT id, ${column} AS sealed FROM ${table} WHERE ${column} IS NOT NULL AND id > ? ORDER BY id LIMIT ${Number(batchSize)}`,
        [after],
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        const outcome = await reseal(dataSource, box, table, column, row.id, row.sealed);
        if (outcome === 'reencrypted') report.reencrypted++;
        else if (outcome === 'current') report.already_current++;
        else if (outcome === 'unreadable') unreadable.push(`${table}.${column} of ${row.id}`);
      }
      after = rows[rows.length - 1].id;
      await options.afterBatch?.();
    }
  }
  if (unreadable.length > 0) {
    throw new Error(
      `${unreadable.length} stored secret(s) cannot be decrypted with SECRET_KEY or SECRET_KEY_PREVIOUS (${unreadable.slice(0, 5).join(', ')}${unreadable.length > 5 ? ', …' : ''}); the others are re-encrypted, the check value is unchanged`,
    );
  }
  await updateCheckValue(dataSource, box.keyId);
  return report;
}

type Outcome = 'reencrypted' | 'current' | 'gone' | 'unreadable';

/** One value re-sealed under SECRET_KEY, unless it changed since read (then read again). */
async function reseal(
  dataSource: DataSource,
  box: SecretBox,
  table: string,
  column: string,
  id: string,
  sealed: string | null,
): Promise<Outcome> {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (sealed === null) return 'gone';
    if (box.isCurrent(sealed)) return 'current';
    let plaintext: string;
    try {
      plaintext = box.open(sealed);
    } catch (error) {
      if (error instanceof SecretUnreadableError) return 'unreadable';
      throw error;
    }
    const fresh = box.seal(plaintext);
    const changed = await dataSource.manager.transaction((manager) =>
      execute(manager, `UPDATE ${table} SET ${column} = ? WHERE id = ? AND ${column} = ?`, [
        fresh,
        id,
        sealed,
      ]),
    );
    if (changed === 1) return 'reencrypted';
    const rows: { sealed: string | null }[] = await dataSource.query(
      `SELECT ${column} AS sealed FROM ${table} WHERE id = ?`,
      [id],
    );
    sealed = rows[0]?.sealed ?? null;
  }
  throw new Error(`${table}.${column} of ${id} keeps changing; run the rotation again`);
}

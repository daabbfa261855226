import type { DataSource } from 'typeorm';
import { SecretBox, SecretUnreadableError } from '../common/crypto';
import { ConfigError } from '../config/configuration';

/** A column holding values sealed by SecretBox. */
export interface SealedColumn {
  table: string;
  column: string;
}

/**
 * Every column encrypted at rest with SecretBox: the start check samples them, the key
 * rotation re-encrypts them. A new encrypted column must be listed here.
 */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'agents', column: 'webhook_secret_enc' },
  { table: 'accounts', column: 'signing_secret_enc' },
  { table: 'secrets', column: 'value_enc' },
  { table: 'webhook_endpoints', column: 'secret_enc' },
  { table: 'webhook_endpoints', column: 'previous_secret_enc' },
];

/** The one row of `secret_key_check`. */
const CHECK_ROW = 'secrets';

const OPERATIONS = 'see "The secret key" in docs/operations.md';

/** A timestamp as both drivers store `datetime(3)` from hand-written SQL. */
export const sqlNow = (): string => new Date().toISOString().replace('T', ' ').replace('Z', '');

/**
 * Refuses a SECRET_KEY other than the one the stored secrets are sealed under, before the
 * service serves anything (a wrong key would otherwise answer every signed webhook with an
 * error, forever). The database keeps the key id of that key (the check value); the
 * configured SECRET_KEY, or SECRET_KEY_PREVIOUS during a rotation, must have that id.
 * A database without a check value yet (new, or upgraded from a version without it) gets one:
 * the id of the key that opens a stored secret of each sealed column (the key is refused if
 * one does not open), or SECRET_KEY's when none is stored. Throws a ConfigError naming
 * SECRET_KEY on a mismatch.
 */
export async function checkSecretKey(dataSource: DataSource, box: SecretBox): Promise<string> {
  let stored = await readCheckValue(dataSource);
  if (stored === null) {
    await insertCheckValue(dataSource, await keyIdOfStoredSecrets(dataSource, box));
    // Another process may have stored its own at the same moment: the first one counts.
    stored = (await readCheckValue(dataSource))!;
  }
  if (stored !== box.keyId && stored !== box.previousKeyId) throw keyMismatch(stored, box);
  return stored;
}

/** The stored check value (a key id), null when none is stored yet. */
export async function readCheckValue(dataSource: DataSource): Promise<string | null> {
  let rows: { key_id: string }[];
  try {
    rows = await dataSource.query(`SELECT key_id FROM secret_key_check WHERE id = ?`, [CHECK_ROW]);
  } catch (error) {
    if (isMissingTable(error)) {
      throw new Error(
        'The database schema is behind this version (no secret_key_check table): run `npm run migrate` first',
        { cause: error },
      );
    }
    throw error;
  }
  return rows[0]?.key_id ?? null;
}

/** Records `keyId` as the key the stored secrets are sealed under (after a rotation). */
export async function updateCheckValue(dataSource: DataSource, keyId: string): Promise<void> {
  await insertCheckValue(dataSource, keyId);
  await dataSource.query(`UPDATE secret_key_check SET key_id = ?, updated_at = ? WHERE id = ?`, [
    keyId,
    sqlNow(),
    CHECK_ROW,
  ]);
}

async function insertCheckValue(dataSource: DataSource, keyId: string): Promise<void> {
  const sqlite = dataSource.options.type === 'better-sqlite3';
  await dataSource.query(
    `INSERT ${sqlite ? 'OR IGNORE' : 'IGNORE'} INTO secret_key_check (id, key_id, updated_at) VALUES (?, ?, ?)`,
    [CHECK_ROW, keyId, sqlNow()],
  );
}

/**
 * The id of the key the stored secrets are sealed under, proven by opening one secret of
 * each sealed column; SECRET_KEY's when none is stored. A secret this box cannot open: the
 * key is refused.
 */
async function keyIdOfStoredSecrets(dataSource: DataSource, box: SecretBox): Promise<string> {
  let keyId = box.keyId;
  for (const { table, column } of SEALED_COLUMNS) {
    const rows: { sealed: string }[] = await dataSource.query(
      `SELECT ${column} AS sealed FROM ${table} WHERE ${column} IS NOT NULL LIMIT 1`,
    );
    if (rows.length === 0) continue;
    try {
      // Sealed under the previous key: the rotation to SECRET_KEY is not done yet.
      const opener = box.openingKeyId(rows[0].sealed);
      if (opener !== box.keyId) keyId = box.previousKeyId!;
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
      throw new ConfigError(
        'SECRET_KEY',
        `does not decrypt the secrets stored in this database (${table}.${column} was sealed under ${error.keyId ? `key id ${error.keyId}` : 'another key'}; SECRET_KEY has key id ${box.keyId}): start with the key that encrypted them (SECRET_KEY, or the data folder's secret.key), ${OPERATIONS}`,
      );
    }
  }
  return keyId;
}

function keyMismatch(stored: string, box: SecretBox): ConfigError {
  const previous = box.previousKeyId ? `, SECRET_KEY_PREVIOUS ${box.previousKeyId}` : '';
  return new ConfigError(
    'SECRET_KEY',
    `is not the key that encrypted the secrets stored in this database (they are sealed under key id ${stored}; SECRET_KEY has key id ${box.keyId}${previous}): start with the key that encrypted them (SECRET_KEY, or the data folder's secret.key), or during a rotation set it as SECRET_KEY_PREVIOUS; ${OPERATIONS}`,
  );
}

function isMissingTable(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: string } }).driverError;
  return (
    driverError?.code === 'ER_NO_SUCH_TABLE' ||
    /no such table/i.test(error instanceof Error ? error.message : '')
  );
}

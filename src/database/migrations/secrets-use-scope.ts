import type { QueryRunner } from 'typeorm';

/** Every scope a key could hold before `secrets:use` existed. */
const SCOPES_BEFORE = [
  'agents:read',
  'agents:write',
  'agents:trigger',
  'executions:read',
  'secrets:read',
  'secrets:write',
  'endpoints:read',
  'endpoints:write',
];

/**
 * Gives `secrets:use` to every key that holds all the scopes there were before it (a key
 * created without a list, or with all of them): such a key keeps saving the agents that use
 * the account's secrets. A key with a shorter list does not get it.
 */
export async function grantSecretsUse(queryRunner: QueryRunner, quote: string): Promise<void> {
  const q = (name: string) => `${quote}${name}${quote}`;
  const rows: { id: string; scopes: string }[] = await queryRunner.query(
    `SELECT ${q('id')}, ${q('scopes')} FROM ${q('api_keys')}`,
  );
  for (const row of rows) {
    const scopes = row.scopes.split(',').filter(Boolean);
    if (scopes.includes('secrets:use') || !SCOPES_BEFORE.every((s) => scopes.includes(s))) {
      continue;
    }
    await queryRunner.query(`UPDATE ${q('api_keys')} SET ${q('scopes')} = ? WHERE ${q('id')} = ?`, [
      [...scopes, 'secrets:use'].join(','),
      row.id,
    ]);
  }
}

/** Takes `secrets:use` away again (down). */
export async function revokeSecretsUse(queryRunner: QueryRunner, quote: string): Promise<void> {
  const q = (name: string) => `${quote}${name}${quote}`;
  const rows: { id: string; scopes: string }[] = await queryRunner.query(
    `SELECT ${q('id')}, ${q('scopes')} FROM ${q('api_keys')}`,
  );
  for (const row of rows) {
    const scopes = row.scopes.split(',').filter(Boolean);
    if (!scopes.includes('secrets:use')) continue;
    const kept = scopes.filter((s) => s !== 'secrets:use');
    await queryRunner.query(`UPDATE ${q('api_keys')} SET ${q('scopes')} = ? WHERE ${q('id')} = ?`, [
      kept.join(','),
      row.id,
    ]);
  }
}

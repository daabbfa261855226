import { Entity, PrimaryColumn, Column, Index } from 'typeorm';
import { IdColumn, TimestampColumn } from '../database/columns';

export const SCOPES = [
  'agents:read',
  'agents:write',
  'agents:trigger',
  'executions:read',
  'secrets:read',
  'secrets:write',
  'secrets:use',
  'endpoints:read',
  'endpoints:write',
] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * Save or test a config that references `{{secrets.NAME}}`. Without it, a key that may write
 * agents could send the account's secrets to a host of its choosing. A dashboard session
 * holds it with the owner role only.
 */
export const SECRETS_USE: Scope = 'secrets:use';

@Entity('api_keys')
export class ApiKey {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Index('idx_api_keys_account')
  @IdColumn({ name: 'account_id' })
  accountId: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  name: string | null;

  /** The first characters of the key, for display; never enough to use it. */
  @Column({ type: 'varchar', length: 16 })
  prefix: string;

  /** SHA-256 (hex) of the whole key; the key itself is never stored. */
  @Index('uq_api_keys_hash', { unique: true })
  @Column({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash: string;

  /** Comma-separated scopes. */
  @Column({ type: 'varchar', length: 255 })
  scopes: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'last_used_at', nullable: true })
  lastUsedAt: Date | null;

  @TimestampColumn({ name: 'revoked_at', nullable: true })
  revokedAt: Date | null;
}

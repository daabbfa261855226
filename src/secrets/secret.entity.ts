import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../database/columns';

/** The pattern of a secret's name in `{{secrets.NAME}}` (docs/api.md, Secrets). */
export const SECRET_NAME_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;
/**
 * Shortest value accepted, in characters. Outputs are searched for the values a run resolved
 * (to redact an echo), so a run whose output holds guesses tells which guess is the value: a
 * value this long is not guessed that way, as a 4-digit one would be.
 */
export const SECRET_VALUE_MIN_LENGTH = 16;
/** Longest value accepted, in bytes of UTF-8 (8 KiB). */
export const SECRET_VALUE_MAX_BYTES = 8 * 1024;

/** An account-wide secret for workflow steps; its value sealed like signing secrets. */
@Entity('secrets')
@Index('uq_secrets_account_name', ['accountId', 'name'], { unique: true })
export class AccountSecret {
  /** Internal id (`sec_…`): the key of the row for `secret-key:rotate`; never shown. */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  /** The value, encrypted with a key derived from SECRET_KEY (SecretBox). */
  @Column({ name: 'value_enc', type: 'text' })
  valueEnc: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;
}

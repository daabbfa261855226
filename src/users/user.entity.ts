import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../database/columns';

export const USER_ROLES = ['owner', 'member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * A person who signs in to the dashboard; belongs to one account. An address has at most one
 * user per account, and may have users in several accounts (each invited by its own owner).
 */
@Entity('users')
@Index('uq_users_account_email', ['accountId', 'email'], { unique: true })
export class User {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Index('idx_users_account')
  @IdColumn({ name: 'account_id' })
  accountId: string;

  /** Lower-cased. */
  @Index('idx_users_email')
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 16 })
  role: UserRole;

  /** `scrypt$N$r$p$salt$hash`; null until the user sets a password (status "invited"). */
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash: string | null;

  /** SHA-256 (hex) of the pending one-time password-setup token; null once used. */
  @Index('uq_users_setup_token', { unique: true })
  @Column({ name: 'setup_token_hash', type: 'varchar', length: 64, nullable: true })
  setupTokenHash: string | null;

  @TimestampColumn({ name: 'setup_expires_at', nullable: true })
  setupExpiresAt: Date | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'last_sign_in_at', nullable: true })
  lastSignInAt: Date | null;
}

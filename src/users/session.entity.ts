import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../database/columns';

/**
 * A signed-in dashboard session. The cookie's token is never stored, only its SHA-256. The
 * table is here, beside its user, because changing or removing a user ends their sessions
 * (UsersService); signing in, the cookie and CSRF are src/sessions/.
 */
@Entity('sessions')
export class Session {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Index('uq_sessions_token', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Index('idx_sessions_user')
  @IdColumn({ name: 'user_id' })
  userId: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  /** Refreshed at most once a minute; the idle expiry counts from here. */
  @TimestampColumn({ name: 'last_seen_at' })
  lastSeenAt: Date;
}

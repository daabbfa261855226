import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, JsonColumn, TimestampColumn } from '../../database/columns';

/**
 * An account's webhook endpoint (docs/api.md, Webhook endpoints and events): a URL that receives
 * the events it subscribes to, signed with its own `whsec_` secret, sealed at rest like every other
 * secret (SecretBox, and re-sealed by `secret-key:rotate`). After a rotation the previous secret
 * keeps signing beside the new one until `previous_secret_expires_at`.
 */
@Entity('webhook_endpoints')
@Index('idx_webhook_endpoints_account', ['accountId', 'id'])
export class WebhookEndpoint {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;

  /** Event types, or `["*"]`. */
  @JsonColumn()
  events: string[];

  @Column({ type: 'boolean' })
  enabled: boolean;

  /** Why the service disabled it (null when enabled, or disabled by a user). */
  @Column({ name: 'disabled_reason', type: 'varchar', length: 255, nullable: true })
  disabledReason: string | null;

  @Column({ name: 'secret_enc', type: 'text' })
  secretEnc: string;

  @Column({ name: 'previous_secret_enc', type: 'text', nullable: true })
  previousSecretEnc: string | null;

  @TimestampColumn({ name: 'previous_secret_expires_at', nullable: true })
  previousSecretExpiresAt: Date | null;

  /** Since when every attempt to it failed (null after a success): auto-disable measures this. */
  @TimestampColumn({ name: 'failing_since', nullable: true })
  failingSince: Date | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;
}

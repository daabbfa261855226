import { Entity, PrimaryColumn, Column } from 'typeorm';
import type { Plan } from '../config/plans';
import { TimestampColumn } from '../database/columns';

@Entity('accounts')
export class Account {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 20 })
  plan: Plan;

  /** The `whsec_` secret for outgoing webhooks, encrypted with a key derived from SECRET_KEY. */
  @Column({ name: 'signing_secret_enc', type: 'text', nullable: true })
  signingSecretEnc: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}

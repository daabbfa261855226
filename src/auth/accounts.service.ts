import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ApiError } from '../common/api-error';
import { newSigningSecret, SecretBox } from '../common/crypto';
import { newId } from '../common/ids';
import { now, utcDay } from '../common/time';
import type { Plan } from '../config/plans';
import { RawColumns } from '../database/raw-sql';
import { Account } from './account.entity';

@Injectable()
export class AccountsService {
  private readonly columns: RawColumns<Account>;

  constructor(
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
    @Inject(SecretBox) private readonly secrets: SecretBox,
  ) {
    this.columns = new RawColumns(accounts.manager.connection, Account);
  }

  async create(name: string, plan: Plan): Promise<Account> {
    const account = this.accounts.create({
      id: newId('acc'),
      name,
      plan,
      signingSecretEnc: null,
      createdAt: now(),
    });
    await this.accounts.insert(account);
    return account;
  }

  async get(id: string): Promise<Account> {
    const account = await this.accounts.findOneBy({ id });
    if (!account) throw ApiError.notFound('Account');
    return account;
  }

  /** Sets a new `whsec_` secret for outgoing webhooks; returned only here. */
  async rotateSigningSecret(id: string): Promise<{ account_id: string; signing_secret: string }> {
    await this.get(id);
    const secret = newSigningSecret();
    await this.accounts.update({ id }, { signingSecretEnc: this.secrets.seal(secret) });
    return { account_id: id, signing_secret: secret };
  }

  /**
   * Executions the account created in the last hour and since 00:00 UTC (today's from the
   * daily counters; the hour's with the executions index on account and time). SQL by table
   * name: the tables are the executions and agents modules', which sit above this one; the
   * hour is converted as every timestamp column is (`accounts.created_at`'s, the same type).
   */
  async usage(accountId: string, at: Date = now()): Promise<{ this_hour: number; today: number }> {
    const hourAgo = this.columns.persist('createdAt', new Date(at.getTime() - 3_600_000));
    const [hour, today]: [{ n: unknown }[], { n: unknown }[]] = await Promise.all([
      this.accounts.query(
        'SELECT COUNT(*) AS n FROM executions WHERE account_id = ? AND created_at >= ?',
        [accountId, hourAgo],
      ),
      this.accounts.query(
        'SELECT COALESCE(SUM(s.created), 0) AS n FROM agent_daily_stats s INNER JOIN agents a ON a.id = s.agent_id WHERE a.account_id = ? AND s.day = ?',
        [accountId, utcDay(at)],
      ),
    ]);
    return { this_hour: Number(hour[0]?.n ?? 0), today: Number(today[0]?.n ?? 0) };
  }

  /** Stops signing the account's outgoing webhooks (the secret is forgotten). */
  async disableSigning(id: string): Promise<void> {
    await this.get(id);
    await this.accounts.update({ id }, { signingSecretEnc: null });
  }

  /** The account's outgoing-webhook secret in clear, or null when none is set. */
  signingSecret(account: Account): string | null {
    return account.signingSecretEnc ? this.secrets.open(account.signingSecretEnc) : null;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ApiError } from '../common/api-error';
import { newSigningSecret, SecretBox } from '../common/crypto';
import { newId } from '../common/ids';
import { now } from '../common/time';
import { Account, Plan } from './account.entity';

@Injectable()
export class AccountsService {
  constructor(
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
    @Inject(SecretBox) private readonly secrets: SecretBox,
  ) {}

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

  /** The account's outgoing-webhook secret in clear, or null when none is set. */
  signingSecret(account: Account): string | null {
    return account.signingSecretEnc ? this.secrets.open(account.signingSecretEnc) : null;
  }
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { ApiError } from '../common/api-error';
import { SecretBox } from '../common/crypto';
import { isUniqueViolation } from '../common/database-errors';
import { newId } from '../common/ids';
import { now } from '../common/time';
import { AccountSecret, SECRET_NAME_PATTERN } from './secret.entity';

/**
 * Account secrets (docs/api.md, Secrets): set, list, delete, and their values for a run. A value is
 * sealed by the SecretBox before it is stored (and re-sealed by `secret-key:rotate`); it is
 * never returned by the API, logged or shown again.
 */
@Injectable()
export class SecretsService {
  constructor(
    @InjectRepository(AccountSecret) private readonly secrets: Repository<AccountSecret>,
    private readonly box: SecretBox,
  ) {}

  /** Creates or replaces a secret's value; `created` tells which. */
  async put(
    accountId: string,
    name: string,
    value: string,
  ): Promise<{ secret: AccountSecret; created: boolean }> {
    assertName(name);
    const at = now();
    const valueEnc = this.box.seal(value);
    for (let attempt = 0; attempt < 2; attempt++) {
      const existing = await this.secrets.findOneBy({ accountId, name });
      if (existing) {
        await this.secrets.update({ id: existing.id }, { valueEnc, updatedAt: at });
        return { secret: { ...existing, valueEnc, updatedAt: at }, created: false };
      }
      const secret = this.secrets.create({
        id: newId('sec'),
        accountId,
        name,
        valueEnc,
        createdAt: at,
        updatedAt: at,
      });
      try {
        await this.secrets.insert(secret);
        return { secret, created: true };
      } catch (error) {
        // Set at the same moment by another request: replace that one's value instead.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw ApiError.conflict('The secret was changed concurrently; try again');
  }

  /** The account's secrets by name (names and times only). */
  list(accountId: string): Promise<AccountSecret[]> {
    return this.secrets.find({ where: { accountId }, order: { name: 'ASC' } });
  }

  async remove(accountId: string, name: string): Promise<void> {
    assertName(name);
    const result = await this.secrets.delete({ accountId, name });
    if (!result.affected) throw ApiError.notFound('Secret');
  }

  /**
   * The plaintext values of the named secrets of an account, for a run. Names that do not
   * exist are absent from the map (the caller fails its step with `secret_not_found`).
   */
  async values(accountId: string, names: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(names)].filter((name) => SECRET_NAME_PATTERN.test(name));
    if (wanted.length === 0) return new Map();
    const rows = await this.secrets.findBy({ accountId, name: In(wanted) });
    return new Map(rows.map((row) => [row.name, this.box.open(row.valueEnc)]));
  }
}

function assertName(name: string): void {
  if (!SECRET_NAME_PATTERN.test(name)) {
    throw ApiError.invalid(
      'name',
      'name must start with an uppercase letter and hold only A-Z, 0-9 and _ (at most 64 characters)',
    );
  }
}

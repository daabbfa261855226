import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import { ApiError } from '../common/api-error';
import { sha256Hex } from '../common/crypto';
import { newId } from '../common/ids';
import { now } from '../common/time';
import { Account } from './account.entity';
import { ApiKey, Scope, SCOPES } from './api-key.entity';
import type { AuthContext } from './auth.decorators';

const KEY_PREFIX = 'aas_';
/** last_used_at is refreshed at most this often per key, to keep reads free of writes. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface CreatedApiKey {
  id: string;
  key: string;
  scopes: Scope[];
}

@Injectable()
export class ApiKeysService {
  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
  ) {}

  async create(
    accountId: string,
    scopes: Scope[] = [...SCOPES],
    name: string | null = null,
  ): Promise<CreatedApiKey> {
    const account = await this.accounts.findOneBy({ id: accountId });
    if (!account) throw ApiError.notFound('Account');
    const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = this.keys.create({
      id: newId('key'),
      accountId,
      name,
      prefix: key.slice(0, 12),
      keyHash: sha256Hex(key),
      scopes: scopes.join(','),
      createdAt: now(),
      lastUsedAt: null,
      revokedAt: null,
    });
    await this.keys.insert(row);
    return { id: row.id, key, scopes };
  }

  async revoke(id: string): Promise<{ id: string; revoked_at: string }> {
    const row = await this.keys.findOneBy({ id });
    if (!row) throw ApiError.notFound('API key');
    if (!row.revokedAt) {
      row.revokedAt = now();
      await this.keys.update({ id, revokedAt: IsNull() }, { revokedAt: row.revokedAt });
    }
    return { id: row.id, revoked_at: row.revokedAt.toISOString() };
  }

  /** Resolves a presented key with one indexed query; null when unknown or revoked. */
  async authenticate(presented: string): Promise<AuthContext | null> {
    if (!presented.startsWith(KEY_PREFIX) || presented.length > 200) return null;
    const row = await this.keys
      .createQueryBuilder('k')
      .innerJoinAndMapOne('k.account', Account, 'a', 'a.id = k.account_id')
      .where('k.key_hash = :hash', { hash: sha256Hex(presented) })
      .getOne();
    if (!row || row.revokedAt) return null;
    const account = (row as ApiKey & { account: Account }).account;
    this.touch(row);
    return {
      account,
      apiKeyId: row.id,
      scopes: new Set(row.scopes.split(',').filter(Boolean) as Scope[]),
    };
  }

  private touch(row: ApiKey): void {
    const at = now();
    if (row.lastUsedAt && at.getTime() - row.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
    this.keys.update({ id: row.id }, { lastUsedAt: at }).catch(() => undefined);
  }
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import { ApiError } from '../common/api-error';
import { sha256Hex } from '../common/crypto';
import { newId } from '../common/ids';
import { now } from '../common/time';
import { RawColumns } from '../database/raw-sql';
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
  /** The stored row (name, prefix, created_at) for the REST answer; not printed by the CLI. */
  row: ApiKey;
}

/** An API key and its account, as `AUTHENTICATE` reads them. */
interface KeyRow {
  id: string;
  account_id: string;
  scopes: string;
  last_used_at: unknown;
  revoked_at: unknown;
  name: string;
  plan: Account['plan'];
  signing_secret_enc: string | null;
  created_at: unknown;
}

const AUTHENTICATE = `SELECT k.id, k.account_id, k.scopes, k.last_used_at, k.revoked_at,
    a.name, a.plan, a.signing_secret_enc, a.created_at
  FROM api_keys k INNER JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?`;

@Injectable()
export class ApiKeysService {
  private readonly keyColumns: RawColumns<ApiKey>;
  private readonly accountColumns: RawColumns<Account>;

  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
  ) {
    this.keyColumns = new RawColumns(keys.manager.connection, ApiKey);
    this.accountColumns = new RawColumns(keys.manager.connection, Account);
  }

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
    return { id: row.id, key, scopes, row };
  }

  /** The account's keys, newest first (revoked ones too, with `revokedAt`). */
  list(accountId: string): Promise<ApiKey[]> {
    return this.keys.find({ where: { accountId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** Revokes a key (of `accountId` when given: another account's key is not found). */
  async revoke(id: string, accountId?: string): Promise<{ id: string; revoked_at: string }> {
    const row = await this.keys.findOneBy(accountId ? { id, accountId } : { id });
    if (!row) throw ApiError.notFound('API key');
    if (!row.revokedAt) {
      row.revokedAt = now();
      await this.keys.update({ id, revokedAt: IsNull() }, { revokedAt: row.revokedAt });
    }
    return { id: row.id, revoked_at: row.revokedAt.toISOString() };
  }

  /**
   * Resolves a presented key with one indexed query (hand-written: it runs on every REST
   * request); null when unknown or revoked.
   */
  async authenticate(presented: string): Promise<AuthContext | null> {
    if (!presented.startsWith(KEY_PREFIX) || presented.length > 200) return null;
    const rows: KeyRow[] = await this.keys.query(AUTHENTICATE, [sha256Hex(presented)]);
    const row = rows[0];
    if (!row || row.revoked_at !== null) return null;
    const account = Object.assign(new Account(), {
      id: row.account_id,
      name: row.name,
      plan: row.plan,
      signingSecretEnc: row.signing_secret_enc,
      createdAt: this.accountColumns.hydrate('createdAt', row.created_at),
    });
    this.touch(row.id, this.keyColumns.hydrate('lastUsedAt', row.last_used_at));
    return {
      account,
      apiKeyId: row.id,
      scopes: new Set(row.scopes.split(',').filter(Boolean) as Scope[]),
    };
  }

  private touch(id: string, lastUsedAt: Date | null): void {
    const at = now();
    if (lastUsedAt && at.getTime() - lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
    this.keys.update({ id }, { lastUsedAt: at }).catch(() => undefined);
  }
}

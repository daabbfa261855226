import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Account } from '../auth/account.entity';
import { ApiError } from '../common/api-error';
import { sha256Hex } from '../common/crypto';
import { newId, randomToken } from '../common/ids';
import { now } from '../common/time';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { isUniqueViolation } from '../common/database-errors';
import { Session } from './session.entity';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyPassword } from './password';
import { User, UserRole } from './user.entity';

/** How long a password-setup link works (single use). */
export const SETUP_LINK_TTL_MS = 24 * 3_600_000;

/** Sign-in checks the password of at most this many users of one address. */
export const MAX_ACCOUNTS_PER_ADDRESS = 20;

/** Where the dashboard's password-setup page is, under the dashboard's address. */
const SETUP_PATH = '/setup-password';

export interface InvitedUser {
  user: User;
  /** The one-time link to set a password: shown once, only its token's hash is stored. */
  setupUrl: string;
}

/** What an email address must look like (also stated in the OpenAPI document). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Lower-cased, trimmed address; 400 `email` when it does not look like one. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
    throw ApiError.invalid('email', 'email must be an email address');
  }
  return email;
}

export function checkNewPassword(password: string, field: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw ApiError.invalid(field, `${field} must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw ApiError.invalid(field, `${field} must be at most ${MAX_PASSWORD_LENGTH} characters`);
  }
}

/**
 * Dashboard users of an account: invitations (a one-time password-setup link, since no mail
 * server is assumed), roles, removal, passwords. Every query is scoped by account; an
 * account always keeps at least one owner.
 */
@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Creates a user without a password, and the one-time link to set it (24 h). With
   * `replace` (seed:demo only), the users who already have the address, in any account, are
   * removed first.
   */
  async invite(
    accountId: string,
    rawEmail: string,
    role: UserRole,
    options: { replace?: boolean } = {},
  ): Promise<InvitedUser> {
    const email = normalizeEmail(rawEmail);
    if (!(await this.accounts.existsBy({ id: accountId }))) throw ApiError.notFound('Account');
    if (options.replace) {
      // The demo owner moves to the newest demo account: its users of the address, in every
      // account, are removed.
      for (const existing of await this.users.findBy({ email })) {
        await this.sessions.delete({ userId: existing.id });
        await this.users.delete({ id: existing.id });
      }
    }
    const token = randomToken(32);
    const user = this.users.create({
      id: newId('usr'),
      accountId,
      email,
      role,
      passwordHash: null,
      setupTokenHash: sha256Hex(token),
      setupExpiresAt: new Date(now().getTime() + SETUP_LINK_TTL_MS),
      createdAt: now(),
      lastSignInAt: null,
    });
    try {
      await this.users.insert(user);
    } catch (error) {
      // Unique per account: an address another account uses is free here, and says nothing.
      if (isUniqueViolation(error)) {
        throw ApiError.conflict('A user with this email already exists in this account');
      }
      throw error;
    }
    return { user, setupUrl: this.setupUrl(token) };
  }

  setupUrl(token: string): string {
    return `${this.config.dashboardUrl}${SETUP_PATH}?token=${encodeURIComponent(token)}`;
  }

  list(accountId: string): Promise<User[]> {
    return this.users.find({ where: { accountId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async get(accountId: string, id: string): Promise<User> {
    const user = await this.users.findOneBy({ accountId, id });
    if (!user) throw ApiError.notFound('User');
    return user;
  }

  /** The users of an address, in every account (at most one each), oldest first. */
  findByEmail(email: string): Promise<User[]> {
    return this.users.find({
      where: { email: email.trim().toLowerCase() },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: MAX_ACCOUNTS_PER_ADDRESS,
    });
  }

  /**
   * A new one-time link (SETUP_LINK_TTL_MS, single use) with which the user sets a new
   * password and signs in: the password-setup link of an invitation, issued again. The
   * current password keeps working until the link is used; an earlier unused link stops.
   */
  async issuePasswordReset(accountId: string, id: string): Promise<InvitedUser> {
    const user = await this.get(accountId, id);
    const token = randomToken(32);
    const setupExpiresAt = new Date(now().getTime() + SETUP_LINK_TTL_MS);
    await this.users.update(
      { accountId, id },
      { setupTokenHash: sha256Hex(token), setupExpiresAt },
    );
    Object.assign(user, { setupTokenHash: sha256Hex(token), setupExpiresAt });
    return { user, setupUrl: this.setupUrl(token) };
  }

  /** Changes a role; demoting the account's last owner is 409. */
  async setRole(accountId: string, id: string, role: UserRole): Promise<User> {
    return this.users.manager.transaction(async (manager) => {
      const repo = manager.getRepository(User);
      const user = await repo.findOneBy({ accountId, id });
      if (!user) throw ApiError.notFound('User');
      if (user.role === role) return user;
      if (user.role === 'owner') await this.keepAnOwner(repo, accountId, id);
      await repo.update({ accountId, id }, { role });
      user.role = role;
      return user;
    });
  }

  /** Removes a user and ends their sessions; removing the account's last owner is 409. */
  async remove(accountId: string, id: string): Promise<void> {
    await this.users.manager.transaction(async (manager) => {
      const repo = manager.getRepository(User);
      const user = await repo.findOneBy({ accountId, id });
      if (!user) throw ApiError.notFound('User');
      if (user.role === 'owner') await this.keepAnOwner(repo, accountId, id);
      await manager.getRepository(Session).delete({ userId: id });
      await repo.delete({ accountId, id });
    });
  }

  /**
   * Sets the password with a one-time setup token: 400 `token` when unknown, used or expired;
   * 400 `password` when too short. Ends any session the user had.
   */
  async completeSetup(token: string, password: string): Promise<User> {
    const hash = sha256Hex(token);
    const user = token ? await this.users.findOneBy({ setupTokenHash: hash }) : null;
    if (!user || !user.setupExpiresAt || user.setupExpiresAt.getTime() <= now().getTime()) {
      throw ApiError.invalid('token', 'This password setup link is invalid, used or expired');
    }
    checkNewPassword(password, 'password');
    const passwordHash = await hashPassword(password);
    // Conditional on the token: of two concurrent uses, one wins.
    const result = await this.users.update(
      { id: user.id, setupTokenHash: hash },
      { passwordHash, setupTokenHash: null, setupExpiresAt: null },
    );
    if (!result.affected) {
      throw ApiError.invalid('token', 'This password setup link is invalid, used or expired');
    }
    await this.sessions.delete({ userId: user.id });
    return Object.assign(user, { passwordHash, setupTokenHash: null, setupExpiresAt: null });
  }

  /**
   * Changes the password of a signed-in user after checking the current one (400
   * `current_password` when wrong), and ends every session of theirs, the one that asked
   * included (the caller starts a new one for the requester).
   */
  async changePassword(user: User, current: string, next: string): Promise<void> {
    if (!(await verifyPassword(current, user.passwordHash))) {
      throw ApiError.invalid('current_password', 'current_password is not the current password');
    }
    checkNewPassword(next, 'new_password');
    const passwordHash = await hashPassword(next);
    await this.users.update({ id: user.id }, { passwordHash });
    user.passwordHash = passwordHash;
    await this.sessions.delete({ userId: user.id });
  }

  private async keepAnOwner(repo: Repository<User>, accountId: string, id: string): Promise<void> {
    const query = repo
      .createQueryBuilder('u')
      .where('u.account_id = :accountId AND u.role = :role', { accountId, role: 'owner' });
    // MariaDB: lock the owners so that two concurrent demotions cannot both pass (SQLite
    // transactions are serialised already).
    if (repo.manager.connection.options.type === 'mariadb') query.setLock('pessimistic_write');
    const owners = await query.getMany();
    if (!owners.some((owner) => owner.id !== id)) {
      throw ApiError.conflict('The account must keep at least one owner');
    }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { normalizeIp } from '@nestjs/throttler';
import { Repository } from 'typeorm';
import { Account } from '../auth/account.entity';
import { ApiError } from '../common/api-error';
import { keyedDigest, sha256Hex } from '../common/crypto';
import { newId, randomToken } from '../common/ids';
import { now } from '../common/time';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { RateLimitStore } from '../throttling/rate-limit-store';
import { verifyPassword } from '../users/password';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { Session } from '../users/session.entity';

/** last_seen_at is written at most this often per session (or a tenth of the idle expiry). */
const TOUCH_RESOLUTION_MS = 60_000;

const INVALID_CREDENTIALS = 'Invalid email or password';

/** A session as the guard sees it, with its user and account. */
export interface ActiveSession {
  session: Session;
  user: User;
  account: Account;
  csrfToken: string;
}

declare module '../auth/auth.decorators' {
  /** `req.auth.session` (`@CurrentSession()`) carries the signed-in user. */
  interface SessionContext {
    user: User;
  }
}

/** A new session: the cookie's token is only in this object, never stored. */
export interface StartedSession extends ActiveSession {
  token: string;
}

/**
 * Dashboard sessions, stored server-side by the SHA-256 of their random token. A session
 * ends on sign-out, after SESSION_IDLE_MS without a request, SESSION_MAX_MS after sign-in,
 * when the user's password changes (all of them; the requester gets a new one) and when the user
 * is removed. The CSRF token is an HMAC of the token's hash under SECRET_KEY: constant for a
 * session, different for every session, nothing more to store.
 */
@Injectable()
export class SessionsService {
  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
    private readonly usersService: UsersService,
    private readonly rateLimits: RateLimitStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Checks an address and password (same answer, and the same scrypt work, whether the
   * address is unknown or the password wrong) and starts a session.
   * @throws ApiError `rate_limited` past SIGN_IN_LIMITS, `unauthorized` otherwise.
   */
  async signIn(email: string, password: string, ip: string | undefined): Promise<StartedSession> {
    await this.throttle(email, ip);
    const candidates = (await this.usersService.findByEmail(email)).filter(
      (user) => user.passwordHash !== null,
    );
    // An unknown address costs one hash too. An address with users in several accounts signs
    // in to the oldest one whose password this is.
    if (candidates.length === 0) await verifyPassword(password, null);
    for (const user of candidates) {
      if (await verifyPassword(password, user.passwordHash)) return this.start(user);
    }
    throw new ApiError('unauthorized', INVALID_CREDENTIALS);
  }

  /**
   * Counts a password check of a signed-in user (a password change) against the sign-in
   * limits of their address and IP, so that it cannot be used to guess the password faster.
   * @throws ApiError `rate_limited` past SIGN_IN_LIMITS.
   */
  async throttlePasswordCheck(email: string, ip: string | undefined): Promise<void> {
    await this.throttle(email, ip);
  }

  /** Starts a session for a user who just proved who they are (sign-in, password setup). */
  async start(user: User): Promise<StartedSession> {
    const account = await this.accounts.findOneBy({ id: user.accountId });
    if (!account) throw new ApiError('unauthorized', INVALID_CREDENTIALS);
    const token = randomToken(32);
    const at = now();
    const session = this.sessions.create({
      id: newId('ses'),
      tokenHash: sha256Hex(token),
      userId: user.id,
      accountId: user.accountId,
      createdAt: at,
      lastSeenAt: at,
    });
    await this.sessions.insert(session);
    await this.users.update({ id: user.id }, { lastSignInAt: at });
    user.lastSignInAt = at;
    return { token, session, user, account, csrfToken: this.csrfToken(session.tokenHash) };
  }

  /** The live session of a cookie token, or null (unknown, signed out or expired). */
  async authenticate(token: string): Promise<ActiveSession | null> {
    if (token.length < 20 || token.length > 200) return null;
    const session = await this.sessions.findOneBy({ tokenHash: sha256Hex(token) });
    if (!session) return null;
    const at = now().getTime();
    if (
      at - session.lastSeenAt.getTime() >= this.config.sessionIdleMs ||
      at - session.createdAt.getTime() >= this.config.sessionMaxMs
    ) {
      await this.sessions.delete({ id: session.id });
      return null;
    }
    const [user, account] = await Promise.all([
      this.users.findOneBy({ id: session.userId }),
      this.accounts.findOneBy({ id: session.accountId }),
    ]);
    if (!user || !account) return null;
    const resolution = Math.min(TOUCH_RESOLUTION_MS, this.config.sessionIdleMs / 10);
    if (at - session.lastSeenAt.getTime() >= resolution) {
      session.lastSeenAt = new Date(at);
      await this.sessions.update({ id: session.id }, { lastSeenAt: session.lastSeenAt });
    }
    return { session, user, account, csrfToken: this.csrfToken(session.tokenHash) };
  }

  async signOut(sessionId: string): Promise<void> {
    await this.sessions.delete({ id: sessionId });
  }

  /** Cookie lifetime: the absolute expiry. */
  get maxAgeMs(): number {
    return this.config.sessionMaxMs;
  }

  private csrfToken(tokenHash: string): string {
    return keyedDigest(this.config.secretKey, 'dashboard-csrf/v1', tokenHash);
  }

  /**
   * Counts a sign-in attempt per address and per client IP (config `signIn`) before the
   * password is checked, so that a blocked guess costs nothing and tells nothing.
   */
  private async throttle(email: string, ip: string | undefined): Promise<void> {
    const limits = this.config.signIn;
    const prefix = `${this.config.rateLimit.keyPrefix}:signin`;
    const address = sha256Hex(email.trim().toLowerCase());
    const [byAddress, byIp] = await Promise.all([
      this.rateLimits.increment(
        `${prefix}:{addr:${address}}`,
        limits.windowMs,
        limits.perAddress,
        'sign-in-address',
      ),
      this.rateLimits.increment(
        `${prefix}:{ip:${normalizeIp(ip ?? 'unknown')}}`,
        limits.windowMs,
        limits.perIp,
        'sign-in-ip',
      ),
    ]);
    const blocked = [byAddress, byIp].filter((record) => record?.isBlocked);
    if (blocked.length === 0) return;
    const retryAfter = Math.max(1, ...blocked.map((record) => record!.timeToBlockExpire));
    throw new ApiError(
      'rate_limited',
      `Too many sign-in attempts; retry in ${retryAfter} s`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
}

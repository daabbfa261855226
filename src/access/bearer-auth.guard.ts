import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ApiError } from '../common/api-error';
import { safeEqual } from '../common/crypto';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import {
  CSRF_HEADER,
  isStateChanging,
  ownOrigins,
  readCookie,
  requestSource,
  SESSION_COOKIE,
} from '../sessions/session-cookie';
import { SessionsService } from '../sessions/sessions.service';
import { RateLimitService } from '../throttling/rate-limit.service';
import { Scope, SCOPES, SECRETS_USE } from '../auth/api-key.entity';
import { ApiKeysService } from '../auth/api-keys.service';
import {
  IS_PUBLIC,
  REQUIRED_ACCESS,
  REQUIRED_SCOPE,
  RequiredAccess,
  SAME_ORIGIN,
} from '../auth/auth.decorators';

const ALL_SCOPES: ReadonlySet<Scope> = new Set(SCOPES);
/** A member's session: every scope but `secrets:use`, which is the owners'. */
const MEMBER_SCOPES: ReadonlySet<Scope> = new Set(SCOPES.filter((scope) => scope !== SECRETS_USE));

/**
 * Global guard: every REST route needs `Authorization: Bearer <key>` or the dashboard's
 * session cookie unless marked `@Public()`; `@RequireScope()` routes also need the scope
 * (403 otherwise; an owner's session has every scope, a member's every scope but
 * `secrets:use`). `@SessionOnly()`/`@OwnerOnly()` routes (keys,
 * users, sessions, the signing secret) refuse API keys, and `@OwnerOnly()` ones members.
 * A state-changing request authenticated by the cookie must come from the API's own origin
 * (`Origin`, else `Referer`) and carry the session's `X-CSRF-Token`: else 403.
 *
 * It also applies the rate limits, since they need to know who is calling: an accepted key
 * counts against its account's plan (before the scope check, so a 403 is counted too); a
 * refused credential against the client IP's failed-authentication limit (429 instead of
 * 401 past it). Dashboard sessions are not counted against the plan.
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
    private readonly sessions: SessionsService,
    private readonly rateLimits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) {
      if (this.reflector.getAllAndOverride<boolean>(SAME_ORIGIN, targets)) {
        const source = requestSource(req);
        if (source !== null) this.checkOrigin(req, source);
      }
      return true;
    }
    const access = this.reflector.getAllAndOverride<RequiredAccess | undefined>(
      REQUIRED_ACCESS,
      targets,
    );
    const header = req.headers.authorization;
    const cookie = header === undefined ? readCookie(req, SESSION_COOKIE) : null;
    if (cookie !== null) return this.withSession(req, res, cookie, access);
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) {
      await this.rateLimits.consumeFailedAuth(req.ip, res);
      throw new ApiError(
        'unauthorized',
        access === 'session' || access === 'owner'
          ? 'Sign in to the dashboard: this route needs a session'
          : 'Missing or malformed Authorization header; send "Bearer <API_KEY>"',
      );
    }
    const auth = await this.apiKeys.authenticate(match[1]);
    if (!auth) {
      await this.rateLimits.consumeFailedAuth(req.ip, res);
      throw new ApiError('unauthorized', 'Invalid or revoked API key');
    }
    req.auth = auth;
    await this.rateLimits.consume(auth.account, res);
    if (access === 'session' || access === 'owner') {
      throw new ApiError(
        'forbidden',
        'API keys cannot manage keys, users, sessions or the signing secret; sign in to the dashboard',
      );
    }
    const scope = this.reflector.getAllAndOverride<Scope | undefined>(REQUIRED_SCOPE, targets);
    if (scope && !auth.scopes.has(scope)) {
      throw new ApiError('forbidden', `This API key lacks the "${scope}" scope`);
    }
    return true;
  }

  private async withSession(
    req: Request,
    res: Response,
    token: string,
    access: RequiredAccess | undefined,
  ): Promise<boolean> {
    const active = await this.sessions.authenticate(token);
    if (!active) {
      await this.rateLimits.consumeFailedAuth(req.ip, res);
      throw new ApiError(
        'unauthorized',
        'The session has expired or was signed out; sign in again',
      );
    }
    if (isStateChanging(req.method)) {
      this.checkOrigin(req, requestSource(req));
      const presented = req.headers[CSRF_HEADER];
      if (typeof presented !== 'string' || !safeEqual(presented, active.csrfToken)) {
        throw new ApiError('forbidden', 'Missing or invalid X-CSRF-Token header');
      }
    }
    if ((access === 'owner' || access === 'owner-or-key') && active.user.role !== 'owner') {
      throw new ApiError(
        'forbidden',
        access === 'owner'
          ? 'Only an account owner can manage keys, users and the signing secret'
          : 'Only an account owner can manage secrets',
      );
    }
    req.auth = {
      account: active.account,
      apiKeyId: null,
      scopes: active.user.role === 'owner' ? ALL_SCOPES : MEMBER_SCOPES,
      session: { id: active.session.id, user: active.user, csrfToken: active.csrfToken },
    };
    return true;
  }

  private checkOrigin(req: Request, source: string | null | 'invalid'): void {
    if (
      source === null ||
      source === 'invalid' ||
      !ownOrigins(req, this.config.baseUrl).has(source)
    ) {
      throw new ApiError(
        'forbidden',
        'Cross-origin request refused: it must come from the dashboard',
      );
    }
  }
}

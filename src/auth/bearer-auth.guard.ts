import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ApiError } from '../common/api-error';
import { RateLimitService } from '../throttling/rate-limit.service';
import type { Scope } from './api-key.entity';
import { ApiKeysService } from './api-keys.service';
import { IS_PUBLIC, REQUIRED_SCOPE } from './auth.decorators';

/**
 * Global guard: every REST route needs `Authorization: Bearer <key>` unless marked
 * `@Public()`; `@RequireScope()` routes also need the scope (403 otherwise). It also applies
 * the rate limits, since they need to know who is calling: an accepted key counts against
 * its account's plan (before the scope check, so a 403 is counted too); a refused one
 * against the client IP's failed-authentication limit (429 instead of 401 past it).
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
    private readonly rateLimits: RateLimitService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const header = req.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) {
      await this.rateLimits.consumeFailedAuth(req.ip, res);
      throw new ApiError(
        'unauthorized',
        'Missing or malformed Authorization header; send "Bearer <API_KEY>"',
      );
    }
    const auth = await this.apiKeys.authenticate(match[1]);
    if (!auth) {
      await this.rateLimits.consumeFailedAuth(req.ip, res);
      throw new ApiError('unauthorized', 'Invalid or revoked API key');
    }
    req.auth = auth;
    await this.rateLimits.consume(auth.account, res);
    const scope = this.reflector.getAllAndOverride<Scope | undefined>(REQUIRED_SCOPE, targets);
    if (scope && !auth.scopes.has(scope)) {
      throw new ApiError('forbidden', `This API key lacks the "${scope}" scope`);
    }
    return true;
  }
}

import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiError } from '../common/api-error';
import type { Scope } from './api-key.entity';
import { ApiKeysService } from './api-keys.service';
import { IS_PUBLIC, REQUIRED_SCOPE } from './auth.decorators';

/**
 * Global guard: every REST route needs `Authorization: Bearer <key>` unless marked
 * `@Public()`; `@RequireScope()` routes also need the scope (403 otherwise).
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const header = req.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match)
      throw new ApiError(
        'unauthorized',
        'Missing or malformed Authorization header; send "Bearer <API_KEY>"',
      );
    const auth = await this.apiKeys.authenticate(match[1]);
    if (!auth) throw new ApiError('unauthorized', 'Invalid or revoked API key');
    req.auth = auth;
    const scope = this.reflector.getAllAndOverride<Scope | undefined>(REQUIRED_SCOPE, targets);
    if (scope && !auth.scopes.has(scope)) {
      throw new ApiError('forbidden', `This API key lacks the "${scope}" scope`);
    }
    return true;
  }
}

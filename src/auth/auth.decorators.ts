import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import type { Account } from './account.entity';
import type { Scope } from './api-key.entity';

export const IS_PUBLIC = 'auth:public';
export const REQUIRED_SCOPE = 'auth:scope';

/** The route needs no API key. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The API key must carry this scope, else 403 `forbidden`. */
export const RequireScope = (scope: Scope) => SetMetadata(REQUIRED_SCOPE, scope);

export interface AuthContext {
  account: Account;
  apiKeyId: string;
  scopes: ReadonlySet<Scope>;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
  }
}

/** The authenticated account; throws if the bearer guard did not run for this route. */
export const CurrentAccount = createParamDecorator((_: unknown, ctx: ExecutionContext): Account => {
  const req = ctx.switchToHttp().getRequest<Request>();
  if (!req.auth) throw new Error('CurrentAccount used on a route without authentication');
  return req.auth.account;
});

import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
} from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Account } from './account.entity';
import type { Scope } from './api-key.entity';

export const IS_PUBLIC = 'auth:public';
export const REQUIRED_SCOPE = 'auth:scope';
export const REQUIRED_ACCESS = 'auth:access';
export const SAME_ORIGIN = 'auth:same-origin';

/*
 * Each decorator below sets the metadata the guard reads and an OpenAPI extension
 * (`x-public`, `x-required-scope`, `x-access`, `x-same-origin`) that the document builder
 * (src/docs/openapi.ts) reads back from the generated document to complete each operation's
 * security and error responses: one declaration, read by both.
 */

/** The route needs no API key. */
export const Public = () =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension('x-public', true));

/** The API key must carry this scope, else 403 `forbidden`. */
export const RequireScope = (scope: Scope) =>
  applyDecorators(SetMetadata(REQUIRED_SCOPE, scope), ApiExtension('x-required-scope', scope));

/**
 * Who may call a route besides what `@RequireScope()` says. `session`: a signed-in dashboard
 * user of any role; `owner`: owners only (bearer API keys get 403 on both, members 403 on
 * `owner` routes); `owner-or-key`: an API key with the route's scope, or an owner's session
 * (members 403), for account resources that integrations may manage (secrets).
 */
export type RequiredAccess = 'session' | 'owner' | 'owner-or-key';
const access = (value: RequiredAccess) =>
  applyDecorators(SetMetadata(REQUIRED_ACCESS, value), ApiExtension('x-access', value));
export const SessionOnly = () => access('session');
export const OwnerOnly = () => access('owner');
export const OwnerOrApiKey = () => access('owner-or-key');

/**
 * A public state-changing route a browser calls before it has a session (sign-in, password
 * setup): an `Origin` or `Referer` from another site is 403 (login CSRF).
 */
export const SameOriginOnly = () =>
  applyDecorators(SetMetadata(SAME_ORIGIN, true), ApiExtension('x-same-origin', true));

/**
 * The signed-in dashboard session behind a cookie-authenticated request. Its `user` is added
 * by src/sessions/sessions.service.ts (a declaration merged into this interface): users sit
 * above this layer.
 */
export interface SessionContext {
  id: string;
  csrfToken: string;
}

export interface AuthContext {
  account: Account;
  /** The API key of a bearer request; null for a dashboard session. */
  apiKeyId: string | null;
  scopes: ReadonlySet<Scope>;
  session?: SessionContext;
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

/** The credentials of the request (account, scopes, session); throws without authentication. */
export const CurrentAuth = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): AuthContext => {
    const req = ctx.switchToHttp().getRequest<Request>();
    if (!req.auth) throw new Error('CurrentAuth used on a route without authentication');
    return req.auth;
  },
);

/** The signed-in session; throws if the route is not `@SessionOnly()`/`@OwnerOnly()`. */
export const CurrentSession = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): SessionContext => {
    const req = ctx.switchToHttp().getRequest<Request>();
    if (!req.auth?.session) throw new Error('CurrentSession used on a route without a session');
    return req.auth.session;
  },
);

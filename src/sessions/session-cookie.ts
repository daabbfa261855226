import type { Request, Response } from 'express';

/** The dashboard's session cookie. */
export const SESSION_COOKIE = 'aas_session';
/** The header a cookie-authenticated state-changing request carries its CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isStateChanging = (method: string): boolean => !SAFE_METHODS.has(method.toUpperCase());

/** The value of one cookie of the request (no dependency: the header is a `;` list). */
export function readCookie(req: Request, name: string): string | null {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, Secure when the request came over
 * https (`req.secure` honours TRUST_PROXY's X-Forwarded-Proto); it lasts until the session's
 * absolute expiry.
 */
export function setSessionCookie(
  req: Request,
  res: Response,
  token: string,
  maxAgeMs: number,
): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
    maxAge: maxAgeMs,
  });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
  });
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * Where the request says it comes from: `Origin`, or without it the origin of `Referer`;
 * null when neither is present. `'invalid'` when present but unusable (`Origin: null`).
 */
export function requestSource(req: Request): string | null | 'invalid' {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== '') return originOf(origin) ?? 'invalid';
  const referer = req.headers.referer;
  if (typeof referer === 'string' && referer !== '') return originOf(referer) ?? 'invalid';
  return null;
}

/**
 * The origins of the API itself: BASE_URL's, and the one the request was addressed to
 * (scheme honouring TRUST_PROXY, and the Host header, which a cross-site page cannot set).
 */
export function ownOrigins(req: Request, baseUrl: string): Set<string> {
  const origins = new Set<string>();
  const base = originOf(baseUrl);
  if (base) origins.add(base);
  const host = req.headers.host;
  if (typeof host === 'string' && host !== '') {
    const own = originOf(`${req.protocol}://${host}`);
    if (own) origins.add(own);
  }
  return origins;
}

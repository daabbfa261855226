import cors from 'cors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sendError } from './error-envelope';
import { flavourOf } from './listener';
import { redactUrl } from './logging.module';

/** The order methods are listed in `Allow`. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

interface PathMethods {
  pattern: RegExp;
  methods: Set<string>;
}

/**
 * The methods each path of a listener answers, read once from the express router after the
 * application's routes are registered: what `405` and `OPTIONS` answer with. Paths are
 * matched as express does (case-insensitively, a trailing slash allowed, `:name` one
 * segment). Catch-all layers (middleware on every method, Nest's not-found handler) and
 * wildcard paths are left out: those stay 404s for a method they do not answer.
 */
export class RouteMethods {
  private paths: PathMethods[] = [];

  /** Reads the routes of `router` whose paths `serves` accepts (call after `app.init()`). */
  load(router: { stack: Layer[] }, serves: (path: string) => boolean): void {
    const byPath = new Map<string, Set<string>>();
    const visit = (stack: Layer[]) => {
      for (const layer of stack) {
        if (layer.handle?.stack) visit(layer.handle.stack);
        const route = layer.route;
        if (!route || typeof route.path !== 'string') continue;
        const methods = Object.keys(route.methods).filter((name) => route.methods[name]);
        if (methods.includes('_all') || methods.length > 6) continue;
        const path = route.path.length > 1 ? route.path.replace(/\/+$/, '') : route.path;
        if (/[*{}()?]/.test(path) || !serves(path)) continue;
        const set = byPath.get(path) ?? new Set<string>();
        for (const method of methods) set.add(method.toUpperCase());
        byPath.set(path, set);
      }
    };
    visit(router.stack);
    this.paths = [...byPath].map(([path, methods]) => {
      if (methods.has('GET')) methods.add('HEAD');
      methods.add('OPTIONS');
      const source = path
        .split('/')
        .map((part) =>
          part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/');
      return { pattern: new RegExp(`^${source}/?$`, 'i'), methods };
    });
  }

  /** The methods `path` answers (the union over the routes it matches); undefined: unknown. */
  allowed(path: string): string[] | undefined {
    let union: Set<string> | undefined;
    for (const entry of this.paths) {
      if (!entry.pattern.test(path)) continue;
      union ??= new Set();
      for (const method of entry.methods) union.add(method);
    }
    return union && ORDER.filter((method) => union.has(method));
  }
}

/**
 * A known path asked with a method it does not answer: `OPTIONS` gets 204 with `Allow`,
 * any other method 405 `method_not_allowed` with `Allow`, in the listener's envelope.
 * Unknown paths and allowed methods go on (to the routes, or the 404).
 */
export function methodGate(table: RouteMethods, docsUrl: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const allowed = table.allowed(req.path);
    const method = req.method.toUpperCase();
    if (!allowed || (method !== 'OPTIONS' && allowed.includes(method))) return next();
    res.setHeader('Allow', allowed.join(', '));
    if (method === 'OPTIONS') {
      res.status(204).setHeader('Content-Length', '0');
      res.end();
      return;
    }
    sendError(
      res,
      flavourOf(req),
      docsUrl,
      'method_not_allowed',
      `${method} is not allowed on ${redactUrl(req.originalUrl.split('?')[0])}; Allow: ${allowed.join(', ')}`,
    );
  };
}

/** Request headers a cross-origin caller of the REST API may send. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'];
/** Response headers a cross-origin caller may read (beyond the CORS-safelisted ones). */
const EXPOSED_HEADERS = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'Location',
  'Allow',
];

/**
 * CORS for the REST API (`/v2/...`), with the `cors` package: an `Origin` in `origins`
 * (exact match) gets `Access-Control-Allow-Origin` (never `*`) and, on a preflight of a known
 * path, the path's methods; any other origin, or an unknown path, gets no CORS header.
 * Credentials are never allowed: cookies (the dashboard's session) do not ride along, callers
 * send a bearer key. Undefined when `origins` is empty (CORS off).
 */
export function corsForApi(
  origins: readonly string[],
  table: RouteMethods,
): RequestHandler | undefined {
  if (origins.length === 0) return undefined;
  const allowList = new Set(origins);
  const middleware = cors((req, callback) => {
    const request = req as Request;
    const origin = request.headers.origin;
    const methods = isApiPath(request.path) ? table.allowed(request.path) : undefined;
    if (!origin || !allowList.has(origin) || !methods) {
      callback(null, { origin: false });
      return;
    }
    callback(null, {
      origin,
      methods: methods.filter((method) => method !== 'OPTIONS'),
      allowedHeaders: ALLOWED_HEADERS,
      exposedHeaders: EXPOSED_HEADERS,
      credentials: false,
      maxAge: 600,
      optionsSuccessStatus: 204,
    });
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req.path)) {
      // The answer depends on Origin whether or not it is listed: caches must keep them apart.
      res.vary('Origin');
      // A preflight `cors` answers still says what the path allows.
      const allowed = req.method === 'OPTIONS' ? table.allowed(req.path) : undefined;
      if (allowed) res.setHeader('Allow', allowed.join(', '));
    }
    middleware(req, res, next);
  };
}

const isApiPath = (path: string): boolean => path.toLowerCase().startsWith('/v2/');

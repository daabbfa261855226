import { INestApplication, RequestMethod } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createServer, type Server } from 'node:http';
import { PinoLogger } from 'nestjs-pino';
import { sendError } from './common/error-envelope';
import { flavourOf, flavourOfListener, type Listener } from './common/listener';
import { answerUnparsableRequests, requireHost, securityHeaders } from './common/http-hardening';
import { applyHttpTimeouts } from './common/http-timeouts';
import { corsForApi, methodGate, RouteMethods } from './common/http-semantics';
import { jsonBody } from './common/json-body.middleware';
import { middlewareSequence } from './common/middleware-sequence';
import { redactUrl } from './common/logging.module';
import { requestLog } from './common/request-log.middleware';
import { tracingMiddleware } from './tracing/tracing';
import { ShutdownClock } from './common/shutdown';
import type { AppConfig } from './config/configuration';
import { isDashboardPath, rootPage } from './dashboard/dashboard-static';
import { setupApiDocs } from './docs/openapi';
import { serveWebhookDocument, WEBHOOK_OPENAPI_PATH } from './docs/webhook-document';
import { httpMetrics } from './metrics/http-metrics.middleware';
import { MetricsService } from './metrics/metrics.service';
import { WEBHOOK_ROUTE } from './webhooks/inbound/inbound-webhooks.controller';

export type { Listener };

/** The first segment of the inbound webhook's path (`/webhook/:webhookId`), lower case. */
const WEBHOOK_PREFIX = `/${WEBHOOK_ROUTE}/`;

/**
 * The paths the webhook listener hands to the application: the inbound webhook, `/health`
 * and its OpenAPI document (`/openapi.json`). Everything else (the REST routes, the API docs, the dashboard) is the REST
 * listener's and answers 404 there. Express matches paths case-insensitively: so does this.
 */
export function servedByWebhookListener(path: string): boolean {
  const lower = path.toLowerCase();
  return (
    lower.startsWith(WEBHOOK_PREFIX) ||
    lower === '/health' ||
    lower === '/health/' ||
    lower === WEBHOOK_OPENAPI_PATH
  );
}

/** The REST listener serves everything but the inbound webhook and its document. */
export function servedByApiListener(path: string): boolean {
  const lower = path.toLowerCase();
  return !lower.startsWith(WEBHOOK_PREFIX) && lower !== WEBHOOK_OPENAPI_PATH;
}

const SERVES: Record<Listener, (path: string) => boolean> = {
  api: servedByApiListener,
  webhook: servedByWebhookListener,
};

/** 404 in the listener's envelope, for anything no route of this listener matched. */
function notFound(docsUrl: string) {
  return (req: Request, res: Response): void =>
    sendError(
      res,
      flavourOf(req),
      docsUrl,
      'not_found',
      `No route ${req.method} ${redactUrl(req.originalUrl.split('?')[0])}`,
    );
}

/**
 * The middleware of one listener, in order: request id and log line, metrics, security
 * headers, the draining `Connection: close`, the body checks (JSON; forms too on the webhook
 * listener; in the listener's
 * envelope), the REST listener's root page, then the listener's fence: a path the other
 * listener serves is a 404 here, before any route sees it.
 */
function listenerChain(
  listener: Listener,
  metrics: MetricsService,
  config: AppConfig,
  shutdown: ShutdownClock,
  methods: RouteMethods,
): RequestHandler {
  const chain: RequestHandler[] = [];
  // Tracing on: the server span first, so that everything after runs in its context.
  const traced = tracingMiddleware();
  if (traced) chain.push(traced);
  chain.push(requestLog(() => PinoLogger.root));
  chain.push(httpMetrics(metrics, listener));
  chain.push(securityHeaders(isDashboardPath));
  chain.push(requireHost(config.docsUrl));
  chain.push((_req: Request, res: Response, next: NextFunction) => {
    // Once draining, keep-alive clients are asked to go elsewhere after this response.
    if (shutdown.draining) res.setHeader('Connection', 'close');
    next();
  });
  // HTTP semantics before the body is read: CORS (REST listener, when CORS_ORIGINS is set),
  // then `OPTIONS` and 405 for a known path asked with a method it does not answer.
  const corsHandler = listener === 'api' ? corsForApi(config.corsOrigins, methods) : undefined;
  if (corsHandler) chain.push(corsHandler);
  chain.push(methodGate(methods, config.docsUrl));
  // The webhook listener also takes HTML forms (and form-posting providers).
  chain.push(
    ...jsonBody(flavourOfListener(listener), config.docsUrl, { forms: listener === 'webhook' }),
  );
  // `GET /`: a small page linking the dashboard (/dashboard/) and the API docs.
  if (listener === 'api') chain.push(rootPage);
  const serves = SERVES[listener];
  const elsewhere = notFound(config.docsUrl);
  chain.push((req: Request, res: Response, next: NextFunction) =>
    serves(req.path) ? next() : elsewhere(req, res),
  );
  return middlewareSequence(chain);
}

/**
 * Sets up the HTTP side of the process's one application for its listeners (ROLE's `api`
 * and `webhook`): one express application holds every route of the container; each listener
 * is its own Node server in front of it (the application's own server for the first, a
 * second one for the other), which tags its requests with its name. Per request, the tag
 * picks the listener's middleware chain (listenerChain); the exception filter picks the
 * envelope by it. The global prefix `/v2` applies to the REST routes only. Call before
 * `app.init()`; returns each listener's server (not listening yet).
 */
export function setupListeners(
  app: NestExpressApplication,
  listeners: readonly Listener[],
  config: AppConfig,
): Map<Listener, Server> {
  app.disable('x-powered-by');
  // No ETag on what the routes send: answers are `no-store` (securityHeaders), so no client
  // revalidates them, and Express would hash every body for it (SHA-1 of a 24 KB page of
  // agents: 3 % of its CPU). The dashboard's files keep theirs (serve-static's own).
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  const metrics = app.get(MetricsService);
  const shutdown = app.get(ShutdownClock);
  const servers = new Map<Listener, Server>();
  const chains = new Map<Listener, RequestHandler>();
  const methods = routeMethods(app);
  listeners.forEach((listener, index) => {
    const server =
      index === 0
        ? (app.getHttpServer() as Server)
        : createServer(app.getHttpAdapter().getInstance());
    // Before express sees the request (listeners of 'request' run in order).
    server.prependListener('request', (req: Request) => (req.listener = listener));
    applyHttpTimeouts(server, config);
    answerUnparsableRequests(server, flavourOfListener(listener), config.docsUrl);
    servers.set(listener, server);
    const table = new RouteMethods();
    methods.set(listener, table);
    chains.set(listener, listenerChain(listener, metrics, config, shutdown, table));
  });
  app.use((req: Request, res: Response, next: NextFunction) =>
    chains.get(req.listener ?? listeners[0])!(req, res, next),
  );
  if (listeners.includes('api')) {
    app.setGlobalPrefix('v2', {
      exclude: [
        { path: 'docs', method: RequestMethod.ALL },
        { path: 'docs/{*rest}', method: RequestMethod.ALL },
        { path: 'health', method: RequestMethod.ALL },
        { path: 'metrics', method: RequestMethod.ALL },
        { path: `${WEBHOOK_ROUTE}/{*rest}`, method: RequestMethod.ALL },
      ],
    });
    // Before init: Nest adds its catch-all not-found route at init. The document is built
    // on first request, once every controller is registered.
    setupApiDocs(app, config);
  }
  if (listeners.includes('webhook')) serveWebhookDocument(app, config);
  return servers;
}

/**
 * After `app.init()`: anything no route matched (outside the /v2 prefix too) is a 404 in
 * the envelope of the listener it came in on.
 */
export function finishListeners(app: INestApplication, config: AppConfig): void {
  app.use(notFound(config.docsUrl));
  // Every route is registered now: read the methods of each listener's paths, once.
  const router = (app.getHttpAdapter().getInstance() as { router: { stack: [] } }).router;
  for (const [listener, table] of routeMethods(app)) table.load(router, SERVES[listener]);
}

/** The route-methods table of each listener of an application (filled by finishListeners). */
const TABLES = new WeakMap<object, Map<Listener, RouteMethods>>();
function routeMethods(app: INestApplication): Map<Listener, RouteMethods> {
  const key = app.getHttpAdapter().getInstance() as object;
  let tables = TABLES.get(key);
  if (!tables) TABLES.set(key, (tables = new Map()));
  return tables;
}

import type { NextFunction, Request, Response } from 'express';
import type { Listener, MetricsService } from './metrics.service';

/** The webhook path; its id is a secret and must never become a label. */
const WEBHOOK_PATH = /^\/webhook\/[^/]+\/?$/;

/**
 * The route label of a request: the template of the route that handled it (`/v2/agents/:id`,
 * `/webhook/:webhook_id`), never the raw URL. Requests answered before routing (body
 * checks) or by no route (or Nest's catch-all) are `unmatched`, except the webhook path,
 * recognised by its shape.
 */
export function routeTemplate(req: Request): string {
  // By shape first: one stable label for the webhook, whatever answered (route, body check).
  if (WEBHOOK_PATH.test(req.path)) return '/webhook/:webhook_id';
  const route = (req.route as { path?: unknown } | undefined)?.path;
  // Nest's catch-all not-found routes (`*path`, `{/*splat}`) are no templates.
  if (typeof route === 'string' && !route.includes('*')) return route;
  return 'unmatched';
}

/**
 * Express middleware, first in the chain of each listener: times every request and records it
 * when the response ends. A response the client abandoned before it was sent counts as 499.
 */
export function httpMetrics(metrics: MetricsService, listener: Listener) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const start = process.hrtime.bigint();
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.httpRequest(listener, req.method, routeTemplate(req), status, seconds);
    });
    next();
  };
}

import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Middleware run one after the other as one handler: each calls `next()` for the following
 * one; the last `next()`, a `next(error)`, a throw or a rejected promise leaves the sequence
 * through the outer `next`, as an Express Router mounted at `/` would. Kept here rather than
 * a Router because a Router pays, per layer and request, a path match and the closures of its
 * dispatch: for the listener's chain of about ten layers, about a fifth of what a webhook
 * allocated (BENCHMARKS.md, row "webhook ingest"). None of these middleware uses what a Router
 * adds (mount paths, `next('route')` or `next('router')`, `req.params`).
 *
 * Like the Router, it leaves at the next turn of the event loop (`setImmediate`), not at once: the
 * routes then run for the requests whose bodies arrived in one turn one after the other, after the
 * turn's I/O. Leaving at once cost about 10 % more CPU per webhook acknowledgement, measured, with
 * batches of the same size (BENCHMARKS.md, row "webhook ingest, service CPU ms per ack").
 */
export function middlewareSequence(handlers: readonly RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction): void => {
    let index = 0;
    const next = (error?: unknown): void => {
      if (error !== undefined && error !== null) return void setImmediate(() => done(error));
      const handler = handlers[index++];
      if (!handler) return void setImmediate(() => done());
      try {
        const result: unknown = handler(req, res, next);
        // A rejected promise (async middleware) is an error, as Express 5 treats it.
        if (result instanceof Promise) {
          result.catch((error: unknown) => next(error ?? new Error('Rejected promise')));
        }
      } catch (thrown) {
        next(thrown ?? new Error('Thrown'));
      }
    };
    next();
  };
}

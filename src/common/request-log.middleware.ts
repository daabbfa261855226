import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { redactUrl } from './logging.module';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Express middleware, first in the chain of each listener: gives the request its id (an
 * incoming `X-Request-Id` when well-formed, a UUID otherwise), echoes it in `X-Request-Id`,
 * and writes one JSON line when the response ends:
 * `{req: {id, method, url}, res: {statusCode}, responseTime, msg: "request completed"}`.
 *
 * It replaces pino-http on the hot path: no child logger per request and no async context
 * (AsyncLocalStorage makes every promise of the request pay for a hook); lines logged while
 * handling a request carry `reqId` explicitly instead. No header is ever logged.
 * `logger()` is read when the line is written (the root pino logger exists once the
 * application's logger is built).
 */
export function requestLog(logger: () => Logger | undefined) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const start = performance.now();
    res.once('close', () => {
      const log = logger();
      if (!log?.isLevelEnabled('info')) return;
      log.info(
        {
          req: {
            id,
            method: req.method,
            url: redactUrl(req.originalUrl),
          },
          // Through the logger's res serializer, which reads statusCode once headers are sent.
          res: { statusCode: res.writableFinished ? res.statusCode : 499, headersSent: true },
          responseTime: Math.round(performance.now() - start),
        },
        res.writableFinished ? 'request completed' : 'request aborted',
      );
    });
    next();
  };
}

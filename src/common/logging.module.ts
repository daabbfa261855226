import { Module } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, AppConfig } from '../config/configuration';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Headers that carry credentials: never written to a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["x-signature"]',
  'req.headers["webhook-signature"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/** A URL fit for logs and error messages: the webhook URL is itself a secret, its id is cut. */
export function redactUrl(url: string): string {
  return url.replace(/\/webhook\/[^/?#]+/, '/webhook/[redacted]');
}

/**
 * One JSON log line per request (pino), carrying a request id that is taken from an incoming
 * `X-Request-Id` when it is well-formed, generated otherwise, and echoed in the response.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.logLevel,
          genReqId: (req: IncomingMessage, res: ServerResponse) => {
            const incoming = req.headers['x-request-id'];
            const id =
              typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
            res.setHeader('X-Request-Id', id);
            return id;
          },
          redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
          serializers: {
            req: (req: { id: string; method: string; url: string }) => ({
              id: req.id,
              method: req.method,
              url: redactUrl(req.url),
            }),
            res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
          },
          quietReqLogger: true,
        },
      }),
    }),
  ],
})
export class LoggingModule {}

import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, AppConfig } from '../config/configuration';

/** Headers that carry credentials: never written to a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["x-signature"]',
  'req.headers["webhook-signature"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.headers["x-csrf-token"]',
];

/**
 * A URL fit for logs and error messages: the webhook URL is itself a secret, its id is cut;
 * so is a `token` query parameter (the dashboard's one-time password-setup link).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/\/webhook\/[^/?#]+/, '/webhook/[redacted]')
    .replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/**
 * The process's pino logger (JSON lines), used by Nest's `Logger` everywhere. The one line
 * per request, with its request id, is written by `requestLog` (request-log.middleware.ts),
 * mounted first on each listener by bootstrap.ts: pino-http's middleware is not mounted
 * (`forRoutes: []`), as its per-request child logger and async context cost more than a
 * third of an inbound webhook's CPU time.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        forRoutes: [],
        pinoHttp: {
          level: config.logLevel,
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

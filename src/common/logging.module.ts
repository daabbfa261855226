import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, AppConfig } from '../config/configuration';

/** Headers that carry credentials, lower case: never written to a log line. */
export const SECRET_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-signature',
  'x-hub-signature',
  'x-hub-signature-256',
  'webhook-signature',
  'svix-signature',
  'metrics-token',
  'x-csrf-token',
]);

/**
 * Names of query parameters (and headers) that look like credentials, whatever their case:
 * `token`, `access_token`, `key`, `api_key`, `apiKey`, `secret`, `client_secret`, `sig`,
 * `signature`, `password`, `passwd`, `pwd`, `auth`, `authorization`, `credential(s)`,
 * `session`, `cookie`, `jwt`. Broad on purpose: a harmless parameter redacted costs nothing.
 */
const SECRET_NAME = /token|key|secret|sig|passw|pwd|auth|credential|session|cookie|jwt/i;

export const REDACTED = '[redacted]';

/** True for a header whose value must not be logged; the name's case does not matter. */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADERS.has(name.toLowerCase()) || SECRET_NAME.test(name);
}

/** A copy of `headers` with every credential-looking header's value replaced, any case. */
export function redactHeaders(headers: unknown): unknown {
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) return headers;
  const entries = Object.entries(headers as Record<string, unknown>);
  return Object.fromEntries(
    entries.map(([name, value]) => [name, isSecretHeader(name) ? REDACTED : value]),
  );
}

/**
 * The query string of a URL with the value of every parameter whose name looks like a
 * credential (`SECRET_NAME`, any case, percent-encoded or not) replaced by `[redacted]`.
 */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const rawName = pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return SECRET_NAME.test(name) || SECRET_NAME.test(rawName) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * A URL fit for logs and error messages: the webhook URL is itself a secret, its id is cut
 * (any case: routing ignores it); query parameters that look like credentials are redacted.
 */
export function redactUrl(url: string): string {
  const path = url.replace(/\/webhook\/[^/?#]+/i, '/webhook/[redacted]');
  const question = path.indexOf('?');
  if (question < 0) return path;
  const hash = path.indexOf('#', question);
  const end = hash < 0 ? path.length : hash;
  return `${path.slice(0, question + 1)}${redactQuery(path.slice(question + 1, end))}${path.slice(end)}`;
}

/**
 * The pino options of the process's logger: its level and serializers. No header of a
 * request or response is logged; a `headers` object logged by anything else has its
 * credentials redacted whatever the case of their names, and URLs lose their secrets.
 */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      headers: redactHeaders,
      url: (url: unknown) => (typeof url === 'string' ? redactUrl(url) : url),
    },
  };
}

/**
 * The process's pino logger (JSON lines), used by Nest's `Logger` everywhere. The one line
 * per request, with its request id, is written by `requestLog` (request-log.middleware.ts),
 * mounted first on each listener by http-listeners.ts: pino-http's middleware is not mounted
 * (`forRoutes: []`), as its per-request child logger and async context cost more than a
 * third of an inbound webhook's CPU time.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        forRoutes: [],
        pinoHttp: { ...loggerOptions(config.logLevel), quietReqLogger: true },
      }),
    }),
  ],
})
export class LoggingModule {}

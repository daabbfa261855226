import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  Inject,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { ThrottlerException } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { ApiError } from './api-error';
import { SecretUnreadableError } from './crypto';
import { codeForStatus, ErrorCode, ERROR_CODES } from './error-codes';
import { errorBody } from './error-envelope';
import { isDatabaseUnavailable } from './database-errors';
import { flavourOf } from './listener';
import { redactUrl } from './logging.module';

interface Mapped {
  status: number;
  code: ErrorCode;
  message: string;
  field?: string;
  headers?: Record<string, string>;
}

/**
 * The one place that shapes errors: every exception, expected or not, leaves as
 * `{error: {code, message, field?, docs_url}}`. Unexpected ones are logged with the request
 * id and answered with a generic 500 that carries no internals. The envelope is the one of the
 * listener the request came in on (the webhook listener's adds `success: false`).
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const mapped = this.map(exception, req);
    if (res.headersSent) return;
    for (const [name, value] of Object.entries(mapped.headers ?? {})) res.setHeader(name, value);
    res
      .status(mapped.status)
      .type('application/json')
      .json(
        errorBody(flavourOf(req), this.config.docsUrl, mapped.code, mapped.message, mapped.field),
      );
  }

  private map(exception: unknown, req: Request): Mapped {
    if (exception instanceof ApiError) {
      return {
        status: exception.getStatus(),
        code: exception.code,
        message: exception.message,
        field: exception.field,
        headers: exception.headers,
      };
    }
    if (exception instanceof ThrottlerException) {
      return { status: 429, code: 'rate_limited', message: 'Too many requests' };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = codeForStatus(status);
      if (status >= 500) return this.internal(exception, req);
      const message =
        code === 'not_found'
          ? `No route ${req.method} ${redactUrl(req.originalUrl.split('?')[0])}`
          : ERROR_CODES[code].title;
      return { status: ERROR_CODES[code].status, code, message };
    }
    if (exception instanceof SecretUnreadableError) {
      // A stored secret sealed under a key this process lacks: the operator's to fix, never
      // a crypto message or a 500 (see "The secret key" in docs/operations.md).
      this.logger.error({ reqId: req.id, err: exception.message }, 'stored secret unreadable');
      return {
        status: 503,
        code: 'service_unavailable',
        message:
          "A stored secret this request needs is unreadable with the server's current key; retry later",
        headers: { 'Retry-After': '60' },
      };
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ reqId: req.id, err: describe(exception) }, 'database unavailable');
      return {
        status: 503,
        code: 'service_unavailable',
        message:
          'The service is temporarily unavailable. Retry later, with the same Idempotency-Key.',
        headers: { 'Retry-After': '5' },
      };
    }
    return this.internal(exception, req);
  }

  private internal(exception: unknown, req: Request): Mapped {
    this.logger.error({ reqId: req.id, err: describe(exception) }, 'unhandled exception');
    return {
      status: 500,
      code: 'internal_error',
      message: 'Internal error; retry later',
    };
  }
}

function describe(exception: unknown): Record<string, unknown> {
  if (exception instanceof Error) {
    return { type: exception.name, message: exception.message, stack: exception.stack };
  }
  return { value: String(exception) };
}

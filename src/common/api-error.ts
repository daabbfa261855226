import { HttpException } from '@nestjs/common';
import { ERROR_CODES, ErrorCode } from './error-codes';

/**
 * The one exception the service throws for a client-visible failure. The global filter
 * turns it into `{error: {code, message, field?, docs_url}}` with the code's status.
 */
export class ApiError extends HttpException {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message, ERROR_CODES[code].status);
  }

  static invalid(field: string, message: string): ApiError {
    return new ApiError('invalid_request', message, field);
  }

  static notFound(what: string): ApiError {
    return new ApiError('not_found', `${what} not found`);
  }

  static conflict(message: string): ApiError {
    return new ApiError('conflict', message);
  }

  static unavailable(message: string, retryAfterSeconds = 5): ApiError {
    return new ApiError('service_unavailable', message, undefined, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}

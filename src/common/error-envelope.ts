import type { Response } from 'express';
import { ERROR_CODES, ErrorCode } from './error-codes';

export type EnvelopeFlavour = 'rest' | 'webhook';

export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string; docs_url: string };
  success?: false;
  message?: string;
}

/** Builds the error body; the webhook listener adds `success: false` and `message` on top. */
export function errorBody(
  flavour: EnvelopeFlavour,
  docsUrl: string,
  code: ErrorCode,
  message: string,
  field?: string,
): ErrorBody {
  const error: ErrorBody['error'] = { code, message, docs_url: `${docsUrl}/errors/${code}` };
  if (field !== undefined) error.field = field;
  return flavour === 'webhook' ? { success: false, message, error } : { error };
}

/** Writes an error response directly (for middleware that runs before Nest's filters). */
export function sendError(
  res: Response,
  flavour: EnvelopeFlavour,
  docsUrl: string,
  code: ErrorCode,
  message: string,
  field?: string,
): void {
  res.status(ERROR_CODES[code].status).json(errorBody(flavour, docsUrl, code, message, field));
}

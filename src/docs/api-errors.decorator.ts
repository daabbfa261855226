import { SetMetadata } from '@nestjs/common';
import type { ErrorCode } from '../common/error-codes';

export const API_ERRORS = 'openapi:errors';

/**
 * Error codes a route answers with besides those the OpenAPI document derives by itself
 * (authentication, scope, body and parameter checks, 404 for a path id, 5xx): they are listed
 * with their status and an example envelope in `GET /v2/openapi.json`.
 */
export const ApiErrors = (...codes: ErrorCode[]) => SetMetadata(API_ERRORS, codes);

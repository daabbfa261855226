import { ApiExtension } from '@nestjs/swagger';
import type { ErrorCode } from './error-codes';

/**
 * Error codes a route answers with besides those the OpenAPI document derives by itself
 * (authentication, scope, body and parameter checks, 404 for a path id, 5xx): they are listed
 * with their status and an example envelope in `GET /v2/openapi.json`. Recorded as the
 * operation's `x-errors` extension, which the document builder turns into responses.
 */
export const ApiErrors = (...codes: ErrorCode[]) => ApiExtension('x-errors', codes);

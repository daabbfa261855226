import type {
  HeaderObject,
  OpenAPIObject,
  OperationObject,
  ReferenceObject,
  ResponseObject,
} from '@nestjs/swagger';
import { ERROR_CODES, type ErrorCode } from '../common/error-codes';
import { type EnvelopeFlavour, errorBody } from '../common/error-envelope';
import { ErrorEnvelope, WebhookErrorEnvelope } from './error.schemas';

/** A message and field that show what each error looks like, for the examples. */
const EXAMPLES: Record<ErrorCode, { message: string; field?: string }> = {
  invalid_request: { message: 'limit must be an integer between 1 and 100', field: 'limit' },
  unauthorized: { message: 'Invalid or revoked API key' },
  forbidden: { message: 'This API key lacks the "agents:write" scope' },
  not_found: { message: 'Agent not found' },
  method_not_allowed: {
    message: 'PUT is not allowed on /v2/agents; Allow: GET, HEAD, POST, OPTIONS',
  },
  conflict: { message: 'Idempotency-Key reused with a different request body' },
  agent_paused: { message: 'The agent is paused; resume it to trigger it' },
  payload_too_large: { message: 'The request body is larger than 1 MiB' },
  unsupported_media_type: { message: 'The request body must be application/json' },
  rate_limited: { message: 'Too many requests' },
  internal_error: { message: 'Internal error; retry later' },
  service_unavailable: {
    message: 'The service is temporarily unavailable. Retry later, with the same Idempotency-Key.',
  },
  request_timeout: { message: 'The request was not received in time' },
  headers_too_large: { message: 'The request line and headers are larger than 16 KiB' },
};

const integerHeader = (description: string): HeaderObject => ({
  description,
  schema: { type: 'integer' },
});

/** Response headers shared by many operations (`components.headers`). */
export const HEADERS: Record<string, HeaderObject> = {
  'X-Request-Id': {
    description: 'The request id (the one sent, when well-formed; else generated); also logged',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': integerHeader("Requests allowed per hour by the account's plan"),
  'X-RateLimit-Remaining': integerHeader('Requests left in the current hour'),
  'X-RateLimit-Reset': integerHeader('Seconds until the hourly window resets'),
  'Retry-After': integerHeader('Seconds to wait before retrying'),
};
export const headerRef = (name: string): ReferenceObject => ({
  $ref: `#/components/headers/${name}`,
});
export const RATE_LIMIT_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

/**
 * One response per status for these codes: the error envelope schema, and one example per
 * code (409 has two: `conflict` and `agent_paused`).
 */
export function errorResponses(
  codes: Iterable<ErrorCode>,
  flavour: EnvelopeFlavour,
  docsUrl: string,
): Record<string, ResponseObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const schema = flavour === 'rest' ? ErrorEnvelope : WebhookErrorEnvelope;
  const responses: Record<string, ResponseObject> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers: Record<string, ReferenceObject> = { 'X-Request-Id': headerRef('X-Request-Id') };
    if (status === 429 || status === 503) headers['Retry-After'] = headerRef('Retry-After');
    if (status === 429) for (const name of RATE_LIMIT_HEADERS) headers[name] = headerRef(name);
    responses[String(status)] = {
      description: list.map((code) => `\`${code}\`: ${ERROR_CODES[code].description}`).join('\n\n'),
      headers,
      content: {
        'application/json': {
          schema: { $ref: `#/components/schemas/${schema.name}` },
          examples: Object.fromEntries(
            list.map((code) => [
              code,
              {
                summary: ERROR_CODES[code].title,
                value: errorBody(
                  flavour,
                  docsUrl,
                  code,
                  EXAMPLES[code].message,
                  EXAMPLES[code].field,
                ),
              },
            ]),
          ),
        },
      },
    };
  }
  return responses;
}

/**
 * What the listeners answer before any route is chosen, to a request of any method on any
 * path (a body is read whatever the method): a malformed request, URL or JSON body (400), a
 * trickle slower than REQUEST_TIMEOUT_MS (408), a body over 1 MiB (413) or not JSON (415),
 * headers over 16 KiB (431). Every operation can answer them, so each lists them (docs/api.md,
 * What the OpenAPI document states: every error response a route can give).
 */
const TRANSPORT_ERRORS: ErrorCode[] = [
  'invalid_request',
  'request_timeout',
  'payload_too_large',
  'unsupported_media_type',
  'headers_too_large',
];

/** Adds the transport errors to every operation of `paths` that does not list them yet. */
export function addTransportErrors(
  document: OpenAPIObject,
  flavourOf: (path: string) => EnvelopeFlavour,
  docsUrl: string,
): void {
  for (const [path, item] of Object.entries(document.paths)) {
    const responses = errorResponses(TRANSPORT_ERRORS, flavourOf(path), docsUrl);
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation: OperationObject | undefined = item[method];
      if (!operation) continue;
      for (const [status, response] of Object.entries(responses)) {
        operation.responses[status] ??= response;
      }
    }
  }
}

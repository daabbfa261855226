/** Every error code the service answers with, its status and what it means (for /docs/errors). */
export const ERROR_CODES = {
  invalid_request: {
    status: 400,
    title: 'Invalid request',
    description:
      'A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`).',
  },
  unauthorized: {
    status: 401,
    title: 'Unauthorized',
    description:
      'The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401.',
  },
  forbidden: {
    status: 403,
    title: 'Forbidden',
    description:
      'The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`.',
  },
  not_found: {
    status: 404,
    title: 'Not found',
    description:
      'The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted.',
  },
  method_not_allowed: {
    status: 405,
    title: 'Method not allowed',
    description:
      'The path exists but does not answer this HTTP method (for example `PUT /v2/agents`). The `Allow` header lists the methods it answers.',
  },
  conflict: {
    status: 409,
    title: 'Conflict',
    description:
      'The request conflicts with the current state: an illegal state change (for example cancelling a finished execution) or an Idempotency-Key reused with a different body.',
  },
  agent_paused: {
    status: 409,
    title: 'Agent paused',
    description:
      'The agent is paused and accepts no triggers. Resume it with `PATCH /v2/agents/:id` `{"status":"active"}`.',
  },
  request_timeout: {
    status: 408,
    title: 'Request timeout',
    description:
      'The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it.',
  },
  payload_too_large: {
    status: 413,
    title: 'Payload too large',
    description: 'The request body is larger than 1 MiB.',
  },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported media type',
    description: 'The request body is not `application/json`.',
  },
  headers_too_large: {
    status: 431,
    title: 'Request headers too large',
    description:
      'The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake.',
  },
  rate_limited: {
    status: 429,
    title: 'Rate limited',
    description:
      "Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget.",
  },
  internal_error: {
    status: 500,
    title: 'Internal error',
    description:
      'The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it.',
  },
  service_unavailable: {
    status: 503,
    title: 'Service unavailable',
    description:
      'A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another.',
  },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}

/** The code for a status when nothing more specific is known. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'invalid_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 408:
      return 'request_timeout';
    case 415:
      return 'unsupported_media_type';
    case 431:
      return 'headers_too_large';
    case 429:
      return 'rate_limited';
    case 503:
      return 'service_unavailable';
    default:
      return status >= 500 ? 'internal_error' : 'invalid_request';
  }
}

/**
 * A typed client of the Agent Automation Service's /v2 API: openapi-fetch over the types that
 * openapi-typescript generates from the service's own OpenAPI document (`./schema.ts`, written
 * by `npm run web:types`), and `verifyEvent` for the signed events of webhook endpoints.
 * See ../README.md.
 */
import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';
import { Webhook } from 'standardwebhooks';
import type { components, paths } from './schema';

export type { components, operations, paths } from './schema';

/** The API's schemas by name: `Schemas['ExecutionDetail']`, `Schemas['AgentDetail']`… */
export type Schemas = components['schemas'];

/** The client: `client.GET('/v2/executions/{id}', { params: { path: { id } } })`… */
export type AgentAutomationClient = Client<paths>;

/**
 * A client for `baseUrl` (e.g. `https://agents.example.com`) sending `apiKey` as
 * `Authorization: Bearer …` on every request. `options` go to openapi-fetch (a custom
 * `fetch`, more headers…).
 */
export function createClient(
  baseUrl: string,
  apiKey: string,
  options: Omit<ClientOptions, 'baseUrl'> = {},
): AgentAutomationClient {
  return createFetchClient<paths>({
    ...options,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { ...options.headers, Authorization: `Bearer ${apiKey}` },
  });
}

/** The API's error envelope, thrown by `unwrap` for an answer that is not 2xx. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly body: unknown,
  ) {
    const error = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
    super(`${status} ${error?.code ?? 'error'}: ${error?.message ?? 'request failed'}`);
    this.name = 'ApiError';
  }
}

/** The body of a 2xx answer of the client; any other answer throws an `ApiError`. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) {
    const code = (result.error as { error?: { code?: string } } | undefined)?.error?.code;
    throw new ApiError(result.response.status, code, result.error);
  }
  return result.data as T;
}

/** Execution statuses after which nothing changes. */
export const FINAL_STATUSES: ReadonlyArray<Schemas['ExecutionDetail']['status']> = [
  'completed',
  'failed',
  'cancelled',
];

/** An event of a webhook endpoint, as sent: `data` is the resource as the API returns it. */
export interface WebhookEvent<T = unknown> {
  /** `evt_…`, the same on every retry and redelivery: deduplicate on it. */
  id: string;
  /** `execution.completed`, `agent.created`, `ping`… */
  type: string;
  created_at: string;
  data: T;
}

/**
 * Checks an incoming event of a webhook endpoint with its secret (`whsec_…`) by the Standard
 * Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`; a timestamp more
 * than 5 minutes off is refused) and returns it parsed. `body` must be the raw body exactly as
 * received (not re-serialised JSON). Throws when the signature does not verify.
 */
export function verifyEvent(
  secret: string,
  body: string,
  headers: Headers | Record<string, string | string[] | undefined>,
): WebhookEvent {
  const flat: Record<string, string> = {};
  const entries =
    headers instanceof Headers ? [...headers.entries()] : Object.entries(headers ?? {});
  for (const [name, value] of entries) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value[0] : value;
  }
  return new Webhook(secret).verify(body, flat) as WebhookEvent;
}

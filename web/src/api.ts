/** The dashboard's only door to the service: the documented /v2 API, with the session cookie. */

export interface User {
  id: string;
  email: string;
  role: 'owner' | 'member';
  created_at: string;
  status?: 'active' | 'invited';
  last_sign_in_at?: string | null;
}
export interface Account {
  id: string;
  name: string;
  plan: string;
}
export interface Session {
  user: User;
  account: Account;
  csrf_token: string;
}
export interface Agent {
  id: string;
  name: string;
  status: 'active' | 'paused';
  webhook_url: string;
  executions_today: number;
  success_rate: number;
  created_at: string;
  kind?: string;
  config?: Record<string, unknown>;
  webhook_auth?: 'none' | 'api_key' | 'signature';
  timeout_ms?: number;
  updated_at?: string;
}
export interface Execution {
  id: string;
  agent_id: string;
  status: ExecutionStatus;
  source: string;
  retry_of: string | null;
  input: Record<string, unknown>;
  output: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  duration_ms: number | null;
  logs?: { timestamp: string; level: string; message: string }[];
}
export type ExecutionStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
export const EXECUTION_STATUSES: ExecutionStatus[] = [
  'queued',
  'running',
  'completed',
  'failed',
  'cancelled',
];
export interface DeliveryAttempt {
  id: string;
  url: string;
  event: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
}
export interface DayStats {
  day: string;
  created: number;
  completed: number;
  failed: number;
}
export interface AgentKind {
  kind: string;
  description: string;
  config_schema?: unknown;
}
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  key?: string;
}
export interface AccountInfo {
  id: string;
  name: string;
  plan: string;
  /** null: unlimited (enterprise). */
  limits?: { per_hour: number; per_second: number } | null;
  usage?: { this_hour: number; today: number };
  signing?: { enabled: boolean };
}

/** An answer in the error envelope (or a network failure). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

let csrfToken = '';
let onUnauthorized: () => void = () => undefined;

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** Called when the session has ended (401 on a request made while signed in). */
export function whenUnauthorized(handler: () => void): void {
  onUnauthorized = handler;
}

export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: { quiet401?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`/v2${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiFailure(0, 'network_error', 'The service could not be reached. Try again.');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's error page): reported by status below.
  }
  if (!response.ok) {
    const error = (json as { error?: { code?: string; message?: string; field?: string } })?.error;
    const failure = new ApiFailure(
      response.status,
      error?.code ?? 'error',
      error?.message ?? `The request failed (HTTP ${response.status})`,
      error?.field,
    );
    if (response.status === 401 && !options.quiet401) onUnauthorized();
    throw failure;
  }
  return json as T;
}

export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Every agent of the account (the list route pages by 100 at most). */
export async function allAgents(): Promise<Agent[]> {
  const agents: Agent[] = [];
  for (let page = 1; page <= 50; page++) {
    const result = await api<{ data: Agent[]; meta: { total: number } }>(
      'GET',
      `/agents?page=${page}&per_page=100`,
    );
    agents.push(...result.data);
    if (agents.length >= result.meta.total || result.data.length === 0) break;
  }
  return agents;
}

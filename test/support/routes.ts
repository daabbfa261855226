import type { INestApplication } from '@nestjs/common';
import type { Service } from '../../src/bootstrap';
import { servedByApiListener, servedByWebhookListener } from '../../src/http-listeners';

export type Listener = 'api' | 'webhook';

export interface RouteInfo {
  listener: Listener;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The express path template, such as `/v2/agents/:id`. */
  path: string;
  /** Names of the path parameters, in order. */
  params: string[];
}

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

const METHODS = new Set(['get', 'post', 'patch', 'put', 'delete']);

/**
 * Every route the running service answers, read from the express router both listeners share
 * and kept for the listeners whose paths they are (so a route added later is covered by the
 * suites that use this without changing them).
 * Catch-all layers (middleware mounted for every method, the 404 fallback) are left out.
 */
export function listRoutes(service: Service): RouteInfo[] {
  const routes = new Map<string, RouteInfo>();
  const apps: [Listener, Pick<INestApplication, 'getHttpAdapter'> | undefined][] = [
    ['api', service.api],
    ['webhook', service.webhook],
  ];
  for (const [listener, app] of apps) {
    if (!app) continue;
    const serves = listener === 'api' ? servedByApiListener : servedByWebhookListener;
    const express = app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } };
    const visit = (stack: Layer[]) => {
      for (const layer of stack) {
        if (layer.handle?.stack) visit(layer.handle.stack);
        const route = layer.route;
        if (!route || typeof route.path !== 'string') continue;
        const methods = Object.keys(route.methods).filter((method) => route.methods[method]);
        // Nest mounts middleware and exclusions on every method: not a route of its own.
        if (methods.length > METHODS.size || methods.includes('_all')) continue;
        const path = route.path.length > 1 ? route.path.replace(/\/+$/, '') : route.path;
        if (path.includes('*') || !serves(path)) continue;
        for (const method of methods.filter((name) => METHODS.has(name))) {
          const info: RouteInfo = {
            listener,
            method: method.toUpperCase() as RouteInfo['method'],
            path,
            params: [...path.matchAll(/:(\w+)/g)].map((match) => match[1]),
          };
          routes.set(`${listener} ${info.method} ${path}`, info);
        }
      }
    };
    visit(express.router.stack);
  }
  return [...routes.values()].sort((a, b) =>
    `${a.listener} ${a.path} ${a.method}`.localeCompare(`${b.listener} ${b.path} ${b.method}`),
  );
}

/**
 * A valid body for every route that takes one (the base that "wrong types" breaks field by
 * field). A new POST/PATCH route fails the suite until it has an entry here.
 */
export const SAMPLE_BODIES: Record<string, Record<string, unknown>> = {
  'api POST /v2/mcp': { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  'api POST /v2/wait-tokens/:id/complete': { choice: 'approve', data: { note: 'ok' } },
  'api POST /v2/wait-tokens/:id/callback/:secret': { choice: 'approve' },
  'api POST /v2/agents': {
    name: 'Generated agent',
    kind: 'lead-qualification',
    config: { threshold: 40, keywords: ['demo'] },
    webhook_auth: 'none',
    timeout_ms: 20000,
  },
  'api PATCH /v2/agents/:id': {
    status: 'active',
    name: 'Renamed',
    webhook_auth: 'none',
    timeout_ms: 25000,
  },
  'api POST /v2/agents/:id/webhook-credentials': { type: 'api_key' },
  'api POST /v2/agents/:id/schedules': {
    cron: '0 9 * * MON-FRI',
    timezone: 'Europe/Berlin',
    input: { report: 'weekly' },
    enabled: false,
  },
  'api PATCH /v2/schedules/:id': { cron: '@hourly', jitter_ms: 1000 },
  'api POST /v2/agents/:id/webhook-url/rotate': {},
  'api POST /v2/agents/:id/test-webhook': { input: { email: 'lead@acme.io' } },
  'api POST /v2/agents/:id/test': { input: { email: 'lead@acme.io' } },
  'api POST /v2/agents/:id/trigger': {
    input: { email: 'lead@acme.io', company: 'Acme' },
    options: { async: true, callback_url: 'http://127.0.0.1:9/callback' },
  },
  'api POST /v2/executions/:id/cancel': {},
  'api POST /v2/executions/:id/retry': { resume: false },
  'api POST /v2/executions/bulk-retry': { status: ['failed', 'cancelled'], limit: 10 },
  'api POST /v2/session': { email: 'nobody@example.com', password: 'not the password' },
  'api POST /v2/session/password': {
    current_password: 'not the password',
    new_password: 'a long new password',
  },
  'api POST /v2/password-setup': { token: 'no-such-token', password: 'a long new password' },
  'api POST /v2/api-keys': { name: 'Generated key', scopes: ['agents:read'] },
  'api POST /v2/users': { email: 'generated@example.com', role: 'member' },
  'api PATCH /v2/users/:id': { role: 'member' },
  'api POST /v2/users/:id/password-reset': {},
  'api POST /v2/account/signing-secret/rotate': {},
  'api PUT /v2/secrets/:name': { value: 'generated secret value' },
  'api POST /v2/webhook-endpoints': {
    url: 'https://example.com/hooks/generated',
    events: ['execution.completed', 'agent.created'],
    description: 'Generated endpoint',
    enabled: true,
  },
  'api PATCH /v2/webhook-endpoints/:id': {
    url: 'https://example.com/hooks/renamed',
    events: ['*'],
    description: 'Renamed',
    enabled: true,
  },
  'api POST /v2/webhook-endpoints/:id/secret/rotate': {},
  'api POST /v2/webhook-endpoints/:id/test': {},
  'api POST /v2/webhook-endpoints/:id/deliveries/:delivery_id/redeliver': {},
  'webhook POST /webhook/:webhookId': { email: 'lead@acme.io', nested: { list: [1, 'two'] } },
};

export const routeName = (route: RouteInfo): string =>
  `${route.listener} ${route.method} ${route.path}`;

/** The path with each parameter replaced by `values[name]` (URL-encoded). */
export function fillPath(route: RouteInfo, values: Record<string, string>): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${route.path}`);
    return encodeURIComponent(value);
  });
}

/**
 * What a route's `:id` names, from the path segment before it (`/v2/agents/:id` → agents).
 * Unknown combinations throw, so a new kind of route makes the suites say what to add.
 */
export function paramResource(route: RouteInfo, param: string): string {
  const segments = route.path.split('/');
  const index = segments.indexOf(`:${param}`);
  return `${segments[index - 1]}/:${param}`;
}

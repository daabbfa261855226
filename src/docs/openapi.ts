import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type ResponseObject,
  SwaggerModule,
} from '@nestjs/swagger';
import type { RequiredAccess } from '../auth/auth.decorators';
import type { ErrorCode } from '../common/error-codes';
import type { AppConfig } from '../config/configuration';
import { DEFAULT_AGENT_KIND } from '../agents/agents.service';
import { addAgentKindSchemas, describeAgentBodies } from './agent-kinds.openapi';
import { closeRequestBodies } from './closed-bodies.openapi';
import { addEventWebhooks } from './events.openapi';
import {
  addTransportErrors,
  errorResponses,
  HEADERS,
  headerRef,
  RATE_LIMIT_HEADERS,
} from './error-responses';
import { addSecuritySchemes } from './openapi-security';
import { ErrorEnvelope, WebhookErrorEnvelope } from './error.schemas';
import { webhookPathItem, WEBHOOK_MODELS } from './webhook.openapi';
import { webhookDocumentPathItem, WEBHOOK_OPENAPI_PATH } from './webhook-document';

/** Where the document and the rendered reference are served (REST listener, no auth). */
export const OPENAPI_JSON_PATH = '/v2/openapi.json';
export const DOCS_PATH = '/docs';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;
type Method = (typeof METHODS)[number];

/** The REST server of the document: BASE_URL without its `/v2` (the paths carry it). */
export function restServerUrl(baseUrl: string): string {
  return baseUrl.endsWith('/v2') ? baseUrl.slice(0, -'/v2'.length) || '/' : baseUrl;
}

/**
 * The OpenAPI 3.1 document of the service (`GET /v2/openapi.json`), generated from the REST
 * application's controllers and DTO decorators, then completed from what the code enforces:
 * each route's security and scope (read from the same metadata the bearer guard reads), the
 * error responses that follow from it, the shared headers, and the inbound webhook, which
 * lives on its own listener and is described as a path with its own server.
 */
export function createOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Agent Automation Service API')
    .setVersion('2.0')
    .setDescription(
      [
        'Runs automation agents on input data and records every run as an execution.',
        'REST routes are under `/v2` and need `Authorization: Bearer <API_KEY>`; each agent also',
        'has a secret inbound webhook URL on the webhook host. Every error has the body',
        '`{"error": {"code", "message", "field"?, "docs_url"}}`; `docs_url` points to a page',
        'per code (`/docs/errors/<code>`). Every response carries `X-Request-Id`. A known path',
        'asked with a method it has no operation for answers 405 `method_not_allowed` with an',
        '`Allow` header (`OPTIONS` answers 204 with it); each operation lists every other error',
        'it can give.',
      ].join(' '),
    )
    .addServer(restServerUrl(config.baseUrl), 'REST API')
    .addTag('Agents', 'Create, read, pause and resume agents; their webhook URL and credentials')
    .addTag('Executions', 'Trigger agents; read, cancel and retry executions; callback deliveries')
    .addTag('Inbound webhook', "Each agent's secret URL on the webhook host")
    .addTag('Account', "The account, its plan and usage, and its outgoing webhooks' signing")
    .addTag('Usage', "Model tokens of llm steps by day and model, and the plan's monthly allowance")
    .addTag('Dashboard sessions', 'Sign-in, sign-out and passwords of dashboard users')
    .addTag('Users', "The account's dashboard users (owners only)")
    .addTag('API keys', "The account's API keys (owners only)")
    .addTag(
      'Webhook endpoints',
      'Account-level event subscriptions: endpoints, their signed events and deliveries (events: `webhooks`)',
    )
    .addTag('Operations', 'Health and metrics (no authentication)')
    .addTag('Documentation', 'This document, its rendering and the error pages');
  const options = addSecuritySchemes(builder).setOpenAPIVersion('3.1.0').build();
  const document = SwaggerModule.createDocument(app, options, {
    extraModels: [ErrorEnvelope, WebhookErrorEnvelope, ...WEBHOOK_MODELS],
  });
  document.components = {
    ...document.components,
    headers: { ...document.components?.headers, ...HEADERS },
  };
  completeRoutes(document, config);
  addAgentKindSchemas(app, document);
  addEventWebhooks(document);
  closeRequestBodies(document);
  describeAgentBodies(app, document, DEFAULT_AGENT_KIND);
  document.paths['/webhook/{webhook_id}'] = webhookPathItem(config, (codes) =>
    errorResponses(codes, 'webhook', config.docsUrl),
  );
  Object.assign(document.paths, documentationPaths());
  document.paths[WEBHOOK_OPENAPI_PATH] = webhookDocumentPathItem([
    { url: config.webhookBaseUrl, description: 'Inbound webhook listener' },
  ]);
  // `GET /health` is served by both listeners.
  const health = document.paths['/health'];
  if (health) {
    health.servers = [
      { url: restServerUrl(config.baseUrl), description: 'REST API' },
      { url: config.webhookBaseUrl, description: 'Inbound webhook listener' },
    ];
  }
  // The webhook listener's paths answer in its envelope (`/health`, on both, in the REST one).
  addTransportErrors(
    document,
    (path) => (path.startsWith('/webhook/') || path === WEBHOOK_OPENAPI_PATH ? 'webhook' : 'rest'),
    config.docsUrl,
  );
  return document;
}

/** Serves the document at `/v2/openapi.json` and the rendered reference (Swagger UI) at `/docs`. */
export function setupApiDocs(app: INestApplication, config: AppConfig): void {
  SwaggerModule.setup(DOCS_PATH.slice(1), app, () => createOpenApiDocument(app, config), {
    jsonDocumentUrl: OPENAPI_JSON_PATH.slice(1),
    raw: ['json'],
    customSiteTitle: 'Agent Automation Service API v2',
    swaggerOptions: { defaultModelsExpandDepth: 1, displayRequestDuration: true },
  });
}

/** The two routes SwaggerModule serves itself (not controllers, so not scanned). */
function documentationPaths(): OpenAPIObject['paths'] {
  const requestId = { 'X-Request-Id': headerRef('X-Request-Id') };
  return {
    [OPENAPI_JSON_PATH]: {
      get: {
        operationId: 'getOpenApiDocument',
        tags: ['Documentation'],
        summary: 'This OpenAPI document',
        description: 'No authentication. The OpenAPI 3.1 description of every route.',
        security: [],
        responses: {
          '200': {
            description: 'The document',
            headers: requestId,
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    },
    [DOCS_PATH]: {
      get: {
        operationId: 'getApiReference',
        tags: ['Documentation'],
        summary: 'The API reference, rendered (Swagger UI)',
        description: 'No authentication. Renders this document; all assets are served locally.',
        security: [],
        responses: {
          '200': {
            description: 'An HTML page',
            headers: requestId,
            content: { 'text/html': { schema: { type: 'string' } } },
          },
        },
      },
    },
  };
}

/** Operation extensions set by the auth and error decorators (auth.decorators.ts, ApiErrors). */
interface RouteExtensions {
  'x-public'?: boolean;
  'x-required-scope'?: string;
  'x-access'?: RequiredAccess;
  'x-same-origin'?: boolean;
  'x-errors'?: ErrorCode[];
}

/**
 * Completes each REST operation from the extensions its decorators recorded in the generated
 * document (what the guard enforces): security, scope, role and error responses. The internal
 * extensions are removed; `x-required-scope` and `x-required-role` stay for clients.
 */
function completeRoutes(document: OpenAPIObject, config: AppConfig): void {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as (OperationObject & RouteExtensions) | undefined;
      if (!operation) continue;
      const route = {
        isPublic: operation['x-public'] === true,
        scope: operation['x-required-scope'],
        access: operation['x-access'],
        sameOrigin: operation['x-same-origin'] === true,
        errors: operation['x-errors'] ?? [],
      };
      delete operation['x-public'];
      delete operation['x-access'];
      delete operation['x-same-origin'];
      delete operation['x-errors'];
      completeOperation(operation, method, config, route);
    }
  }
}

function completeOperation(
  operation: OperationObject,
  method: Method,
  config: AppConfig,
  route: {
    isPublic: boolean;
    scope?: string;
    access?: RequiredAccess;
    sameOrigin: boolean;
    errors: ErrorCode[];
  },
): void {
  const codes = new Set<ErrorCode>();
  const parameters = (operation.parameters ?? []) as ParameterObject[];
  // Body, URL and header errors, which every operation can give: addTransportErrors().
  if (route.isPublic) {
    operation.security = [];
    if (route.sameOrigin) codes.add('forbidden');
  } else {
    const sessionOnly = route.access === 'session' || route.access === 'owner';
    operation.security = sessionOnly ? [{ session: [] }] : [{ bearer: [] }, { session: [] }];
    codes.add('unauthorized').add('rate_limited');
    // A path id names a resource that may not exist; PUT creates or replaces what it names.
    if (method !== 'put' && parameters.some((parameter) => parameter.in === 'path')) {
      codes.add('not_found');
    }
    // A state-changing request with the session cookie can fail the origin and CSRF checks.
    if (route.access || method !== 'get') codes.add('forbidden');
  }
  if (route.access) {
    operation.description = [
      operation.description,
      {
        owner: 'Dashboard session of an account **owner** only: API keys and members get 403.',
        session: 'Dashboard session only: API keys get 403.',
        'owner-or-key':
          'An API key with the scope below, or the dashboard session of an account **owner** (members get 403).',
      }[route.access],
    ]
      .filter(Boolean)
      .join('\n\n');
    (operation as OperationObject & { 'x-required-role'?: string })['x-required-role'] =
      route.access === 'session' ? 'member' : 'owner';
  }
  if (route.scope) {
    codes.add('forbidden');
    operation.description = [operation.description, `Requires the \`${route.scope}\` scope.`]
      .filter(Boolean)
      .join('\n\n');
    (operation as OperationObject & { 'x-required-scope'?: string })['x-required-scope'] =
      route.scope;
  }
  for (const code of route.errors) codes.add(code);
  if (!route.isPublic) codes.add('internal_error').add('service_unavailable');

  for (const [status, response] of Object.entries(operation.responses)) {
    const headers = ((response as ResponseObject).headers ??= {});
    headers['X-Request-Id'] = headerRef('X-Request-Id');
    if (!route.isPublic && status.startsWith('2')) {
      for (const name of RATE_LIMIT_HEADERS) headers[name] = headerRef(name);
    }
  }
  for (const [status, response] of Object.entries(errorResponses(codes, 'rest', config.docsUrl))) {
    operation.responses[status] ??= response;
  }
}

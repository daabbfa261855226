import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  type OpenAPIObject,
  type PathItemObject,
  type ServerObject,
  SwaggerModule,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AppConfig } from '../config/configuration';
import { HealthModule } from '../health/health.module';
import { addTransportErrors, errorResponses, HEADERS, headerRef } from './error-responses';
import { WebhookErrorEnvelope } from './error.schemas';
import { addSecuritySchemes } from './openapi-security';
import { WEBHOOK_MODELS, webhookPathItem } from './webhook.openapi';

/** Where the webhook listener publishes its own document. */
export const WEBHOOK_OPENAPI_PATH = '/openapi.json';

/** The security schemes of the REST API: not the webhook listener's. */
const REST_SCHEMES = ['bearer', 'session'];

/**
 * The OpenAPI document of the webhook listener (`GET {WEBHOOK_BASE_URL}/openapi.json`):
 * `POST /webhook/{webhook_id}` with its credentials and answers, `GET /health`, and this
 * document; the same descriptions as in the REST document, with the webhook listener as
 * the one server. Built from the health controller (scanned) and the hand-written webhook
 * path item, so it needs nothing of the REST role.
 */
export function createWebhookOpenApiDocument(
  app: INestApplication,
  config: AppConfig,
): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Agent Automation Service: inbound webhooks')
    .setVersion('2.0')
    .setDescription(
      [
        "The webhook listener: each agent's secret inbound URL `POST /webhook/{webhook_id}`.",
        'Errors have the body `{"success": false, "message", "error": {"code", "message",',
        '"field"?, "docs_url"}}`. A method other than POST on a webhook URL answers 405',
        '`method_not_allowed` with `Allow: POST, OPTIONS`. The REST API is described at',
        '`/v2/openapi.json` on the API host.',
      ].join(' '),
    )
    .addServer(config.webhookBaseUrl, 'Inbound webhook listener')
    .addTag('Inbound webhook', "Each agent's secret URL")
    .addTag('Operations', 'Health (no authentication)')
    .addTag('Documentation', 'This document');
  const options = addSecuritySchemes(builder).setOpenAPIVersion('3.1.0').build();
  const document = SwaggerModule.createDocument(app, options, {
    include: [HealthModule],
    extraModels: [WebhookErrorEnvelope, ...WEBHOOK_MODELS],
  });
  const schemes = document.components?.securitySchemes ?? {};
  for (const name of REST_SCHEMES) delete schemes[name];
  document.components = { ...document.components, headers: { ...HEADERS } };
  const webhook = webhookPathItem(config, (codes) =>
    errorResponses(codes, 'webhook', config.docsUrl),
  );
  delete webhook.servers;
  document.paths['/webhook/{webhook_id}'] = webhook;
  const health = document.paths['/health']?.get;
  if (health) health.security = [];
  document.paths[WEBHOOK_OPENAPI_PATH] = webhookDocumentPathItem();
  addTransportErrors(document, () => 'webhook', config.docsUrl);
  return document;
}

/**
 * `GET /openapi.json` of the webhook listener, as a path item; the REST document lists it too,
 * with `servers` naming the webhook listener.
 */
export function webhookDocumentPathItem(servers?: ServerObject[]): PathItemObject {
  return {
    ...(servers ? { servers } : {}),
    get: {
      operationId: 'getWebhookOpenApiDocument',
      tags: ['Documentation'],
      summary: "The webhook listener's OpenAPI document",
      description: 'No authentication. The OpenAPI 3.1 description of the webhook listener.',
      security: [],
      responses: {
        '200': {
          description: 'The document',
          headers: { 'X-Request-Id': headerRef('X-Request-Id') },
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
  };
}

/** `GET /openapi.json` on the webhook listener: the document, built on first request. */
export function serveWebhookDocument(app: INestApplication, config: AppConfig): void {
  let document: OpenAPIObject | undefined;
  app
    .getHttpAdapter()
    .get(WEBHOOK_OPENAPI_PATH, (_req: Request, res: Response) =>
      res.json((document ??= createWebhookOpenApiDocument(app, config))),
    );
}

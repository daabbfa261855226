import type { INestApplication } from '@nestjs/common';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { DEPRECATED_EVENTS, EVENT_TYPES } from '../src/events/event-types';
import { standaloneSchema } from '../src/kinds/standalone-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/common/error-codes';
import { lintOpenApi } from './support/openapi-lint';
import { schemaProblems } from './support/openapi-schemas';
import { SAMPLE_BODIES } from './support/routes';
import { bearer, startTestService, TestService } from './support/service';

// The document is untyped JSON, read by path in assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

interface RouterLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

/** UI plumbing of the rendered reference (not API routes). */
const DOCS_UI = /^\/docs\/(index\.html|swagger-ui-init\.js|LICENSE|docs\/swagger-ui-init\.js|)$/;

/** The routes registered in an application's Express router, as `METHOD /openapi/{template}`. */
function registeredRoutes(app: Pick<INestApplication, 'getHttpAdapter'>): string[] {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } };
  const routes: string[] = [];
  for (const layer of express.router.stack) {
    const route = layer.route;
    if (!route || typeof route.path !== 'string') continue;
    if (route.path.includes('*') || DOCS_UI.test(route.path)) continue; // catch-all 404, UI files
    // Middleware Nest mounts with `all()` (every method, even ACL) is not an endpoint.
    if (route.methods.acl) continue;
    // Nest also registers the trailing-slash form of some paths: the same route.
    const path = route.path.length > 1 ? route.path.replace(/\/$/, '') : route.path;
    for (const method of Object.keys(route.methods)) {
      routes.push(`${method.toUpperCase()} ${shape(path.replace(/:(\w+)/g, '{$1}'))}`);
    }
  }
  return routes;
}

/** A path template with its parameter names erased: `/v2/agents/{}`. */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

function documentedRoutes(doc: Json): string[] {
  const routes: string[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const method of METHODS)
      if (item[method]) routes.push(`${method.toUpperCase()} ${shape(path)}`);
  }
  return routes;
}

function operations(doc: Json): { route: string; op: Json }[] {
  const list: { route: string; op: Json }[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const method of METHODS) {
      if (item[method]) list.push({ route: `${method.toUpperCase()} ${path}`, op: item[method] });
    }
  }
  return list;
}

describe('OpenAPI document and reference', () => {
  let t: TestService;
  let doc: Json;

  beforeAll(async () => {
    t = await startTestService();
    const res = await t.api().get('/v2/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.body;
  });
  afterAll(async () => t?.close());

  it('is a structurally valid OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(lintOpenApi(doc)).toEqual([]);
  });

  it('has only JSON Schema 2020-12 schemas (ajv, strict: no 3.0 keyword such as nullable)', () => {
    expect(schemaProblems(doc)).toEqual([]);
    // Nullable fields are type unions (3.1), not `nullable: true` (3.0).
    expect(doc.components.schemas.ExecutionRecord.properties.completed_at.type).toEqual([
      'string',
      'null',
    ]);
  });

  it('passes a real OpenAPI validator (swagger-parser, against the official 3.1 schema)', async () => {
    // validate() dereferences in place: give it a copy.
    const validated = await SwaggerParser.validate(structuredClone(doc) as OpenAPI.Document);
    expect(validated.info.title).toBe(doc.info.title);
  });

  it('documents every route of both listeners, and nothing else', () => {
    const registered = [
      ...registeredRoutes(t.service.api!),
      ...registeredRoutes(t.service.webhook!),
    ];
    const documented = documentedRoutes(doc);
    expect([...new Set(registered)].sort()).toEqual([...new Set(documented)].sort());
    // Sanity: the enumeration sees the routes it should.
    expect(registered).toContain('POST /webhook/{}');
    expect(registered).toContain('GET /v2/agents/{}');
    expect(registered).toContain('GET /v2/openapi.json');
  });

  it('puts the webhook on the webhook listener and /health on both', () => {
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000', description: 'REST API' }]);
    expect(doc.paths['/webhook/{webhook_id}'].servers).toEqual([
      { url: 'http://localhost:3001', description: 'Inbound webhook listener' },
    ]);
    expect(doc.paths['/health'].servers.map((server: Json) => server.url)).toEqual([
      'http://localhost:3000',
      'http://localhost:3001',
    ]);
  });

  it('declares bearer, webhook key and signature security schemes', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      bearer: { type: 'http', scheme: 'bearer' },
      webhookApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      webhookSignature: { type: 'apiKey', in: 'header', name: 'X-Signature' },
      standardWebhooks: { type: 'apiKey', in: 'header', name: 'webhook-signature' },
      githubSignature: { type: 'apiKey', in: 'header', name: 'X-Hub-Signature-256' },
      svixSignature: { type: 'apiKey', in: 'header', name: 'svix-signature' },
    });
    const webhook = doc.paths['/webhook/{webhook_id}'].post;
    expect(webhook.security).toEqual([
      {},
      { webhookApiKey: [] },
      { webhookSignature: [] },
      { standardWebhooks: [] },
      { githubSignature: [] },
      { svixSignature: [] },
    ]);
  });

  it('gives every operation an id, a summary, typed responses and its error codes', () => {
    for (const { route, op } of operations(doc)) {
      expect(op.operationId, route).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.summary, route).toEqual(expect.any(String));
      const success = Object.entries(op.responses as Json).filter(([status]) =>
        status.startsWith('2'),
      );
      expect(success.length, route).toBeGreaterThan(0);
      for (const [status, response] of success) {
        if (status === '204') continue;
        const content = response.content as Json | undefined;
        expect(content, `${route} ${status}`).toBeDefined();
        for (const media of Object.values(content!)) {
          expect(media.schema, `${route} ${status}`).toBeDefined();
        }
      }
      if (op.requestBody) {
        expect(op.requestBody.content['application/json'].schema, route).toBeDefined();
      }
    }
  });

  it('lists the error responses that follow from each route', () => {
    const get = doc.paths['/v2/agents/{id}'].get;
    expect(get.security).toEqual([{ bearer: [] }, { session: [] }]);
    expect(get['x-required-scope']).toBe('agents:read');
    // Secrets: API keys with the scope, or owners' sessions; keys: owners' sessions only.
    const secrets = doc.paths['/v2/secrets'].get;
    expect(secrets.security).toEqual([{ bearer: [] }, { session: [] }]);
    expect(secrets['x-required-scope']).toBe('secrets:read');
    expect(secrets['x-required-role']).toBe('owner');
    const keys = doc.paths['/v2/api-keys'].get;
    expect(keys.security).toEqual([{ session: [] }]);
    expect(keys['x-required-role']).toBe('owner');
    expect(keys['x-access']).toBeUndefined();
    // 400, 408, 413, 415 and 431: a malformed request or body, whatever the method.
    expect(Object.keys(get.responses).sort()).toEqual(
      ['200', '400', '401', '403', '404', '408', '413', '415', '429', '431', '500', '503'].sort(),
    );
    const notFound = get.responses['404'].content['application/json'];
    expect(notFound.schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(notFound.examples.not_found.value).toEqual({
      error: {
        code: 'not_found',
        message: expect.any(String),
        docs_url: 'http://localhost:3000/docs/errors/not_found',
      },
    });
    const create = doc.paths['/v2/agents'].post;
    for (const status of ['201', '400', '401', '403', '413', '415', '429']) {
      expect(create.responses[status], `POST /v2/agents ${status}`).toBeDefined();
    }
    const trigger = doc.paths['/v2/agents/{id}/trigger'].post;
    expect(
      Object.keys(trigger.responses['409'].content['application/json'].examples).sort(),
    ).toEqual(['agent_paused', 'conflict']);
    for (const status of ['200', '202']) {
      expect(trigger.responses[status].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/TriggerResultResponse',
      });
    }
    // A failed run says why in the trigger result itself.
    const result = doc.components.schemas.TriggerResultResponse;
    expect(result.required).toEqual(expect.arrayContaining(['error']));
    expect(JSON.stringify(result.properties.error)).toContain('ExecutionErrorItem');
    expect(trigger.parameters.map((parameter: Json) => parameter.name)).toContain(
      'Idempotency-Key',
    );
    // The outgoing callback is documented on the operation that asks for it.
    const callback =
      trigger.callbacks.executionFinished['{$request.body#/options/callback_url}'].post;
    expect(callback.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CallbackPayload',
    });
    const webhook = doc.paths['/webhook/{webhook_id}'].post;
    expect(webhook.responses['409'].content['application/json'].examples).toHaveProperty(
      'agent_paused',
    );
    expect(webhook.responses['401'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/WebhookErrorEnvelope',
    });
    const health = doc.paths['/health'].get;
    expect(health.security).toEqual([]);
    expect(Object.keys(health.responses).sort()).toEqual(
      ['200', '400', '408', '413', '415', '431', '503'].sort(),
    );
  });

  it("describes each agent kind's config under its class name, as GET /v2/agent-kinds does", async () => {
    const { key } = await t.seedAccount();
    const kinds = (await t.api().get('/v2/agent-kinds').set(bearer(key)).expect(200)).body.data;
    const byKind = Object.fromEntries(
      Object.values(doc.components.schemas as Json)
        .filter((schema) => schema['x-agent-kind'])
        .map((schema) => [schema['x-agent-kind'], schema]),
    );
    expect(Object.keys(byKind).sort()).toEqual(kinds.map((kind: Json) => kind.kind).sort());
    // The kinds' configs as the kinds give them (the document adds a description and the mark).
    const bare = ({ description: _d, 'x-agent-kind': _k, ...schema }: Json) => schema;
    const components = Object.fromEntries(
      Object.entries(doc.components.schemas as Json).map(([name, schema]) => [
        name,
        schema['x-agent-kind'] ? bare(schema) : schema,
      ]),
    );
    for (const kind of kinds) {
      const { description, 'x-agent-kind': _name, ...schema } = byKind[kind.kind];
      // The same schema, standing alone there: what it refers to copied into its `$defs`.
      expect(standaloneSchema(schema, components), kind.kind).toEqual(kind.config_schema);
      expect(description).toContain(kind.description);
    }
    expect(doc.components.schemas.HttpRequestConfig).toMatchObject({
      required: ['url'],
      additionalProperties: false,
      properties: { method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], default: 'POST' } },
    });
    expect(doc.components.schemas.LeadQualificationConfig.properties.threshold).toEqual(
      expect.objectContaining({ type: 'number', minimum: 0, maximum: 100, default: 50 }),
    );
    // POST /v2/agents: a oneOf discriminated by kind, each kind's config its schema.
    const create = doc.components.schemas.CreateAgentDto;
    expect(create.discriminator.propertyName).toBe('kind');
    expect(Object.keys(create.discriminator.mapping).sort()).toEqual(Object.keys(byKind).sort());
    for (const [kind, ref] of Object.entries(create.discriminator.mapping as Json)) {
      expect(create.oneOf).toContainEqual({ $ref: ref });
      const alternative = doc.components.schemas[ref.split('/').pop()];
      expect(alternative.properties.kind.enum, kind).toEqual([kind]);
      const config = doc.components.schemas[alternative.properties.config.$ref.split('/').pop()];
      expect(config, kind).toBe(byKind[kind]);
    }
    expect(doc.components.schemas.UpdateAgentDto.properties.config.anyOf).toHaveLength(
      kinds.length,
    );
  });

  it('describes the error envelope with every error code', () => {
    const error = doc.components.schemas.ErrorObject;
    expect(error.required).toEqual(['code', 'message', 'docs_url']);
    expect([...error.properties.code.enum].sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });

  it('describes every event of webhook endpoints (webhooks) and the trigger callback', () => {
    expect(doc['x-webhooks']).toBeUndefined();
    const webhooks = doc.webhooks;
    expect(Object.keys(webhooks).sort()).toEqual(
      [...EVENT_TYPES, ...DEPRECATED_EVENTS, 'ping'].sort(),
    );
    // The old spelling is a deprecated alias, in the event list and in the subscriptions.
    expect(webhooks['execution.canceled'].post.deprecated).toBe(true);
    expect(webhooks['execution.cancelled'].post.deprecated).toBeUndefined();
    const events = doc.components.schemas.CreateWebhookEndpointDto.properties.events;
    expect(events.items.enum).toEqual(
      expect.arrayContaining(['execution.cancelled', 'execution.canceled']),
    );
    expect(events.description).toMatch(/Deprecated: `execution\.canceled`/);
    for (const [type, item] of Object.entries(webhooks) as [string, Json][]) {
      const body = item.post.requestBody.content['application/json'].schema;
      expect(body.required).toEqual(['id', 'type', 'created_at', 'data']);
      expect(body.properties.type.enum).toEqual([type]);
      const ref = body.properties.data.$ref as string;
      expect(doc.components.schemas[ref.replace('#/components/schemas/', '')], type).toBeDefined();
      expect(item.post.parameters.map((p: Json) => p.name)).toContain('webhook-signature');
    }
    expect(
      webhooks['execution.failed'].post.requestBody.content['application/json'].schema.properties
        .data.$ref,
    ).toBe('#/components/schemas/ExecutionRecord');
    expect(
      webhooks['agent.paused'].post.requestBody.content['application/json'].schema.properties.data
        .$ref,
    ).toBe('#/components/schemas/AgentDetail');
    const trigger = doc.paths['/v2/agents/{id}/trigger'].post;
    expect(Object.keys(trigger.callbacks)).toEqual(['executionFinished']);
  });

  it('states closed bodies (additionalProperties: false) and the server refuses unknown fields', async () => {
    const { key } = await t.seedAccount();
    const agent = (
      await t.api().post('/v2/agents').set(bearer(key)).send({ name: 'Closed' }).expect(201)
    ).body;
    const endpoint = (
      await t
        .api()
        .post('/v2/webhook-endpoints')
        .set(bearer(key))
        .send({ url: 'https://hooks.example.com/closed', events: ['*'] })
        .expect(201)
    ).body;
    const ids: Record<string, string> = { agents: agent.id, 'webhook-endpoints': endpoint.id };
    let refused = 0;
    for (const [path, item] of Object.entries(doc.paths) as [string, Json][]) {
      for (const method of ['post', 'put', 'patch'] as const) {
        const ref = item[method]?.requestBody?.content?.['application/json']?.schema?.$ref;
        // The inbound webhook takes any JSON object (the provider's payload).
        if (!ref || path.startsWith('/webhook/')) continue;
        const schema = doc.components.schemas[ref.split('/').pop()];
        // A body discriminated by kind (`POST /v2/agents`) is closed in each alternative.
        const alternatives: Json[] = schema.oneOf
          ? schema.oneOf.map((one: Json) => doc.components.schemas[one.$ref.split('/').pop()])
          : [schema];
        for (const alternative of alternatives) {
          expect(alternative.additionalProperties, `${method} ${path}`).toBe(false);
        }
        if (method === 'patch' && !schema.required) expect(schema.minProperties).toBe(1);
        // The server agrees: a body the document forbids (an unknown field) is refused.
        const resource = path.split('/')[2];
        if (path.includes('{') && (!ids[resource] || path.split('{').length > 2)) continue;
        const sample =
          SAMPLE_BODIES[`api ${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`];
        if (!sample) continue;
        const url = path.replace(/\{\w+\}/, ids[resource]);
        const api = t.api();
        const res = await (
          method === 'post' ? api.post(url) : method === 'put' ? api.put(url) : api.patch(url)
        )
          .set(bearer(key))
          .send({ ...sample, unexpected_field: 1 });
        if (res.status === 403) continue; // a dashboard-session route: the key is refused first
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.error.field, `${method} ${path}`).toBe('unexpected_field');
        refused++;
      }
    }
    expect(refused).toBeGreaterThanOrEqual(8);
  });

  it('renders the reference at /docs without authentication or outside resources', async () => {
    const page = await t.api().get('/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('swagger-ui');
    // Everything the page loads comes from this server (relative URLs), no CDN.
    for (const match of page.text.matchAll(/(?:src|href)="([^"]+)"/g)) {
      expect(match[1]).toMatch(/^\.\//);
    }
    const init = await t.api().get('/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toMatch(/"operationId": ?"listAgents"/);
    await t.api().get('/docs/swagger-ui-bundle.js').expect(200);
    await t.api().get('/docs/swagger-ui.css').expect(200);
    // The error pages still live under /docs.
    await t.api().get('/docs/errors/not_found').expect(200);
  });
});

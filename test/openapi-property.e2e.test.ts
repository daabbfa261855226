import fc from 'fast-check';
import type { ValidateFunction } from 'ajv';
import type Ajv2020 from 'ajv/dist/2020';
import { Not } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Schedule } from '../src/schedules/schedule.entity';
import { WebhookEndpoint } from '../src/webhooks/outbound/webhook-endpoint.entity';
import { seedAgent } from './support/agents';
import { createUser, signIn, type Browser } from './support/dashboard';
import { compileSchema, documentAjv } from './support/openapi-schemas';
import {
  allowedRequests,
  forbiddenBodies,
  forbiddenQueries,
  operationsWithInput,
  queryString,
  resolve,
  type Operation,
  type Request,
} from './support/openapi-requests';
import type { Schema } from './support/schema-arbitrary';
import { bearer, startTestService, type TestService } from './support/service';
import { endpointWithPing } from './support/endpoints';

/**
 * docs/api.md, What the OpenAPI document states: "every request the document allows is accepted;
 * every one it forbids is refused with the documented error", for every operation with a JSON body
 * or query parameters, with the document's own schemas as generators (fast-check). Allowed requests
 * answer 2xx with a body valid against the documented response schema, or a documented 4xx other
 * than 400 that state explains (404, 409…); forbidden variants of them (checked invalid by ajv
 * first) answer 400 `invalid_request` naming the field, which the operation documents. Replay a
 * failure with OPENAPI_PROPERTY_SEED=<seed printed by fast-check>.
 */
const RUNS = Number(process.env.OPENAPI_PROPERTY_RUNS ?? 15);
const SEED = process.env.OPENAPI_PROPERTY_SEED
  ? Number(process.env.OPENAPI_PROPERTY_SEED)
  : undefined;

/** Query parameters generated values cannot stand for: opaque cursors only the server issues. */
const OPAQUE = ['cursor'];
const SECRET_NAME = 'PROPERTY_SECRET';
/** Each test's time budget grows with the number of runs (about 1 s a run on this machine). */
const TIMEOUT_MS = 30_000 + RUNS * 3_000;
const DAY_MS = 86_400_000;

/**
 * The 400s of an allowed request that state explains, which no schema can state (each is in
 * the operation's description): a wrong current password, an unknown setup token.
 */
const STATE_400: Record<string, string> = {
  'POST /v2/session/password': 'current_password',
  'POST /v2/password-setup': 'token',
};

/** Valid `cron` and `timezone` values for generated schedules. */
const SCHEDULE_CRONS = ['* * * * *', '0 9 * * MON-FRI', '*/15 * * * * *', '@hourly', '30 2 1 * *'];
const SCHEDULE_ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata'];

/**
 * The generators' copy of the document's schemas, narrowed where the server checks more than
 * any schema can state (docs/api.md). The checks of what is generated, and of every
 * forbidden variant, still use the document as served.
 */
function generatorSchemas(served: Record<string, Schema>): Record<string, Schema> {
  const schemas = structuredClone(served);
  // A workflow definition has checks no schema states (unique step ids, expressions, the
  // config each kind step needs): test/workflow-property.e2e.test.ts generates those.
  schemas.CreateAgentDto.oneOf = schemas.CreateAgentDto.oneOf.filter(
    (alternative: Schema) => alternative.$ref !== '#/components/schemas/CreateWorkflowAgent',
  );
  // A schedule's `cron` and `timezone` are checked by the parser and the zone database.
  for (const name of ['CreateScheduleDto', 'UpdateScheduleDto']) {
    const properties = schemas[name].properties;
    properties.cron = { ...properties.cron, enum: SCHEDULE_CRONS };
    properties.timezone = { ...properties.timezone, enum: SCHEDULE_ZONES };
  }
  return schemas;
}

/**
 * Constraints between two query parameters (in the descriptions, not expressible in a
 * parameter's schema): `from` is not after `to`, both given when one is (the usage report's
 * default range is the current month), and the usage report spans at most 366 days.
 */
function related(path: string, request: Request): Request {
  const { from, to } = request.query as Record<string, string | undefined>;
  if (from === undefined && to === undefined) return request;
  const [start, end] = [from ?? to, to ?? from].sort(
    (a, b) => Date.parse(a!) - Date.parse(b!),
  ) as string[];
  const tooLong = path === '/v2/usage' && Date.parse(end) - Date.parse(start) > 365 * DAY_MS;
  const first = tooLong
    ? new Date(Date.parse(end) - 365 * DAY_MS).toISOString().slice(0, 10)
    : start;
  return { ...request, query: { ...request.query, from: first, to: end } };
}

describe('the OpenAPI document both ways, with its schemas as generators', () => {
  let t: TestService;
  let doc: Schema;
  let schemas: Record<string, Schema>;
  let ajv: Ajv2020;
  let owner: Browser;
  let ids: Record<string, string>;
  const validators = new Map<Schema, ValidateFunction>();
  const tally = { allowed: 0, forbidden: 0 };

  beforeAll(async () => {
    // No worker: triggers stay queued, nothing runs or calls out.
    t = await startTestService({ ROLE: 'api,webhook', SYNC_WAIT_MS: '0' });
    doc = (await t.api().get('/v2/openapi.json').expect(200)).body;
    schemas = generatorSchemas(doc.components.schemas);
    ajv = documentAjv(doc);
    const { key, accountId } = await t.seedAccount();
    owner = await signIn(t, (await createUser(t, accountId)).email);
    const member = await createUser(t, accountId, { role: 'member' });
    // Both webhook credentials exist, so any `webhook_auth` may be set.
    const agent = await seedAgent(t, key, { webhookAuth: 'api_key' });
    await t
      .api()
      .post(`/v2/agents/${agent.id}/webhook-credentials`)
      .set(bearer(key))
      .send({ type: 'signature' })
      .expect(201);
    const webhookAgent = await seedAgent(t, key);
    // A workflow agent's execution, which `resume` applies to (409 until it failed).
    const workflow = await t
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({
        name: 'Workflow',
        kind: 'workflow',
        config: { steps: [{ id: 'a', type: 'transform', value: {} }] },
      })
      .expect(201);
    const triggered = await t
      .api()
      .post(`/v2/agents/${workflow.body.id}/trigger`)
      .set(bearer(key))
      .send({ input: {}, options: { async: true } })
      .expect(202);
    const endpoint = await endpointWithPing(t, key, 'https://hooks.example.com/property');
    const schedule = await t
      .api()
      .post(`/v2/agents/${agent.id}/schedules`)
      .set(bearer(key))
      .send({ cron: '@daily' })
      .expect(201);
    ids = {
      schedules: schedule.body.id,
      agents: agent.id,
      executions: triggered.body.execution_id,
      'webhook-endpoints': endpoint.id,
      deliveries: endpoint.pingId,
      users: member.id,
      secrets: SECRET_NAME,
      versions: '1',
      webhook: webhookAgent.webhookId,
    };
  });
  afterAll(async () => {
    console.log(
      `[openapi-property] ${tally.allowed} allowed, ${tally.forbidden} forbidden requests`,
    );
    await t?.close();
  });

  const validator = (schema: Schema) => {
    if (!validators.has(schema)) validators.set(schema, compileSchema(ajv, schema));
    return validators.get(schema)!;
  };

  /** The path with each `{param}` replaced by the fixture of the segment before it. */
  const concrete = (path: string) =>
    path.replace(/\/([\w-]+)\/\{\w+\}/g, (_, segment: string) => `/${segment}/${ids[segment]}`);

  /**
   * The operation as the test generates it: an agent's `config` (`anyOf` the kinds' configs,
   * the agent's own kind applying) narrowed to the fixture agent's kind, and `mocks` (workflow
   * agents only) left out; both are stated in the schema descriptions.
   */
  function narrowed(operation: Operation): Operation {
    const body = operation.body && resolve(operation.body, schemas);
    if (!body?.properties?.config?.anyOf || !operation.path.includes('{id}')) return operation;
    const { mocks: _mocks, ...properties } = body.properties;
    const config = { $ref: '#/components/schemas/LeadQualificationConfig' };
    return { ...operation, body: { ...body, properties: { ...properties, config } } };
  }

  async function send(operation: Operation, request: Request) {
    const url = concrete(operation.path);
    const webhook = operation.path.startsWith('/webhook/');
    const agent = webhook ? t.webhook() : t.api();
    const methods = agent as unknown as Record<
      string,
      (url: string) => ReturnType<typeof agent.get>
    >;
    const search = queryString(request.query);
    const call = methods[operation.method](search ? `${url}?${search}` : url).set(
      webhook ? {} : owner.headers(),
    );
    return request.body === undefined ? call : call.send(request.body as object);
  }

  /** A variant the document does allow after all (a spoiled value that fits the schema). */
  function stillAllowed(operation: Operation, variant: Request & { field: string }): boolean {
    const parameter = operation.query.find((p) => p.name === variant.field);
    if (parameter) {
      const sent = variant.query[parameter.name];
      // A value of an array parameter sent once is a list of one.
      if (parameter.schema.type === 'array') {
        return validator(parameter.schema)(Array.isArray(sent) ? sent : [sent]);
      }
      const value = sent as string;
      const numeric = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value);
      const typed =
        ['integer', 'number'].includes(parameter.schema.type) && numeric ? Number(value) : value;
      return validator(parameter.schema)(typed);
    }
    return operation.body !== undefined && validator(operation.body)(variant.body);
  }

  /** Runs a property per operation; every operation's failure is reported, not only the first. */
  async function eachOperation(check: (operation: Operation) => Promise<void>): Promise<void> {
    const failures: string[] = [];
    for (const operation of operationsWithInput(doc)) {
      try {
        await check(narrowed(operation));
      } catch (error) {
        const message = (error as Error).message;
        const cause = ((error as Error).cause as Error | undefined)?.message ?? '';
        failures.push(`${route(operation)}: ${message.split('\n').slice(0, 3).join(' ')} ${cause}`);
      }
    }
    expect(failures).toEqual([]);
  }

  const route = (operation: Operation) => `${operation.method.toUpperCase()} ${operation.path}`;

  it(
    'accepts every request the document allows, answering as documented',
    async () => {
      await eachOperation(async (operation) => {
        await fc.assert(
          fc.asyncProperty(allowedRequests(operation, schemas, OPAQUE), async (generated) => {
            const request = related(operation.path, generated);
            if (operation.body)
              expect(validator(operation.body)(request.body), 'generated').toBe(true);
            const res = await send(operation, request);
            tally.allowed++;
            const context = `${route(operation)} ${JSON.stringify(request).slice(0, 400)} → ${res.status} ${res.text.slice(0, 300)}`;
            const documented = operation.op.responses[String(res.status)];
            expect(documented, `undocumented status: ${context}`).toBeDefined();
            expect(res.status, context).toBeLessThan(500);
            if (res.status === 400)
              expect(res.body.error?.field, context).toBe(STATE_400[route(operation)]);
            const schema = documented.content?.['application/json']?.schema;
            if (schema && res.headers['content-type']?.startsWith('application/json')) {
              const valid = validator(schema);
              expect(valid(res.body), `${context} ${JSON.stringify(valid.errors)}`).toBe(true);
            }
          }),
          { numRuns: RUNS, seed: SEED },
        );
        // An account has at most 20 endpoints: the generated ones are removed.
        await t.service.dataSource
          .getRepository(WebhookEndpoint)
          .delete({ id: Not(ids['webhook-endpoints']) });
        // An agent has at most 50 schedules: the generated ones are removed too.
        await t.service.dataSource.getRepository(Schedule).delete({ id: Not(ids.schedules) });
      });
    },
    TIMEOUT_MS,
  );

  it(
    'refuses every request the document forbids with 400 naming the field',
    async () => {
      await eachOperation(async (operation) => {
        const base = allowedRequests(operation, schemas, OPAQUE).map((r) =>
          related(operation.path, r),
        );
        const variants = base.chain((request) => {
          const list = [
            ...forbiddenQueries(operation).map((v) => ({
              ...v,
              body: request.body,
              query: { ...request.query, ...v.query },
            })),
            ...(operation.body ? forbiddenBodies(request.body, operation.body, schemas) : []).map(
              (v) => ({ ...v, query: request.query }),
            ),
          ];
          return list.length > 0 ? fc.constantFrom(...list) : fc.constant(undefined);
        });
        await fc.assert(
          fc.asyncProperty(variants, async (variant) => {
            if (!variant) return;
            if (stillAllowed(operation, variant)) return;
            const res = await send(operation, variant);
            tally.forbidden++;
            const context = `${route(operation)} ${variant.what} ${JSON.stringify(variant).slice(0, 300)} → ${res.status} ${res.text.slice(0, 300)}`;
            expect(res.status, context).toBe(400);
            expect(operation.op.responses['400'], `400 undocumented: ${context}`).toBeDefined();
            expect(res.body.error?.code, context).toBe('invalid_request');
            // The field itself, or the part of it at fault (`options.x`, `config.threshold`).
            const field = String(res.body.error?.field);
            expect(field === variant.field || field.startsWith(`${variant.field}.`), context).toBe(
              true,
            );
          }),
          { numRuns: RUNS * 3, seed: SEED },
        );
      });
    },
    TIMEOUT_MS,
  );
});

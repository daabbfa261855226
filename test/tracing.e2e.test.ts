import { execFileSync } from 'node:child_process';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, parseOutput, runCli } from './support/cli';
import { createTestDatabase, type TestDatabase } from './support/database';
import { FakeModel } from './support/fake-model';
import { startLocalServer, type LocalServer } from './support/http-server';
import { JsonClient } from './support/load';
import { startServiceProcess, type ServiceProcess } from './support/process';
import { TEST_SECRET_KEY } from './support/service';
import { waitFor } from './support/wait';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const attr = (span: OtlpSpan, key: string): unknown => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

const SERVER = 2;
const CLIENT = 3;

/** The span whose id `span` names as its parent (the test fails without one). */
const parentOf = (list: OtlpSpan[], span: OtlpSpan): OtlpSpan => {
  const parent = list.find((other) => other.spanId === span.parentSpanId);
  expect(parent, `the parent of ${span.name}`).toBeDefined();
  return parent!;
};

/**
 * Tracing on (OTLP/HTTP, JSON to a receiver inside the test): a webhook with a `traceparent`
 * → a workflow → its http step → the step's target. Every span is in the caller's trace, the
 * target receives the http step's `traceparent`, the record says the trace id.
 */
describe('OpenTelemetry traces: webhook → workflow → http step', () => {
  let db: TestDatabase;
  let collector: LocalServer;
  let target: LocalServer;
  const targetHeaders: IncomingHttpHeaders[] = [];
  const spans: OtlpSpan[] = [];
  const resources: unknown[] = [];
  let service: ServiceProcess | undefined;
  let model: FakeModel;
  /** Set by the first test, which starts the service the next ones use. */
  let auth: Record<string, string> = {};
  const client = new JsonClient();

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    collector = await startLocalServer((req, res, body) => {
      expect(req.url).toBe('/v1/traces');
      for (const rs of (body as { resourceSpans: Record<string, unknown>[] }).resourceSpans) {
        resources.push(rs.resource);
        for (const ss of rs.scopeSpans as { spans: OtlpSpan[] }[]) spans.push(...ss.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    model = await FakeModel.start();
    target = await startLocalServer((req, res) => {
      targetHeaders.push({ ...req.headers, path: req.url });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  afterAll(async () => {
    service?.killAll();
    await client.close();
    await collector?.close();
    await target?.close();
    await model?.close();
    await db?.drop();
  });

  it('puts every span in the caller’s trace and sends traceparent on', async () => {
    const env = {
      ...db.env,
      SECRET_KEY: TEST_SECRET_KEY,
      OUTBOUND_ALLOW_PRIVATE: 'true',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    const seed = parseOutput(await runCli(['seed:demo', '--plan', 'enterprise'], env));
    auth = { authorization: `Bearer ${seed.api_key as string}` };
    service = await startServiceProcess(env);
    const api = `http://127.0.0.1:${service.port}/v2`;
    const created = await client.call(`${api}/agents`, 'POST', auth, {
      name: 'Traced workflow',
      kind: 'workflow',
      config: {
        steps: [
          { id: 'shape', type: 'transform', value: '{% $input.email %}' },
          {
            id: 'crm',
            type: 'http',
            url: `${target.url}/crm`,
            body: { email: '{% $input.email %}' },
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    const hook = new URL(created.body.webhook_url as string).pathname;
    // An endpoint subscribed to the execution's completion: its event goes out in the trace.
    const endpoint = await client.call(`${api}/webhook-endpoints`, 'POST', auth, {
      url: `${target.url}/events`,
      events: ['execution.completed'],
    });
    expect(endpoint.status).toBe(201);

    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const res = await client.call(
      `http://127.0.0.1:${service.webhookPort}${hook}`,
      'POST',
      { traceparent: `00-${traceId}-${callerSpan}-01` },
      { email: 'lead@acme.io' },
    );
    expect(res.status).toBe(202);
    const id = res.body.executionId as string;
    const record = await waitFor(
      async () => (await client.call(`${api}/executions/${id}`, 'GET', auth)).body,
      (body) => body.status === 'completed',
      20_000,
    );
    expect(record.trace_id).toBe(traceId);

    // The target got the http step's traceparent, in the caller's trace.
    const received = (path: string) => targetHeaders.filter((headers) => headers.path === path);
    const sent = String(received('/crm')[0]?.traceparent);
    expect(sent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

    const inTrace = () => spans.filter((span) => span.traceId === traceId);
    await waitFor(
      () => inTrace(),
      (list) =>
        list.some((span) => span.kind === CLIENT && attr(span, 'url.full') === `${target.url}/crm`),
      10_000,
      100,
    );
    const list = inTrace();
    const server = list.find((span) => span.kind === SERVER);
    expect(server).toBeDefined();
    expect(server!.parentSpanId).toBe(callerSpan);
    expect(attr(server!, 'http.route')).toBe('/webhook/:webhookId');
    const attempt = list.find(
      (span) => span.name.startsWith('execution ') && attr(span, 'aas.execution.id') === id,
    )!;
    expect(attempt).toBeDefined();
    expect(attempt.parentSpanId).toBe(server!.spanId);
    expect(attr(attempt, 'aas.agent.id')).toBe(created.body.id);
    expect(attr(attempt, 'aas.account.id')).toBe(seed.account_id);
    expect(attr(attempt, 'aas.execution.status')).toBe('completed');
    const steps = list.filter((span) => span.parentSpanId === attempt.spanId);
    expect(steps.map((span) => attr(span, 'aas.step.id')).sort()).toEqual(['crm', 'shape']);
    const crm = steps.find((span) => attr(span, 'aas.step.id') === 'crm')!;
    const outbound = list.find((span) => span.kind === CLIENT && span.parentSpanId === crm.spanId)!;
    expect(outbound).toBeDefined();
    expect(attr(outbound, 'http.response.status_code')).toBe(200);
    // What the target received is the client span's own context.
    expect(sent).toBe(`00-${traceId}-${outbound.spanId}-01`);
    expect(JSON.stringify(resources)).toContain('agent-automation-service');

    // The execution.completed event went out in the same trace, its traceparent on the request.
    const event = await waitFor(
      () => inTrace(),
      (found) =>
        found.some(
          (span) => span.kind === CLIENT && attr(span, 'url.full') === `${target.url}/events`,
        ),
      10_000,
      100,
    ).then((found) => found.find((span) => span.name === 'deliver execution.completed')!);
    expect(event).toBeDefined();
    expect(attr(event, 'aas.execution.id')).toBe(id);
    expect(attr(event, 'aas.endpoint.id')).toBe(endpoint.body.id);
    const eventClient = inTrace().find(
      (span) => span.kind === CLIENT && span.parentSpanId === event.spanId,
    )!;
    expect(attr(eventClient, 'url.full')).toBe(`${target.url}/events`);
    expect(String(received('/events')[0]?.traceparent)).toBe(
      `00-${traceId}-${eventClient.spanId}-01`,
    );

    // Without a traceparent: the execution is in the trace of its request's server span.
    const plain = await client.call(
      `${api}/agents/${created.body.id as string}/trigger`,
      'POST',
      auth,
      { input: { email: 'b@acme.io' }, options: { callback_url: `${target.url}/callback` } },
    );
    expect(plain.status).toBe(200);
    const own = await client.call(
      `${api}/executions/${plain.body.execution_id as string}`,
      'GET',
      auth,
    );
    expect(own.body.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(own.body.trace_id).not.toBe(traceId);
    await waitFor(
      () => spans.filter((span) => span.traceId === own.body.trace_id),
      (found) =>
        found.some(
          (span) => span.kind === SERVER && attr(span, 'http.route') === '/v2/agents/:id/trigger',
        ) &&
        found.some((span) => attr(span, 'aas.execution.id') === plain.body.execution_id) &&
        found.some(
          (span) => span.name === 'deliver execution.completed' && !attr(span, 'aas.endpoint.id'),
        ),
      10_000,
      100,
    );
    // The callback carried a traceparent of the execution's trace.
    await waitFor(
      () => received('/callback'),
      (list) => list.length > 0,
      10_000,
    );
    expect(String(received('/callback')[0].traceparent)).toMatch(
      new RegExp(`^00-${own.body.trace_id as string}-[0-9a-f]{16}-01$`),
    );
  }, 120_000);

  it('hands each span its parent: an llm step’s model call and tool, an http-request agent, a test run', async () => {
    expect(service, 'started by the first test').toBeDefined();
    const api = `http://127.0.0.1:${service!.port}/v2`;
    const spansOf = (traceId: string) => spans.filter((span) => span.traceId === traceId);
    const received = (path: string) => targetHeaders.filter((headers) => headers.path === path);
    const traceOf = async (executionId: string) =>
      String((await client.call(`${api}/executions/${executionId}`, 'GET', auth)).body.trace_id);
    /** The spans of `traceId` exported so far, once `until` holds of them. */
    const exported = async (traceId: string, until: (list: OtlpSpan[]) => boolean) =>
      waitFor(() => spansOf(traceId), until, 10_000, 100);

    // A workflow whose llm step calls a tool over HTTP: step → model call → its request; the
    // tool's request is the step's child.
    model.script(
      { tool_calls: [{ name: 'lookup', arguments: { email: 'a@acme.io' }, id: 'c1' }] },
      { content: 'known' },
    );
    const assistant = await client.call(`${api}/agents`, 'POST', auth, {
      name: 'Traced llm',
      kind: 'workflow',
      config: {
        steps: [
          {
            id: 'ask',
            type: 'llm',
            prompt: 'Who is a@acme.io?',
            base_url: model.url,
            model: 'fake-model',
            tools: [
              {
                name: 'lookup',
                parameters: { type: 'object', properties: { email: { type: 'string' } } },
                http: { url: `${target.url}/lookup` },
              },
            ],
          },
        ],
      },
    });
    expect(assistant.status, JSON.stringify(assistant.body)).toBe(201);
    const asked = await client.call(
      `${api}/agents/${assistant.body.id as string}/trigger`,
      'POST',
      auth,
      { input: {} },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.status).toBe('completed');
    const llmTrace = await traceOf(asked.body.execution_id as string);
    const modelUrl = `${model.url}/chat/completions`;
    const llmSpans = await exported(
      llmTrace,
      (list) =>
        list.filter((span) => span.kind === CLIENT && attr(span, 'url.full') === modelUrl)
          .length === 2 &&
        list.some((span) => attr(span, 'url.full') === `${target.url}/lookup`) &&
        list.some((span) => span.kind === SERVER),
    );
    const triggered = llmSpans.find((span) => span.kind === SERVER)!;
    expect(attr(triggered, 'http.route')).toBe('/v2/agents/:id/trigger');
    const ask = llmSpans.find((span) => attr(span, 'aas.step.id') === 'ask')!;
    expect(ask).toBeDefined();
    const askExecution = parentOf(llmSpans, ask);
    expect(attr(askExecution, 'aas.execution.id')).toBe(asked.body.execution_id);
    expect(askExecution.parentSpanId).toBe(triggered.spanId);
    const chats = llmSpans.filter((span) => span.name === 'chat fake-model');
    expect(chats).toHaveLength(2);
    for (const chat of chats) {
      expect(chat.parentSpanId).toBe(ask.spanId);
      expect(attr(chat, 'gen_ai.request.model')).toBe('fake-model');
    }
    const modelCalls = llmSpans.filter(
      (span) => span.kind === CLIENT && attr(span, 'url.full') === modelUrl,
    );
    expect(modelCalls.map((span) => span.parentSpanId).sort()).toEqual(
      chats.map((chat) => chat.spanId).sort(),
    );
    // What the model received is its request's client span's context.
    expect(model.requests.map((request) => String(request.headers.traceparent)).sort()).toEqual(
      modelCalls.map((span) => `00-${llmTrace}-${span.spanId}-01`).sort(),
    );
    const lookup = llmSpans.find((span) => attr(span, 'url.full') === `${target.url}/lookup`)!;
    expect(lookup.parentSpanId).toBe(ask.spanId);
    expect(String(received('/lookup')[0]?.traceparent)).toBe(`00-${llmTrace}-${lookup.spanId}-01`);

    // An http-request agent: its request is the execution's child.
    const forwarder = await client.call(`${api}/agents`, 'POST', auth, {
      name: 'Traced forwarder',
      kind: 'http-request',
      config: { url: `${target.url}/forward`, method: 'POST' },
    });
    expect(forwarder.status, JSON.stringify(forwarder.body)).toBe(201);
    const forwarded = await client.call(
      `${api}/agents/${forwarder.body.id as string}/trigger`,
      'POST',
      auth,
      { input: { n: 1 } },
    );
    expect(forwarded.status, JSON.stringify(forwarded.body)).toBe(200);
    const forwardTrace = await traceOf(forwarded.body.execution_id as string);
    const forwardSpans = await exported(
      forwardTrace,
      (list) =>
        list.some((span) => attr(span, 'url.full') === `${target.url}/forward`) &&
        list.some((span) => span.kind === SERVER),
    );
    const forward = forwardSpans.find(
      (span) => attr(span, 'url.full') === `${target.url}/forward`,
    )!;
    const forwardExecution = parentOf(forwardSpans, forward);
    expect(attr(forwardExecution, 'aas.execution.id')).toBe(forwarded.body.execution_id);
    expect(parentOf(forwardSpans, forwardExecution).kind).toBe(SERVER);
    expect(String(received('/forward')[0]?.traceparent)).toBe(
      `00-${forwardTrace}-${forward.spanId}-01`,
    );

    // A test run (no execution): its request is the test request's server span's child.
    const tested = await client.call(
      `${api}/agents/${forwarder.body.id as string}/test`,
      'POST',
      auth,
      { input: { n: 2 } },
    );
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    const testSent = String(received('/forward')[1]?.traceparent);
    const [, testTrace, testSpan] = testSent.split('-');
    const testSpans = await exported(
      testTrace,
      (list) =>
        list.some((span) => span.spanId === testSpan) && list.some((s) => s.kind === SERVER),
    );
    const testRequest = testSpans.find((span) => span.spanId === testSpan)!;
    expect(testRequest.kind).toBe(CLIENT);
    const testServer = parentOf(testSpans, testRequest);
    expect(testServer.kind).toBe(SERVER);
    expect(attr(testServer, 'http.route')).toBe('/v2/agents/:id/test');
  }, 60_000);

  it('registers no context manager: nothing is carried across an await (or at all)', () => {
    // Tracing on in a process of its own: a context given to context.with is not the active one
    // inside, before or after an await (an AsyncLocalStorage context manager would keep it).
    const script = [
      "const t = require('./dist/src/tracing/tracing.js');",
      "if (!t.startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' })) process.exit(2);",
      "const api = require('@opentelemetry/api');",
      "const given = api.ROOT_CONTEXT.setValue(api.createContextKey('probe'), 1);",
      'api.context.with(given, async () => {',
      '  const before = api.context.active() === given;',
      '  await new Promise((resolve) => setTimeout(resolve, 1));',
      '  const after = api.context.active() === given;',
      '  process.stdout.write(JSON.stringify({ before, after }));',
      '  await t.stopTracing();',
      '});',
    ].join('\n');
    const out = execFileSync(process.execPath, ['-e', script], {
      cwd: join(__dirname, '..'),
      env: { PATH: process.env.PATH ?? '' },
    }).toString();
    expect(JSON.parse(out)).toEqual({ before: false, after: false });
  });

  it('off (no OTEL_EXPORTER_OTLP_ENDPOINT), the service loads none of the SDK', () => {
    // The built service's modules, required as main.js does, tracing's included.
    const script = [
      "require('./dist/src/bootstrap.js');",
      "const t = require('./dist/src/tracing/tracing.js');",
      'if (t.startTracing({}) !== null || t.tracing() !== null) process.exit(2);',
      'const loaded = Object.keys(require.cache).filter((k) => /@opentelemetry[\\/](sdk-|exporter-|resources)/.test(k));',
      'process.stdout.write(JSON.stringify(loaded));',
    ].join('\n');
    const out = execFileSync(process.execPath, ['-e', script], {
      cwd: join(__dirname, '..'),
      env: { PATH: process.env.PATH ?? '' },
    }).toString();
    expect(JSON.parse(out)).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import { expect } from 'vitest';
import { startLocalServer, type LocalServer } from './http-server';
import { bearer, type TestService } from './service';

const EXAMPLES = join(__dirname, '..', '..', 'examples', 'workflows');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- agent bodies, read as JSON
type Json = Record<string, any>;

/**
 * An agent body from `examples/workflows/<file>`, with every `https://…example.com` URL of it
 * pointed at `baseUrl` (a local receiver), the path kept.
 */
export function exampleAgent(file: string, baseUrl: string): Json {
  const text = readFileSync(join(EXAMPLES, file), 'utf8');
  return JSON.parse(text.replace(/https:\/\/[a-z.]+\.example\.com/g, baseUrl)) as Json;
}

/** What a receiver got: each request's method, path, headers and parsed body. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * A local HTTP receiver for `http` steps. `answer` picks the status (and optional delay) of
 * the n-th request (0-based); the answer body echoes the request's headers and body.
 */
export async function startReceiver(
  answer: (index: number, received: Received) => { status: number; delayMs?: number } = () => ({
    status: 200,
  }),
): Promise<LocalServer & { received: Received[] }> {
  const received: Received[] = [];
  const server = await startLocalServer((req, res, body) => {
    const entry = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
    const index = received.push(entry) - 1;
    const { status, delayMs } = answer(index, entry);
    const send = () => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ echoed_headers: req.headers, echoed_body: body, index }));
    };
    if (delayMs) setTimeout(send, delayMs);
    else send();
  });
  return Object.assign(server, { received });
}

/**
 * The calls the workflow suites make as one account (`as()`: the service and the account's
 * key, read at each call, so a suite can take them before its `beforeAll` has run): create an
 * agent (201), trigger it synchronously (200), read an execution (200), each answering the
 * body; `invalid` expects a create to be refused with 400 naming `field`.
 */
export function agentCalls(as: () => { t: TestService; key: string }) {
  const api = () => as().t.api();
  const auth = () => bearer(as().key);
  const createAgent = async (body: Json) =>
    (await api().post('/v2/agents').set(auth()).send(body).expect(201)).body as Json;
  const trigger = async (agentId: string, input: Json) =>
    (await api().post(`/v2/agents/${agentId}/trigger`).set(auth()).send({ input }).expect(200))
      .body as Json;
  const execution = async (id: string) =>
    (await api().get(`/v2/executions/${id}`).set(auth()).expect(200)).body as Json;
  const invalid = async (body: Json, field: string) => {
    const answer = await api().post('/v2/agents').set(auth()).send(body).expect(400);
    expect(answer.body.error).toMatchObject({ code: 'invalid_request', field });
  };
  return { createAgent, trigger, execution, invalid };
}

/**
 * Creates a workflow agent with `config` (201) and triggers it asynchronously with `input`
 * (202); resolves the execution id.
 */
export async function startWorkflowRun(
  t: TestService,
  key: string,
  body: { name: string; config: Json; timeout_ms?: number },
  input: Json = { n: 1 },
): Promise<string> {
  const agent = await t
    .api()
    .post('/v2/agents')
    .set(bearer(key))
    .send({ kind: 'workflow', timeout_ms: 600_000, ...body })
    .expect(201);
  const run = await t
    .api()
    .post(`/v2/agents/${agent.body.id}/trigger`)
    .set(bearer(key))
    .send({ input, options: { async: true } })
    .expect(202);
  return run.body.execution_id as string;
}

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventHandler, qualifyLead, subscribe } from '../clients/typescript/example';
import {
  ApiError,
  createClient,
  unwrap,
  verifyEvent,
  type WebhookEvent,
} from '../clients/typescript/src/index';
import { CLIENT_SCHEMA_FILE, renderClientSchema } from '../scripts/web-types.mjs';
import { Receiver } from './support/receiver';
import { startTestService, type TestService } from './support/service';
import { eventually } from './support/wait';

const CLIENT_DIR = join(__dirname, '..', 'clients', 'typescript');

/** Listens on an ephemeral port of 127.0.0.1; its base URL. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * The typed client of clients/typescript/: its generated types are current, and its README's
 * example (clients/typescript/example.ts, quoted verbatim) runs against the real service over
 * HTTP: create an agent, trigger it, wait for the result, verify the events of an endpoint.
 */
describe('typed client (openapi-typescript + openapi-fetch)', () => {
  let t: TestService;
  let baseUrl: string;
  let key: string;
  const servers: Server[] = [];
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    t = await startTestService({ CALLBACK_RETRY_BASE_MS: '20', WORKER_POLL_MS: '50' });
    baseUrl = await listen(t.service.api!.getHttpServer());
    ({ key } = await t.seedAccount());
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  afterAll(() => t?.close());

  it('clients/typescript/src/schema.ts is what `npm run web:types` writes from the current document', async () => {
    const document = (await t.api().get('/v2/openapi.json').expect(200)).body;
    const committed = readFileSync(CLIENT_SCHEMA_FILE, 'utf8');
    const current = await renderClientSchema(document);
    // On failure: run `npm run web:types` and commit the file.
    expect(
      committed === current,
      'clients/typescript/src/schema.ts is stale: run `npm run web:types`',
    ).toBe(true);
    expect(current).toContain('"/v2/agents/{id}/trigger": {');
    expect(current).toContain('        ExecutionDetail: {');
  });

  it('the README quotes the example verbatim (the code this file runs)', () => {
    const readme = readFileSync(join(CLIENT_DIR, 'README.md'), 'utf8');
    const example = readFileSync(join(CLIENT_DIR, 'example.ts'), 'utf8');
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(blocks).toContain(example);
  });

  it('runs the example: creates an agent, triggers it and waits for the typed result', async () => {
    const execution = await qualifyLead(createClient(baseUrl, key));
    expect(execution).toMatchObject({
      id: expect.stringMatching(/^exe_/),
      status: 'completed',
      source: 'api',
      output: { qualified: true, tier: expect.any(String), score: expect.any(Number) },
    });
    expect(execution.input).toEqual({ email: 'ana@acme.io', company: 'Acme', message: 'pricing?' });
  });

  it('sends the key as a bearer token, and unwrap throws the error envelope of a refusal', async () => {
    const bad = createClient(`${baseUrl}/`, 'aas_not-a-key');
    const refused = await bad.GET('/v2/agents');
    expect(refused.response.status).toBe(401);
    expect(() => unwrap(refused)).toThrow(ApiError);
    expect(() => unwrap(refused)).toThrow(/401 unauthorized/);

    const client = createClient(`${baseUrl}/`, key);
    const missing = await client.GET('/v2/executions/{id}', {
      params: { path: { id: 'exe_01jd8z4k9m2x7q3r5t6v8w0y1a' } },
    });
    const error = (() => {
      try {
        unwrap(missing);
      } catch (thrown) {
        return thrown as ApiError;
      }
    })();
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
    expect(
      unwrap(await client.GET('/v2/agents', { params: { query: { per_page: 1 } } })).data,
    ).toHaveLength(1);
  });

  it("the example's handler gets the endpoint's execution.completed event, verified", async () => {
    const client = createClient(baseUrl, key);
    const got: WebhookEvent[] = [];
    let secret = '';
    const server = createServer((req, res) => eventHandler(secret, (e) => got.push(e))(req, res));
    servers.push(server);
    const url = `${await listen(server)}/aas`;
    secret = await subscribe(client, url);
    expect(secret).toMatch(/^whsec_/);

    const execution = await qualifyLead(client);
    const event = await eventually(() =>
      got.find(
        (e) => e.type === 'execution.completed' && (e.data as { id: string }).id === execution.id,
      ),
    );
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      data: { status: 'completed' },
    });

    // A forged event is answered 400 and never reaches the callback.
    const count = got.length;
    const forged = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'evt_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,' + Buffer.alloc(32).toString('base64'),
      },
      body: JSON.stringify({ ...event, id: 'evt_forged' }),
    });
    expect(forged.status).toBe(400);
    expect(got).toHaveLength(count);
  });

  it('verifyEvent accepts a real signed event and refuses a tampered one or another secret', async () => {
    const client = createClient(baseUrl, key);
    const hook = await Receiver.start();
    receivers.push(hook);
    const endpoint = unwrap(
      await client.POST('/v2/webhook-endpoints', {
        body: { url: hook.url('/ping'), events: ['*'] },
      }),
    );
    const sent = await client.POST('/v2/webhook-endpoints/{id}/test', {
      params: { path: { id: endpoint.id } },
    });
    expect(sent.response.status).toBe(202);
    const request = await eventually(() => hook.requests.find((r) => r.path === '/ping'));

    const event = verifyEvent(endpoint.secret, request.body, request.headers);
    expect(event).toMatchObject({ type: 'ping', id: request.headers['webhook-id'] });
    expect(event.data).toMatchObject({ id: endpoint.id });
    // The Fetch API's Headers work as well as Node's.
    const headers = new Headers(request.headers as Record<string, string>);
    expect(verifyEvent(endpoint.secret, request.body, headers)).toEqual(event);

    const tampered = request.body.replace('"ping"', '"execution.completed"');
    expect(tampered).not.toBe(request.body);
    expect(() => verifyEvent(endpoint.secret, tampered, request.headers)).toThrow();
    const other = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(() => verifyEvent(other, request.body, request.headers)).toThrow();
    const { ['webhook-signature']: _dropped, ...unsigned } = request.headers;
    expect(() => verifyEvent(endpoint.secret, request.body, unsigned)).toThrow();
  });
});

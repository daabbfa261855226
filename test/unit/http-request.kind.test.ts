import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/config/configuration';
import type { LogLevel } from '../../src/kinds/agent-kind';
import { RunFailure } from '../../src/kinds/agent-kind';
import {
  HttpRequestConfig,
  HttpRequestKind,
  MAX_RESPONSE_BYTES,
} from '../../src/kinds/http-request.kind';
import { parseKindConfig } from '../../src/kinds/kind-config';

const parse = (config: Record<string, unknown>) => parseKindConfig(HttpRequestConfig, config);
import { startLocalServer, type LocalServer } from '../support/http-server';
import { refusedAt } from '../support/config-errors';

const privateAllowed = new HttpRequestKind({ outboundAllowPrivate: true } as AppConfig);
const publicOnly = new HttpRequestKind({ outboundAllowPrivate: false } as AppConfig);

async function run(
  kind: HttpRequestKind,
  config: Record<string, unknown>,
  input: Record<string, unknown> = {},
  signal: AbortSignal = new AbortController().signal,
) {
  const logs: { level: LogLevel; message: string }[] = [];
  try {
    const output = await kind.run(input, {
      executionId: 'exe_test',
      agentId: 'agt_test',
      accountId: 'acc_test',
      config: parse(config),
      log: (level, message) => logs.push({ level, message }),
      signal,
    });
    return { output, logs };
  } catch (error) {
    return { error, logs };
  }
}

const codeOf = (error: unknown) => (error instanceof RunFailure ? error.code : String(error));

describe('http-request kind', () => {
  let server: LocalServer;

  beforeAll(async () => {
    server = await startLocalServer((req, res, body) => {
      const path = req.url ?? '';
      if (path === '/json') {
        res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
        return res.end(
          JSON.stringify({ echo: body, method: req.method, auth: req.headers['x-token'] ?? null }),
        );
      }
      if (path === '/text')
        return res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
      if (path === '/bad-json') {
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
      }
      if (path === '/big') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ blob: 'x'.repeat(MAX_RESPONSE_BYTES * 2) }));
      }
      if (path === '/404') return res.writeHead(404).end('missing');
      if (path === '/500') {
        res.writeHead(500, { 'content-type': 'application/json', 'x-request-id': 'req_1' });
        return res.end(JSON.stringify({ error: 'database down' }));
      }
      if (path === '/500-big') {
        res.writeHead(500, { 'content-type': 'text/plain' });
        return res.end('é'.repeat(MAX_RESPONSE_BYTES));
      }
      if (path === '/hang') return; // never answers
      res.writeHead(200).end();
    });
  });
  afterAll(async () => server?.close());

  it('POSTs the input as JSON and parses a JSON answer', async () => {
    const { output, logs } = await run(
      privateAllowed,
      { url: `${server.url}/json`, headers: { 'X-Token': 'abc' } },
      { lead: { email: 'a@b.co' } },
    );
    expect(output).toEqual({
      status_code: 201,
      body: { echo: { lead: { email: 'a@b.co' } }, method: 'POST', auth: 'abc' },
    });
    expect(logs.map((entry) => entry.level)).toEqual(['info', 'info']);
  });

  it('uses the configured method; GET sends no body', async () => {
    const { output } = await run(
      privateAllowed,
      { url: `${server.url}/json`, method: 'get' },
      { a: 1 },
    );
    expect(output).toMatchObject({ body: { method: 'GET', echo: null } });
    const put = await run(privateAllowed, { url: `${server.url}/json`, method: 'PUT' }, { a: 1 });
    expect(put.output).toMatchObject({ body: { method: 'PUT', echo: { a: 1 } } });
  });

  it('keeps text as text, and bad JSON as text', async () => {
    expect((await run(privateAllowed, { url: `${server.url}/text` })).output).toEqual({
      status_code: 200,
      body: 'hello',
    });
    expect((await run(privateAllowed, { url: `${server.url}/bad-json` })).output).toEqual({
      status_code: 200,
      body: '{not json',
    });
  });

  it('cuts the body at 64 KiB (a cut JSON body stays text) and logs a warning', async () => {
    const { output, logs } = await run(privateAllowed, { url: `${server.url}/big` });
    const body = (output as { body: unknown }).body;
    expect(typeof body).toBe('string');
    expect(Buffer.byteLength(body as string)).toBe(MAX_RESPONSE_BYTES);
    expect((body as string).startsWith('{"blob":"xxx')).toBe(true);
    expect(logs.some((entry) => entry.level === 'warn')).toBe(true);
  });

  it('fails with http_error for a status >= 400', async () => {
    const { error } = await run(privateAllowed, { url: `${server.url}/404` });
    expect(codeOf(error)).toBe('http_error');
    expect((error as Error).message).toContain('404');
  });

  it('keeps the failed answer: status, headers, body (JSON parsed)', async () => {
    const { error } = await run(privateAllowed, { url: `${server.url}/500` });
    expect((error as Error).message).toMatch(/answered HTTP 500 after \d+ ms$/);
    expect((error as RunFailure).response).toEqual({
      status_code: 500,
      headers: expect.objectContaining({ 'x-request-id': 'req_1' }),
      body: { error: 'database down' },
      truncated: false,
    });
  });

  it('cuts a failed answer at 64 KiB, between characters', async () => {
    const { error } = await run(privateAllowed, { url: `${server.url}/500-big` });
    const { body, truncated } = (error as RunFailure).response!;
    expect(truncated).toBe(true);
    expect(Buffer.byteLength(body as string)).toBe(64 * 1024);
    expect(body as string).toBe('é'.repeat(32 * 1024));
  });

  it('fails with timeout after its timeout_ms', async () => {
    const started = Date.now();
    const { error } = await run(privateAllowed, { url: `${server.url}/hang`, timeout_ms: 150 });
    expect(codeOf(error)).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('fails with network_error when nothing listens', async () => {
    const closed = await startLocalServer(() => undefined);
    await closed.close();
    const { error } = await run(privateAllowed, { url: `${closed.url}/x` });
    expect(codeOf(error)).toBe('network_error');
  });

  it('refuses private addresses unless allowed, before connecting', async () => {
    const before = server.requests.length;
    for (const url of [
      `${server.url}/json`,
      'http://10.0.0.1/x',
      'http://[::1]:9/x',
      'http://169.254.169.254/latest',
    ]) {
      const { error } = await run(publicOnly, { url });
      expect(codeOf(error)).toBe('address_not_allowed');
    }
    expect(server.requests.length).toBe(before);
  });

  it('aborts the request when the run is cancelled (ctx.signal)', async () => {
    const controller = new AbortController();
    const abortedBefore = server.aborted;
    const pending = run(privateAllowed, { url: `${server.url}/hang` }, {}, controller.signal);
    while (!server.requests.some((request) => request.path === '/hang')) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    controller.abort(new Error('cancelled'));
    const { error } = await pending;
    expect(error).not.toBeInstanceOf(RunFailure);
    // Counted once the server sees the close (a test before this one may still close its own
    // connection meanwhile, so the count can pass abortedBefore + 1): the hang was aborted.
    while (server.aborted === abortedBefore)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.aborted).toBeGreaterThan(abortedBefore);
  });

  it('normalizes its config with defaults', () => {
    expect(parse({ url: 'https://example.com/hook' })).toEqual({
      url: 'https://example.com/hook',
      method: 'POST',
      headers: {},
      timeout_ms: 10000,
    });
  });

  it.each([
    [{}, 'url is required (an http or https URL)'],
    [{ url: 'not a url' }, 'url must be an absolute http or https URL'],
    [{ url: 'ftp://example.com/x' }, 'url must use http or https'],
    [
      { url: 'https://example.com', method: 'TRACE' },
      'method must be one of: GET, POST, PUT, PATCH, DELETE',
    ],
    [{ url: 'https://example.com', headers: [] }, 'headers must be an object of strings'],
    [{ url: 'https://example.com', headers: { Host: 'evil' } }, 'the Host header cannot be set'],
    [
      { url: 'https://example.com', timeout_ms: 0 },
      'timeout_ms must be an integer between 100 and 600000',
    ],
  ])('explains %o: %s', (config, message) => {
    expect(() => parse(config as Record<string, unknown>)).toThrow(message);
  });

  it('normalizes the method and copies the headers', () => {
    const headers = JSON.parse('{"X-A": "1", "__proto__": "dropped"}');
    expect(parse({ url: 'https://example.com', method: 'patch', headers })).toEqual({
      url: 'https://example.com',
      method: 'PATCH',
      headers: { 'X-A': '1' },
      timeout_ms: 10000,
    });
  });

  it.each([
    [{}, 'url'],
    [{ url: 42 }, 'url'],
    [{ url: 'not a url' }, 'url'],
    [{ url: 'ftp://example.com/x' }, 'url'],
    [{ url: 'https://example.com', method: 'TRACE' }, 'method'],
    [{ url: 'https://example.com', method: 5 }, 'method'],
    [{ url: 'https://example.com', headers: [] }, 'headers'],
    [{ url: 'https://example.com', headers: { 'X-A': 1 } }, 'headers.X-A'],
    [{ url: 'https://example.com', headers: { Host: 'evil' } }, 'headers.Host'],
    [{ url: 'https://example.com', headers: { 'X-A': 'a\r\nB: c' } }, 'headers.X-A'],
    [{ url: 'https://example.com', headers: { 'bad name': 'x' } }, 'headers.bad name'],
    [{ url: 'https://example.com', timeout_ms: 0 }, 'timeout_ms'],
    [{ url: 'https://example.com', timeout_ms: 1.5 }, 'timeout_ms'],
    [{ url: 'https://example.com', timeout_ms: '1000' }, 'timeout_ms'],
    [{ url: 'https://example.com', extra: 1 }, 'extra'],
  ])('rejects config %o naming %s', (config, path) => {
    expect(refusedAt(() => parse(config as Record<string, unknown>))).toBe(path);
  });
});

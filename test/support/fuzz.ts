import fc from 'fast-check';
import { createHmac } from 'node:crypto';
import { connect } from 'node:net';
import { Agent, request } from 'undici';
import { expect } from 'vitest';
import { ERROR_CODES, isErrorCode } from '../../src/common/error-codes';
import type { Listener } from './routes';

/** One generated request. */
export interface FuzzCase {
  listener: Listener;
  method: string;
  /** Path and query, exactly as sent on the request line. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Sign the body for a `signature` webhook with this secret (after the body is final). */
  signWith?: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** An HTTP client with its own keep-alive pool, for the generated requests. */
export function fuzzClient(): Agent {
  return new Agent({ keepAliveTimeout: 10_000, connections: 4, pipelining: 0 });
}

export async function sendCase(base: string, fuzz: FuzzCase, dispatcher: Agent): Promise<Answer> {
  const headers = { ...fuzz.headers };
  if (fuzz.signWith && fuzz.body) {
    const hmac = createHmac('sha256', fuzz.signWith).update(fuzz.body).digest('hex');
    headers['x-signature'] = `sha256=${hmac}`;
  }
  const res = await request(`${base}${fuzz.path}`, {
    method: fuzz.method as 'GET',
    headers,
    body: fuzz.body,
    dispatcher,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text };
}

/**
 * Writes `raw` bytes on a fresh TCP connection and reads the answer until the server closes
 * it (or `timeoutMs`): for requests no HTTP client library would send.
 */
export function sendRaw(port: number, raw: Buffer | string, timeoutMs = 5000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer in time'));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined); // a reset after the answer is fine
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status, headers, text: rest.join('\r\n\r\n') });
    });
    socket.write(raw);
  });
}

const LEAKS = [
  /\bat [\w.<>]+ \(/, // a stack frame
  /\/(src|dist|node_modules)\//,
  /\.ts:\d+/,
  /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\b.*\b(FROM|SET|VALUES|WHERE)\b/,
  /QueryFailedError|TypeError|ReferenceError|RangeError|SQLITE_[A-Z]+|\bER_[A-Z_]{4,}/,
];

/**
 * The contract for every answer: never 5xx; an error is JSON in the envelope
 * (`{error: {code, message, docs_url, field?}}`, with `success: false` and `message` on the
 * webhook listener), its code is a known one with that very status, and nothing internal
 * (stack, path, SQL, driver error) is in it.
 */
export function expectWellFormed(
  listener: Listener,
  answer: Answer,
  docsUrl: string,
  /** What the request carried: an answer may echo it (a field name, the path). */
  sent = '',
): void {
  const context = `${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, context).toBeGreaterThanOrEqual(200);
  expect(answer.status, context).toBeLessThan(500);
  for (const leak of LEAKS) {
    const found = leak.exec(answer.text);
    if (found && !sent.includes(found[0])) expect.fail(`internal detail in ${context}`);
  }
  if (answer.status < 400) return;
  expect(String(answer.headers['content-type']), context).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as {
    error: { code: string; message: string; docs_url: string; field?: unknown };
    success?: unknown;
    message?: unknown;
  };
  expect(isErrorCode(body.error?.code), context).toBe(true);
  const code = body.error.code as keyof typeof ERROR_CODES;
  expect(ERROR_CODES[code].status, context).toBe(answer.status);
  expect(typeof body.error.message, context).toBe('string');
  expect(body.error.message.length, context).toBeGreaterThan(0);
  expect(body.error.docs_url, context).toBe(`${docsUrl}/errors/${code}`);
  if (body.error.field !== undefined) expect(typeof body.error.field, context).toBe('string');
  const allowed = listener === 'webhook' ? ['error', 'success', 'message'] : ['error'];
  expect(Object.keys(body).sort(), context).toEqual(allowed.sort());
  expect(
    Object.keys(body.error).every((key) => ['code', 'message', 'docs_url', 'field'].includes(key)),
  ).toBe(true);
  if (listener === 'webhook') {
    expect(body.success, context).toBe(false);
    expect(body.message, context).toBe(body.error.message);
  }
}

// ---------------------------------------------------------------------------------------
// Arbitraries

/** Keys that reach real fields, and keys that attack prototypes. */
export const FIELD_NAMES = [
  'name',
  'kind',
  'config',
  'webhook_auth',
  'timeout_ms',
  'status',
  'type',
  'input',
  'options',
  'async',
  'callback_url',
  'email',
  'threshold',
  'url',
  'method',
  'headers',
];
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FIELD_NAMES, ...PROTOTYPE_KEYS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
);

/** Scalars that break naive code: huge and tiny numbers, odd strings, unicode. */
const nastyScalar = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    Number.MAX_SAFE_INTEGER + 2,
    1.7976931348623157e308,
    -1.7976931348623157e308,
    5e-324,
    '',
    ' ',
    'null',
    'true',
    '0',
    '1e1',
    'active',
    'paused',
    'lead-qualification',
    'http-request',
    'api_key',
    'signature',
    'http://127.0.0.1:9/x',
    'javascript:alert(1)',
    "' OR '1'='1",
    '"; DROP TABLE agents; --',
    '../../../../etc/passwd',
    '\u0000',
    '\u202e\u202d',
    '\ud800',
    '🙂'.repeat(50),
    'x'.repeat(5000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.integer(),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((big) => `${big}`),
);

/** A JSON value whose objects use the interesting keys. */
const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyScalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** Texts that JSON.parse reads in surprising ways (no generator makes them by chance). */
const oddJsonTexts = fc.constantFrom(
  '{"a":1e400}',
  '{"a":-1e400}',
  '{"a":123456789012345678901234567890}',
  '{"timeout_ms":1e400}',
  '{"page":-0}',
  '{"a":"\\ud800"}',
  '{"\\u0000":1}',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"__proto__":[],"name":"x"}',
  '\ufeff{"name":"bom"}',
  '{"name":"x"}garbage',
  '{"name":"x"',
  '{"name":\'x\'}',
  '{name:"x"}',
  '',
  ' ',
  'null',
  '[]',
  '"text"',
  '123',
  'NaN',
  '{"input":{"email":"a@b.co"}}',
);

/** Nesting from a little to far beyond the allowed depth (objects, arrays or both). */
const deepText = fc
  .tuple(fc.integer({ min: 1, max: 6000 }), fc.constantFrom('object', 'array', 'mixed'))
  .map(([depth, shape]) => {
    const open = (i: number) =>
      shape === 'object' || (shape === 'mixed' && i % 2 === 0) ? '{"a":' : '[';
    const close = (i: number) =>
      shape === 'object' || (shape === 'mixed' && i % 2 === 0) ? '}' : ']';
    let text = '{"input":';
    for (let i = 0; i < depth; i++) text += open(i);
    text += '1';
    for (let i = depth - 1; i >= 0; i--) text += close(i);
    return `${text}}`;
  });

/** The text of a request body: mostly objects with meaningful keys, and every other shape. */
export const jsonBodyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(key, nastyValue, { maxKeys: 6 }).map(safeStringify) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 8 }).map(safeStringify) },
  { weight: 1, arbitrary: oddJsonTexts },
  { weight: 1, arbitrary: deepText },
);

function safeStringify(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? item.toString() : item,
  );
}

/** Query parameter names: the real ones and others. */
const queryName = fc.oneof(
  fc.constantFrom('page', 'per_page', 'status', 'from', 'to', 'limit', 'cursor', '__proto__'),
  fc.string({ maxLength: 8 }),
);
const queryValue = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1',
    '20',
    '100',
    '101',
    '1e1',
    '1.0',
    '+1',
    '0x10',
    '99999999999999999999999',
    'NaN',
    'completed',
    'completed,failed',
    'running,,',
    'bogus',
    '2026-02-30',
    '2026-01-31',
    '0001-01-01',
    '9999-12-31',
    '2026-01-31T12:00:00Z',
    '2026-01-31T12:00:00+01:00',
    'eyJ2IjoxfQ',
    'e30',
    '%zz',
    '%',
    '%00',
    '%ff%fe',
    "1' OR '1'='1",
    '../../etc/passwd',
    'a'.repeat(3000),
  ),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
);
/** A query string (with its `?`), sometimes with repeated and raw, badly encoded parts. */
export const queryString: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(queryName, queryValue, fc.boolean()).map(([name, value, raw]) => {
      const encodedName = encodeURIComponent(name);
      if (raw) return `${encodedName}=${value}`;
      return `${encodedName}=${/%|^[A-Za-z0-9._~-]*$/.test(value) ? value : encodeURIComponent(value)}`;
    }),
    { minLength: 1, maxLength: 5 },
  )
  .chain((parts) =>
    fc
      .constantFrom('&', '&&', ';')
      .map((sep) => `?${parts.join(sep)}`.replace(/[^\x21-\x7e]/g, encodeURIComponent)),
  );

/** Path segments that must never reach anything but a 404 (or 400/401). */
export const hostileId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '..',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f%2e%2e%2f',
    '..%5c..%5cwindows',
    "1'%20OR%20'1'%3D'1",
    "agt_x'%3B%20DROP%20TABLE%20agents%3B%20--",
    '%27%22%60%3B%2D%2D',
    '%00',
    'agt_%00',
    '%',
    '%zz',
    '%E0%A4%A',
    '%C0%AF',
    '*',
    '%2A',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    'agt_' + 'x'.repeat(2000),
    'AGT_01',
    'agt_01 ',
    '%20',
    '%F0%9F%99%82',
    '%E2%80%AE',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=bogus',
  'application/jsonx',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'text/plain',
  'text/json',
  'application/xml',
  'application/octet-stream',
  '*/*',
  ';',
  'application/',
];

/** Content-Encoding values: one the body is not in, and some that do not exist. */
export const CONTENT_ENCODINGS = ['gzip', 'deflate', 'br', 'identity', 'compress', 'x-bogus'];

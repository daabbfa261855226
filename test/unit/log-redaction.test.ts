import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  isSecretHeader,
  loggerOptions,
  redactHeaders,
  redactUrl,
} from '../../src/common/logging.module';
import { requestLog } from '../../src/common/request-log.middleware';

/** A pino logger with the service's options, writing its lines into `lines`. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: pino(loggerOptions('info'), stream), lines };
}

/** Runs the request log middleware for one request to `url` and returns its line. */
async function requestLine(url: string, headers: Record<string, string> = {}) {
  const { logger, lines } = capture();
  const req = { headers, method: 'GET', originalUrl: url } as unknown as Request;
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    writableFinished: true,
    setHeader: () => undefined,
  }) as unknown as Response;
  requestLog(() => logger)(req, res, (() => undefined) as NextFunction);
  res.emit('close');
  await new Promise((resolve) => setImmediate(resolve));
  expect(lines).toHaveLength(1);
  return { line: lines[0], text: JSON.stringify(lines[0]) };
}

describe('log redaction', () => {
  describe('query strings', () => {
    it.each([
      ['/v2/agents?token=t0k', '/v2/agents?token=[redacted]'],
      ['/v2/agents?api_key=k&limit=5', '/v2/agents?api_key=[redacted]&limit=5'],
      ['/v2/agents?API_KEY=k', '/v2/agents?API_KEY=[redacted]'],
      ['/v2/agents?apiKey=k', '/v2/agents?apiKey=[redacted]'],
      ['/v2/agents?key=k', '/v2/agents?key=[redacted]'],
      ['/v2/agents?Access_Token=a&page=2', '/v2/agents?Access_Token=[redacted]&page=2'],
      ['/v2/agents?client_secret=s', '/v2/agents?client_secret=[redacted]'],
      ['/v2/agents?Secret=s', '/v2/agents?Secret=[redacted]'],
      ['/v2/agents?sig=s&signature=s2', '/v2/agents?sig=[redacted]&signature=[redacted]'],
      [
        '/v2/agents?password=p&PASSWD=p&pwd=p',
        '/v2/agents?password=[redacted]&PASSWD=[redacted]&pwd=[redacted]',
      ],
      [
        '/v2/agents?auth=a&Authorization=Bearer+x',
        '/v2/agents?auth=[redacted]&Authorization=[redacted]',
      ],
      ['/v2/agents?%74oken=t', '/v2/agents?%74oken=[redacted]'],
      ['/v2/agents?x=1&session_id=s#frag', '/v2/agents?x=1&session_id=[redacted]#frag'],
      // Ordinary parameters are kept as sent.
      [
        '/v2/agents/agt_1/executions?status=failed,cancelled&from=2026-01-01&limit=5&cursor=abc',
        '/v2/agents/agt_1/executions?status=failed,cancelled&from=2026-01-01&limit=5&cursor=abc',
      ],
      ['/v2/agents?flag&page=1', '/v2/agents?flag&page=1'],
      ['/v2/agents?%E0%A4%A=1', '/v2/agents?%E0%A4%A=1'],
    ])('%s', (url, expected) => {
      expect(redactUrl(url)).toBe(expected);
    });

    it('cuts the webhook id whatever the case of the path', () => {
      expect(redactUrl('/webhook/abc123?token=x')).toBe('/webhook/[redacted]?token=[redacted]');
      expect(redactUrl('/WEBHOOK/abc123')).toBe('/webhook/[redacted]');
    });

    it('writes the request line with the secrets of its query string redacted', async () => {
      const { line, text } = await requestLine('/v2/agents?api_key=sk_live_1&Token=tok_2&limit=5');
      expect((line.req as { url: string }).url).toBe(
        '/v2/agents?api_key=[redacted]&Token=[redacted]&limit=5',
      );
      expect(text).not.toContain('sk_live_1');
      expect(text).not.toContain('tok_2');
    });

    it('never writes a request header, credentials or not', async () => {
      const { text } = await requestLine('/v2/account', {
        authorization: 'Bearer sk_live_header',
        'x-api-key': 'whk_header',
      });
      expect(text).not.toContain('sk_live_header');
      expect(text).not.toContain('whk_header');
    });
  });

  describe('headers', () => {
    it.each([
      'authorization',
      'Authorization',
      'AUTHORIZATION',
      'Proxy-Authorization',
      'Cookie',
      'Set-Cookie',
      'x-api-key',
      'X-API-Key',
      'X-Signature',
      'X-Hub-Signature-256',
      'Webhook-Signature',
      'SVIX-SIGNATURE',
      'X-Auth-Token',
      'X-Client-Secret',
    ])('%s is a secret header', (name) => {
      expect(isSecretHeader(name)).toBe(true);
    });

    it.each(['Content-Type', 'content-length', 'X-Request-Id', 'webhook-id', 'User-Agent'])(
      '%s is not',
      (name) => {
        expect(isSecretHeader(name)).toBe(false);
      },
    );

    it('redacts a logged headers object whatever the case of the names', () => {
      const { logger, lines } = capture();
      logger.info(
        {
          headers: {
            Authorization: 'Bearer sk_live_A',
            'X-API-KEY': 'whk_B',
            'x-signature': 'sha256=C',
            'Webhook-Signature': 'v1,D',
            'Content-Type': 'application/json',
          },
        },
        'outbound request',
      );
      expect(lines[0].headers).toEqual({
        Authorization: '[redacted]',
        'X-API-KEY': '[redacted]',
        'x-signature': '[redacted]',
        'Webhook-Signature': '[redacted]',
        'Content-Type': 'application/json',
      });
      expect(redactHeaders(null)).toBeNull();
    });

    it('redacts a logged url', () => {
      const { logger, lines } = capture();
      logger.info({ url: 'https://hooks.example.com/in?Signature=abc&x=1' }, 'callback');
      expect(lines[0].url).toBe('https://hooks.example.com/in?Signature=[redacted]&x=1');
    });
  });
});

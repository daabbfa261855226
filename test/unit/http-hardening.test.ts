import { createServer } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { answerUnparsableRequests } from '../../src/common/http-hardening';

/** A socket stand-in that records what is written to it. */
function fakeSocket() {
  const socket = new PassThrough();
  const written: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => written.push(chunk));
  return { socket, text: () => Buffer.concat(written).toString('utf8') };
}

const clientError = (code: string) => Object.assign(new Error(code), { code });

describe('answers to requests the HTTP parser refuses', () => {
  const server = createServer();
  answerUnparsableRequests(server, 'webhook', 'http://docs');

  it('answers a request that timed out with 408 request_timeout in the envelope, then closes', async () => {
    const { socket, text } = fakeSocket();
    server.emit('clientError', clientError('ERR_HTTP_REQUEST_TIMEOUT'), socket);
    await new Promise((resolve) => socket.once('finish', resolve));
    const [head, body] = text().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(head).toContain('Connection: close');
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({
      success: false,
      message: 'The request was not received in time',
      error: {
        code: 'request_timeout',
        message: 'The request was not received in time',
        docs_url: 'http://docs/errors/request_timeout',
      },
    });
  });

  it('writes nothing on a reset connection or one whose response has started', () => {
    const reset = fakeSocket();
    server.emit('clientError', clientError('ECONNRESET'), reset.socket);
    expect(reset.text()).toBe('');
    expect(reset.socket.destroyed).toBe(true);
    const busy = fakeSocket();
    Object.assign(busy.socket, { _httpMessage: { headersSent: true } });
    server.emit('clientError', clientError('HPE_INVALID_METHOD'), busy.socket);
    expect(busy.text()).toBe('');
    expect(busy.socket.destroyed).toBe(true);
  });
});

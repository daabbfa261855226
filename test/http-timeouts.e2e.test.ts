import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnPorts, startTestService, type TestService } from './support/service';

/** One response read off a raw connection. */
interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A raw TCP connection to a listener that reads HTTP/1.1 responses one by one (bodies by
 * Content-Length), so that a test controls exactly when each byte is sent and which
 * connection carries it.
 */
class RawConnection {
  private buffer = Buffer.alloc(0);
  private readonly socket: Socket;
  private wake: () => void = () => undefined;
  closedAt: number | null = null;
  readonly closed: Promise<void>;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    this.socket.on('error', () => undefined); // a reset is seen as the close
    this.closed = new Promise((resolve) =>
      this.socket.on('close', () => {
        this.closedAt = Date.now();
        this.wake();
        resolve();
      }),
    );
  }

  get open(): boolean {
    return this.closedAt === null && this.socket.writable;
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** The next complete response; rejects when the connection closes first or after 15 s. */
  async response(timeoutMs = 15_000): Promise<RawResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.take();
      if (parsed) return parsed;
      if (this.closedAt !== null) throw new Error(`connection closed; got "${this.buffer}"`);
      if (Date.now() > deadline) throw new Error(`no response in time; got "${this.buffer}"`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 100);
      });
    }
  }

  private take(): RawResponse | null {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < end + 4 + length) return null;
    const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  destroy(): void {
    this.socket.destroy();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const LISTENERS = ['api', 'webhook'] as const;
const GET_HEALTH = 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n';

describe('keep-alive (default configuration)', () => {
  let svc: TestService;
  let ports: { api: number; webhook: number };

  beforeAll(async () => {
    svc = await startTestService();
    ports = await listenOnPorts(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  // Node's default keepAliveTimeout is 5 s; Node 20.20 closes the connection 1 s after the
  // time it advertises, so 7 s of idleness is past what the default would allow.
  it('keeps an idle connection usable past Node’s 5 s default, on both listeners', async () => {
    await Promise.all(
      LISTENERS.map(async (listener) => {
        const conn = new RawConnection(ports[listener]);
        try {
          conn.write(GET_HEALTH);
          const first = await conn.response();
          expect(first.status).toBe(200);
          // The hint clients (undici, browsers) use to close their side first.
          expect(first.headers['keep-alive']).toBe('timeout=65');
          await sleep(7000);
          expect(conn.open).toBe(true);
          conn.write(GET_HEALTH);
          expect((await conn.response()).status).toBe(200);
        } finally {
          conn.destroy();
        }
      }),
    );
  });
});

describe('slow requests (REQUEST_TIMEOUT_MS=1500)', () => {
  let svc: TestService;
  let ports: { api: number; webhook: number };
  const bodyPath = { api: '/v2/agents', webhook: '/webhook/wh_slow' };

  beforeAll(async () => {
    svc = await startTestService({ REQUEST_TIMEOUT_MS: '1500' });
    ports = await listenOnPorts(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  /** Sends `chunks` one by one, `everyMs` apart, until the connection closes or they run out. */
  const trickle = async (conn: RawConnection, chunks: string[], everyMs: number) => {
    for (const chunk of chunks) {
      if (!conn.open) return;
      conn.write(chunk);
      await sleep(everyMs);
    }
  };

  const expectTimeoutAnswer = async (conn: RawConnection, startedAt: number) => {
    const answer = await conn.response();
    expect(answer.status).toBe(408);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers.connection).toBe('close');
    const body = JSON.parse(answer.body) as { error: Record<string, string> };
    expect(body.error).toMatchObject({
      code: 'request_timeout',
      docs_url: expect.stringMatching(/\/docs\/errors\/request_timeout$/),
    });
    await conn.closed;
    // Not before the configured time.
    expect(conn.closedAt! - startedAt).toBeGreaterThanOrEqual(1500);
    return answer;
  };

  it.each(LISTENERS)(
    '%s: a body sent a byte at a time is cut off with 408 request_timeout',
    async (listener) => {
      const conn = new RawConnection(ports[listener]);
      try {
        const body = JSON.stringify({ name: 'Slow', kind: 'echo', pad: 'x'.repeat(200) });
        const startedAt = Date.now();
        conn.write(
          `POST ${bodyPath[listener]} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
            `Authorization: Bearer aas_none\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        // 200 bytes at one per 50 ms would take 10 s: far past the timeout.
        const sending = trickle(conn, [...body], 50);
        const answer = await expectTimeoutAnswer(conn, startedAt);
        // Answered through the request's own response: with its id, logged and counted.
        expect(answer.headers['x-request-id']).toBeTruthy();
        const metrics = await svc.api().get('/metrics');
        expect(metrics.text).toMatch(
          new RegExp(`aas_http_requests_total\\{[^}]*listener="${listener}"[^}]*status="408"`),
        );
        await sending;
      } finally {
        conn.destroy();
      }
    },
  );

  it.each(LISTENERS)(
    '%s: headers sent a line at a time are cut off with 408 request_timeout',
    async (listener) => {
      const conn = new RawConnection(ports[listener]);
      try {
        const startedAt = Date.now();
        const lines = Array.from({ length: 200 }, (_, i) => `X-Slow-${i}: ${i}\r\n`);
        const sending = trickle(conn, ['GET /health HTTP/1.1\r\nHost: x\r\n', ...lines], 50);
        await expectTimeoutAnswer(conn, startedAt);
        await sending;
      } finally {
        conn.destroy();
      }
    },
  );

  it.each(LISTENERS)(
    '%s: idle time between keep-alive requests does not count toward the timeout',
    async (listener) => {
      const conn = new RawConnection(ports[listener]);
      try {
        conn.write(GET_HEALTH);
        expect((await conn.response()).status).toBe(200);
        await sleep(2500); // longer than REQUEST_TIMEOUT_MS (and the headers timeout)
        expect(conn.open).toBe(true);
        conn.write(GET_HEALTH);
        expect((await conn.response()).status).toBe(200);
      } finally {
        conn.destroy();
      }
    },
  );

  it.each(LISTENERS)('%s: a body that arrives within the timeout is read', async (listener) => {
    const conn = new RawConnection(ports[listener]);
    try {
      const body = '{"input":{}}';
      conn.write(
        `POST ${bodyPath[listener]} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\n\r\n`,
      );
      await trickle(conn, [body.slice(0, 4), body.slice(4, 8), body.slice(8)], 200);
      // Read and passed on: the route answers (no credentials: 401; unknown webhook: 404).
      const answer = await conn.response();
      expect(answer.status).toBe(listener === 'api' ? 401 : 404);
    } finally {
      conn.destroy();
    }
  });
});

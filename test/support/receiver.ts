import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as received. */
  body: string;
  receivedAt: number;
}

/** What the receiver does with the n-th request (0-based): answer a status, or never answer. */
export type Behaviour = (index: number) => number | 'hang';

/**
 * A callback receiver on 127.0.0.1 for tests: records every request and every connection,
 * and answers as told (a status code, or holding the request open without answering).
 */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  connections = 0;
  private readonly sockets = new Set<Socket>();
  private readonly hanging = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    public behaviour: Behaviour,
  ) {}

  static async start(behaviour: Behaviour = () => 200, host = '127.0.0.1'): Promise<Receiver> {
    const server = createServer();
    const receiver = new Receiver(server, behaviour);
    server.on('connection', (socket) => {
      receiver.connections++;
      receiver.sockets.add(socket);
      socket.on('close', () => receiver.sockets.delete(socket));
    });
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const index = receiver.requests.length;
        receiver.requests.push({
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        });
        const answer = receiver.behaviour(index);
        if (answer === 'hang') {
          receiver.hanging.add(res);
          return;
        }
        res.writeHead(answer, { 'content-type': 'text/plain' }).end('ack');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, resolve);
    });
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Drops the connections of requests held open (their senders see a network error). */
  dropHanging(): void {
    for (const socket of this.sockets) socket.destroy();
    this.hanging.clear();
  }

  async close(): Promise<void> {
    this.dropHanging();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

import { connect, createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * `deadlock`: the statement is answered with ER_LOCK_DEADLOCK (1213) and never reaches the
 * server. `drop`: its connection is cut before the server sees it. `lose-answer`: it reaches
 * the server, and the connection is cut before the answer comes back (a COMMIT that lands
 * while the client sees a lost connection).
 */
export type Fault = 'deadlock' | 'drop' | 'lose-answer';

interface ArmedFault {
  pattern: RegExp;
  fault: Fault;
  /** Only on a connection that already sent a statement matching this. */
  after?: RegExp;
  hit: () => void;
}

/**
 * A TCP proxy between the service and the MySQL/MariaDB server, to fail the database for one
 * service without touching the server others use. It can cut every connection and refuse new
 * ones (the database is "down"), let them in again, and fail one chosen statement: answer it
 * with a deadlock error as the server would, or drop its connection, before the server sees it.
 * It reads the MySQL protocol just enough to find the text of COM_QUERY commands (the service
 * sends text queries, no TLS, no compression).
 */
export class DbProxy {
  private server: Server;
  private readonly sockets = new Set<Socket>();
  private faults: ArmedFault[] = [];
  /** Per connection, the faults whose `after` statement it sent. */
  private readonly primed = new WeakMap<Socket, Set<ArmedFault>>();
  private readonly ending = new WeakSet<Socket>();
  port = 0;
  /** Connections made through the proxy so far. */
  connections = 0;
  /** Called with the SQL of every query that passes (for debugging a pattern). */
  onQuery?: (sql: string) => void;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = this.createServer();
  }

  static async start(targetUrl: string): Promise<DbProxy> {
    const target = new URL(targetUrl);
    const proxy = new DbProxy(target.hostname, Number(target.port || 3306));
    await proxy.listen(0);
    return proxy;
  }

  /** `url` (a mysql:// URL) pointed at the proxy instead. */
  rewrite(url: string): string {
    const rewritten = new URL(url);
    rewritten.hostname = '127.0.0.1';
    rewritten.port = String(this.port);
    return rewritten.toString();
  }

  /** The database goes away: every connection is cut, new ones are refused. */
  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** The database is back, on the same address. */
  async restore(): Promise<void> {
    this.server = this.createServer();
    await this.listen(this.port);
  }

  /** Cuts the open connections only (a server restart the pool must notice), still accepting. */
  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /**
   * The next statement whose SQL matches `pattern` (on a connection that sent a statement
   * matching `after` before, if given) fails with `fault`. Resolves once it did.
   */
  failNext(pattern: RegExp, fault: Fault, after?: RegExp): Promise<void> {
    return new Promise((resolve) => this.faults.push({ pattern, fault, after, hit: resolve }));
  }

  async close(): Promise<void> {
    await this.cut().catch(() => undefined);
  }

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.port = (this.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  private createServer(): Server {
    return createServer((client) => {
      this.connections++;
      const upstream = connect(this.targetPort, this.targetHost);
      this.sockets.add(client);
      this.sockets.add(upstream);
      const closeBoth = () => {
        client.destroy();
        // An upstream being ended on purpose (lose-answer) first delivers what it was given.
        if (!this.ending.has(upstream)) upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('error', closeBoth);
      upstream.on('error', closeBoth);
      client.on('close', closeBoth);
      upstream.on('close', closeBoth);
      upstream.on('data', (chunk: Buffer) => client.write(chunk));
      let pending = Buffer.alloc(0);
      client.on('data', (chunk: Buffer) => {
        pending = Buffer.concat([pending, chunk]);
        // Forward whole packets: 3 bytes length, 1 byte sequence, payload.
        while (pending.length >= 4) {
          const length = pending.readUIntLE(0, 3);
          if (pending.length < 4 + length) break;
          const packet = pending.subarray(0, 4 + length);
          pending = pending.subarray(4 + length);
          const handled = this.intercept(packet, client, upstream, closeBoth);
          if (handled === 'dropped') return;
          if (handled !== 'answered') upstream.write(packet);
        }
      });
    });
  }

  /** Whether the packet was failed (and how) instead of being forwarded. */
  private intercept(
    packet: Buffer,
    client: Socket,
    upstream: Socket,
    closeBoth: () => void,
  ): 'dropped' | 'answered' | null {
    // A command starts a sequence (0); COM_QUERY is 0x03 followed by the SQL text.
    if (packet[3] !== 0 || packet[4] !== 0x03) return null;
    const sql = packet.subarray(5).toString('utf8');
    this.onQuery?.(sql);
    const primed = this.primed.get(client) ?? new Set<ArmedFault>();
    const armed = this.faults.find(
      (fault) => fault.pattern.test(sql) && (!fault.after || primed.has(fault)),
    );
    for (const fault of this.faults) if (fault.after?.test(sql)) primed.add(fault);
    this.primed.set(client, primed);
    if (!armed) return null;
    this.faults.splice(this.faults.indexOf(armed), 1);
    armed.hit();
    switch (armed.fault) {
      case 'drop':
        closeBoth();
        return 'dropped';
      case 'lose-answer':
        this.ending.add(upstream);
        upstream.end(packet); // the server gets it; its answer finds the client gone
        client.destroy();
        return 'dropped';
      case 'deadlock':
        client.write(
          errorPacket(
            1,
            1213,
            '40001',
            'Deadlock found when trying to get lock; try restarting transaction',
          ),
        );
        return 'answered';
    }
  }
}

/** A MySQL ERR packet (protocol 4.1), as the server sends for a failed statement. */
function errorPacket(sequence: number, code: number, sqlState: string, message: string): Buffer {
  const payload = Buffer.concat([
    Buffer.from([0xff, code & 0xff, code >> 8]),
    Buffer.from(`#${sqlState}${message}`, 'utf8'),
  ]);
  const header = Buffer.alloc(4);
  header.writeUIntLE(payload.length, 0, 3);
  header[3] = sequence;
  return Buffer.concat([header, payload]);
}

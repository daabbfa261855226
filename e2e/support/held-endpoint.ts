import { createServer, type Server, type ServerResponse } from 'node:http';

/**
 * A local endpoint for http-request agents that answers only when the test says so: their
 * runs stay `running` until then.
 */
export class HeldEndpoint {
  private server!: Server;
  private waiting: ServerResponse[] = [];
  private arrived: (() => void)[] = [];
  url = '';

  async start() {
    this.server = createServer((_req, res) => {
      this.waiting.push(res);
      // A run cancelled meanwhile closes its connection: no longer held.
      res.on('close', () => (this.waiting = this.waiting.filter((r) => r !== res)));
      for (const notify of this.arrived.splice(0)) notify();
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/held`;
  }

  /** Resolves once a request is being held. */
  async held(): Promise<void> {
    if (this.waiting.length === 0) await new Promise<void>((r) => this.arrived.push(r));
  }

  release() {
    for (const res of this.waiting.splice(0)) res.end('{"ok":true}');
  }

  async stop() {
    this.release();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

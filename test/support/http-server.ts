import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Requests received so far (method, path, parsed JSON body). */
  requests: { method: string; path: string; body: unknown }[];
  /** Requests whose connection was closed by the client before an answer. */
  aborted: number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: unknown) => void;

/** An HTTP server on 127.0.0.1 (never anything else) for outbound tests. */
export async function startLocalServer(handler: Handler): Promise<LocalServer> {
  const state: LocalServer = { url: '', requests: [], aborted: 0, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // keep the text
      }
      state.requests.push({ method: req.method ?? '', path: req.url ?? '', body });
      res.on('close', () => {
        if (!res.writableFinished) state.aborted++;
      });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import { startLocalServer, type LocalServer } from './http-server';

const EXAMPLES = join(__dirname, '..', '..', 'examples', 'workflows');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- agent bodies, read as JSON
type Json = Record<string, any>;

/**
 * An agent body from `examples/workflows/<file>`, with every `https://…example.com` URL of it
 * pointed at `baseUrl` (a local receiver), the path kept.
 */
export function exampleAgent(file: string, baseUrl: string): Json {
  const text = readFileSync(join(EXAMPLES, file), 'utf8');
  return JSON.parse(text.replace(/https:\/\/[a-z.]+\.example\.com/g, baseUrl)) as Json;
}

/** What a receiver got: each request's method, path, headers and parsed body. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * A local HTTP receiver for `http` steps. `answer` picks the status (and optional delay) of
 * the n-th request (0-based); the answer body echoes the request's headers and body.
 */
export async function startReceiver(
  answer: (index: number, received: Received) => { status: number; delayMs?: number } = () => ({
    status: 200,
  }),
): Promise<LocalServer & { received: Received[] }> {
  const received: Received[] = [];
  const server = await startLocalServer((req, res, body) => {
    const entry = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
    const index = received.push(entry) - 1;
    const { status, delayMs } = answer(index, entry);
    const send = () => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ echoed_headers: req.headers, echoed_body: body, index }));
    };
    if (delayMs) setTimeout(send, delayMs);
    else send();
  });
  return Object.assign(server, { received });
}

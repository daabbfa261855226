import { startLocalServer, type LocalServer } from './http-server';

export interface SlowTarget extends LocalServer {
  /** Requests being held right now (of those whose path starts with `prefix`). */
  inFlight(prefix?: string): number;
  /** The most requests held at once so far (of those whose path starts with `prefix`). */
  maxInFlight(prefix?: string): number;
}

/**
 * A slow HTTP target on 127.0.0.1: answers every request `delayMs` after it arrived, with
 * `{"ok":true}`, and counts the requests it holds at once, in all and per first path segment
 * (`/a/…` under `/a`): a run waiting on it shows there.
 */
export async function startSlowTarget(delayMs: number): Promise<SlowTarget> {
  const now = new Map<string, number>();
  const most = new Map<string, number>();
  const count = (key: string, delta: number) => {
    const value = (now.get(key) ?? 0) + delta;
    now.set(key, value);
    most.set(key, Math.max(most.get(key) ?? 0, value));
  };
  const server = await startLocalServer((req, res) => {
    const keys = ['', `/${(req.url ?? '/').split('/')[1]}`];
    for (const key of keys) count(key, 1);
    const done = () => keys.forEach((key) => count(key, -1));
    const timer = setTimeout(() => {
      done();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }, delayMs);
    res.on('close', () => {
      if (res.writableFinished) return;
      clearTimeout(timer);
      done();
    });
  });
  return Object.assign(server, {
    inFlight: (prefix = '') => now.get(prefix) ?? 0,
    maxInFlight: (prefix = '') => most.get(prefix) ?? 0,
  });
}

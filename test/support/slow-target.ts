import { startLocalServer, type LocalServer } from './http-server';

export interface SlowTarget extends LocalServer {
  /** Requests being held right now. */
  inFlight(): number;
  /** The most requests held at once so far. */
  maxInFlight(): number;
}

/**
 * A slow HTTP target on 127.0.0.1: answers every request `delayMs` after it arrived, with
 * `{"ok":true}`, and counts the requests it holds at once (a run waiting on it shows there).
 */
export async function startSlowTarget(delayMs: number): Promise<SlowTarget> {
  let inFlight = 0;
  let max = 0;
  const server = await startLocalServer((_req, res) => {
    inFlight++;
    max = Math.max(max, inFlight);
    const timer = setTimeout(() => {
      inFlight--;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }, delayMs);
    res.on('close', () => {
      if (res.writableFinished) return;
      clearTimeout(timer);
      inFlight--;
    });
  });
  return Object.assign(server, { inFlight: () => inFlight, maxInFlight: () => max });
}

import { startLocalServer, type LocalServer } from './http-server';

/** One request the in-flight receiver saw: its key, when it came and when it was answered. */
export interface FlightRecord {
  key: string;
  n: number | null;
  startedAt: number;
  endedAt: number;
}

/**
 * An HTTP target for flow control tests: answers each request after `delayMs`, counting the
 * requests in flight per key (the body's `customer`, or `null`) and the most seen at once.
 */
export async function startFlightReceiver(delayMs = 150): Promise<
  LocalServer & {
    inFlight: Map<string, number>;
    most: Map<string, number>;
    mostOverall: () => number;
    flights: FlightRecord[];
  }
> {
  const inFlight = new Map<string, number>();
  const most = new Map<string, number>();
  const flights: FlightRecord[] = [];
  let overall = 0;
  let mostOverall = 0;
  const server = await startLocalServer((_req, res, body) => {
    const input = (body ?? {}) as { customer?: unknown; n?: unknown };
    const key = typeof input.customer === 'string' ? input.customer : 'null';
    const now = (inFlight.get(key) ?? 0) + 1;
    inFlight.set(key, now);
    most.set(key, Math.max(most.get(key) ?? 0, now));
    overall++;
    mostOverall = Math.max(mostOverall, overall);
    const record: FlightRecord = {
      key,
      n: typeof input.n === 'number' ? input.n : null,
      startedAt: Date.now(),
      endedAt: 0,
    };
    flights.push(record);
    setTimeout(() => {
      inFlight.set(key, (inFlight.get(key) ?? 1) - 1);
      overall--;
      record.endedAt = Date.now();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    }, delayMs);
  });
  return Object.assign(server, { inFlight, most, mostOverall: () => mostOverall, flights });
}

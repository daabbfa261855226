import type { Server } from 'node:http';
import type { AppConfig } from '../config/configuration';

/**
 * The connection timeouts of one listener (both listeners get the same):
 *
 * - `keepAliveTimeout` (KEEP_ALIVE_TIMEOUT_MS, 65 s): how long an idle keep-alive connection
 *   stays open. Node's default, 5 s, is shorter than the idle timeout of the load balancers
 *   in front (60 s on AWS ALB, 75 s on nginx's upstream keepalive): they would reuse a
 *   connection the service has just closed and answer 502 (a client whose event loop stalls
 *   past the 5 s meets the same race: "fetch failed", see docs/decisions/0009-connection-timeouts.md). The balancer's timeout must be the shorter one, so that it closes idle
 *   connections, not the service.
 * - `requestTimeout` (REQUEST_TIMEOUT_MS, 30 s): how long a request's headers and body may take
 *   to arrive, counted from its first byte; a slower client (one byte at a time) gets 408
 *   `request_timeout` and the connection is closed (`answerUnparsableRequests`). Time spent
 *   idle between requests on a keep-alive connection does not count, nor the time the service
 *   takes to answer (a synchronous trigger may wait SYNC_WAIT_MS).
 * - `headersTimeout`: the same bound for the headers alone. Node (18 and later) starts it at
 *   a request's first byte, not when the connection goes idle, so it need not exceed the
 *   keep-alive timeout (the advice for Node 12-16); Node refuses one above requestTimeout.
 * - `connectionsCheckingInterval`: how often Node looks for requests past those bounds (its
 *   default, 30 s, would let a request run up to twice REQUEST_TIMEOUT_MS).
 *
 * Must run before `listen()`: Node reads the checking interval when the server starts
 * listening.
 */
export function applyHttpTimeouts(
  server: Server,
  config: Pick<AppConfig, 'keepAliveTimeoutMs' | 'requestTimeoutMs'>,
): void {
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  server.requestTimeout = config.requestTimeoutMs;
  server.headersTimeout = config.requestTimeoutMs;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    connectionsCheckingInterval(config.requestTimeoutMs);
}

/** A tenth of the request timeout, between 50 ms and 1 s: a request is cut within 10 % late. */
export function connectionsCheckingInterval(requestTimeoutMs: number): number {
  return Math.min(1000, Math.max(50, Math.floor(requestTimeoutMs / 10)));
}

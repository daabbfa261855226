import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { ServerResponse, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CODES, ErrorCode } from './error-codes';
import { EnvelopeFlavour, errorBody, sendError } from './error-envelope';
import { flavourOf } from './listener';

/**
 * Security headers (helmet) on every response of both listeners. API and webhook answers are
 * JSON that no browser should render, frame or load as a script: the strictest policy
 * (`default-src 'none'; frame-ancestors 'none'`). The documentation pages under `/docs`
 * (Swagger UI, error pages) get helmet's default policy, which lets them load their own
 * scripts, styles and `data:` images, without `upgrade-insecure-requests` (it would send a
 * browser reading the docs over plain http, as on localhost, to https for the assets). The
 * dashboard under `/dashboard` loads only its own files: no inline script or style, no other
 * host, no framing at all (`frame-ancestors 'none'` and `X-Frame-Options: DENY`); which paths
 * are the dashboard's, the dashboard module says (`isDashboardPath`).
 *
 * API and webhook answers are also `Cache-Control: no-store`: they hold an account's data, and
 * some show a secret once; no browser or proxy should keep them (a route may set its own, as
 * `GET /` does). They carry no `ETag` either (setupListeners).
 */
export function securityHeaders(isDashboardPath: (path: string) => boolean): RequestHandler {
  const api = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
  });
  const docs = helmet({
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
  });
  const dashboard = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
  });
  const json = (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    api(req, res, next);
  };
  return (req: Request, res: Response, next: NextFunction) =>
    (isDocsPath(req.path) ? docs : isDashboardPath(req.path) ? dashboard : json)(req, res, next);
}

function isDocsPath(path: string): boolean {
  return path === '/docs' || path.startsWith('/docs/');
}

/**
 * Requests Node's HTTP parser refuses before any route sees them (headers over its 16 KiB
 * limit, malformed HTTP, a client too slow to send its headers or body: REQUEST_TIMEOUT_MS)
 * are answered in the error envelope too, instead of Node's bare status line. The connection
 * is closed afterwards.
 */
export function answerUnparsableRequests(
  server: Server,
  flavour: EnvelopeFlavour,
  docsUrl: string,
): void {
  // Node refuses an HTTP/1.1 request without a Host header itself, with a bare 400 and no
  // body, before any listener sees it: `requireHost` (the listener's chain) answers it instead.
  (server as Server & { requireHostHeader: boolean }).requireHostHeader = false;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Only when nothing of a response was written to this connection yet (as Node does).
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const [code, message]: [ErrorCode, string] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? ['headers_too_large', 'The request line and headers are larger than 16 KiB']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? ['request_timeout', 'The request was not received in time']
          : ['invalid_request', 'Malformed HTTP request'];
    const status = ERROR_CODES[code].status;
    const body = JSON.stringify(errorBody(flavour, docsUrl, code, message));
    if (inFlight instanceof ServerResponse) {
      // The request reached the application (its body was still arriving: REQUEST_TIMEOUT_MS
      // or a malformed chunk): answer through its response, so that it carries the request
      // id and the security headers and is logged and counted with its status. The body
      // reader (express.raw) then sees the request close and never calls back.
      inFlight.shouldKeepAlive = false;
      inFlight.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        Connection: 'close',
      });
      inFlight.end(body, () => socket.destroy());
      return;
    }
    socket.end(
      `HTTP/1.1 ${status} ${ERROR_CODES[code].title}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}

/**
 * HTTP/1.1 requires a Host header (RFC 9112 §3.2): a request without one is 400
 * `invalid_request` in the listener's envelope, and the connection is closed, as Node did.
 */
export function requireHost(docsUrl: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.headers.host !== undefined || req.httpVersion !== '1.1') return next();
    res.setHeader('Connection', 'close');
    sendError(res, flavourOf(req), docsUrl, 'invalid_request', 'The Host header is required');
  };
}

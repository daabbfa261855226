import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import {
  OutboundClient,
  isAddressNotAllowed,
  parseOutboundUrl,
} from '../../common/outbound/outbound-policy';
import { APP_CONFIG, type AppConfig } from '../../config/configuration';
import { callbackHeaders } from './callback-signer';
import type { TraceContext } from '../../tracing/tracing';

/**
 * What went wrong with one attempt, as shown in `error` of `GET /v2/executions/:id/deliveries`.
 * `address_not_allowed` and `invalid_url` are final; the others are retried.
 */
export type AttemptError =
  | 'http_error'
  | 'timeout'
  | 'network_error'
  | 'address_not_allowed'
  | 'invalid_url'
  | 'signing_failed'
  | 'endpoint_disabled';

export interface AttemptOutcome {
  /** The receiver's status code, or null when no response came. */
  statusCode: number | null;
  /** Null when the receiver answered 2xx. */
  error: AttemptError | null;
  /** Whether another attempt could succeed (false for refused targets). */
  retryable: boolean;
  durationMs: number;
  /** The start of the receiver's answer body as text (at most 1 KiB), or null. */
  responseExcerpt?: string | null;
}

/** How much of an answer is kept as its excerpt. */
const EXCERPT_BYTES = 1024;

/** How much of a receiver's response body is read (and discarded) before the socket is dropped. */
const RESPONSE_READ_LIMIT = 64 * 1024;
const USER_AGENT = 'AgentAutomationService-Webhooks/2';

/**
 * Sends one callback attempt: POST of the body with the callback headers (docs/api.md, Outgoing
 * webhooks (callbacks)) through the outbound policy (http(s) only; private addresses refused unless
 * OUTBOUND_ALLOW_PRIVATE), within CALLBACK_TIMEOUT_MS for connect, headers and body together.
 * Redirects are not followed: a 3xx is a non-2xx answer like any other.
 */
@Injectable()
export class CallbackSender implements OnApplicationShutdown {
  private readonly client: OutboundClient;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.client = new OutboundClient({
      allowPrivate: config.outboundAllowPrivate,
      connectTimeoutMs: config.callbackTimeoutMs,
    });
  }

  /**
   * One attempt. When `abort` fires (shutdown) the request is cut and the result is null:
   * no outcome to record, the delivery is simply sent again later. `trace` (tracing on): the
   * delivery span's context, the parent of the request's client span.
   */
  async send(
    attempt: {
      id: string;
      url: string;
      body: string;
      secret: string | null;
      previousSecrets?: readonly string[];
    },
    abort?: AbortSignal,
    trace?: TraceContext,
  ): Promise<AttemptOutcome | null> {
    const started = performance.now();
    const outcome = (statusCode: number | null, error: AttemptError | null, retryable = true) => ({
      statusCode,
      error,
      retryable: error !== null && retryable,
      durationMs: Math.round(performance.now() - started),
    });

    let url: URL;
    try {
      url = parseOutboundUrl(attempt.url);
    } catch (error) {
      return outcome(
        null,
        isAddressNotAllowed(error) ? 'address_not_allowed' : 'invalid_url',
        false,
      );
    }
    const headers = callbackHeaders({
      id: attempt.id,
      timestamp: Math.floor(Date.now() / 1000),
      body: attempt.body,
      secret: attempt.secret,
      previousSecrets: attempt.previousSecrets,
    });
    headers['user-agent'] = USER_AGENT;

    const timeoutMs = this.config.callbackTimeoutMs;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const cut = () => timeout.abort();
    abort?.addEventListener('abort', cut);
    try {
      const response = await this.client.request(url, {
        method: 'POST',
        headers,
        body: attempt.body,
        signal: timeout.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        trace,
      });
      // The status decides; the body is drained (bounded) to free the connection, its start
      // kept as the attempt's excerpt.
      const responseExcerpt = await readExcerpt(response.body);
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return { ...outcome(response.statusCode, ok ? null : 'http_error'), responseExcerpt };
    } catch (error) {
      if (isAddressNotAllowed(error)) return outcome(null, 'address_not_allowed', false);
      if (abort?.aborted) return null;
      if (timeout.signal.aborted || isTimeout(error)) return outcome(null, 'timeout');
      return outcome(null, 'network_error');
    } finally {
      clearTimeout(timer);
      abort?.removeEventListener('abort', cut);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

/**
 * The first EXCERPT_BYTES of a body as text (null when empty); reads at most
 * RESPONSE_READ_LIMIT bytes, then drops the connection. A body cut by a timeout keeps what came.
 */
async function readExcerpt(body: AsyncIterable<Buffer>): Promise<string | null> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let read = 0;
  try {
    for await (const chunk of body) {
      if (kept < EXCERPT_BYTES) {
        chunks.push(chunk);
        kept += chunk.length;
      }
      read += chunk.length;
      if (read > RESPONSE_READ_LIMIT) break; // leaving the loop destroys the stream
    }
  } catch {
    // Cut or timed out: what came is the excerpt.
  }
  const text = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
  return text.length > 0 ? text : null;
}

/** undici's own timeouts (connect, headers, body) by their error codes. */
function isTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (
      code === 'UND_ERR_CONNECT_TIMEOUT' ||
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_BODY_TIMEOUT' ||
      code === 'ETIMEDOUT'
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

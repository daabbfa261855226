import { failedAnswer } from '../common/outbound/failed-answer';
import type { Dispatcher } from 'undici';
import { Inject, OnModuleDestroy, applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Matches, Max, Min } from 'class-validator';
import { jsonTextTooDeep, MAX_JSON_DEPTH } from '../common/json-depth';
import {
  OutboundClient,
  isAddressNotAllowed,
  ADDRESS_NOT_ALLOWED,
} from '../common/outbound/outbound-policy';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { AgentKind, AgentKindHandler, RunContext, RunFailure } from './agent-kind';
import { ConfigCheck, type ConfigProblem, Normalize } from './kind-config';
import { HEADER_NAME, TRANSPORT_HEADERS } from '../common/outbound/headers';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Response bodies are kept up to this many bytes; the rest is cut. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
export const DEFAULT_TIMEOUT_MS = 10_000;
const TIMEOUT_MS_MIN = 100;
const TIMEOUT_MS_MAX = 600_000;
function urlProblem(value: unknown): ConfigProblem {
  if (typeof value !== 'string' || value === '') return 'url is required (an http or https URL)';
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return 'url must be an absolute http or https URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return 'url must use http or https';
  }
  if (value.length > 2048) return 'url must be at most 2048 characters';
  return undefined;
}

/** HEADER_NAME without the transport headers, for the document (a letter matches either case). */
const HEADER_NAME_PATTERN = `^(?!(?:${[...TRANSPORT_HEADERS]
  .map((name) => name.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`))
  .join('|')})$)${HEADER_NAME.source.slice(1)}`;

function headersProblem(value: unknown): ConfigProblem {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return 'headers must be an object of strings';
  }
  for (const [name, headerValue] of Object.entries(value)) {
    if (!HEADER_NAME.test(name)) return { path: name, message: 'invalid header name' };
    if (TRANSPORT_HEADERS.has(name.toLowerCase())) {
      return { path: name, message: `the ${name} header cannot be set` };
    }
    if (typeof headerValue !== 'string' || /[\r\n\0]/.test(headerValue)) {
      return { path: name, message: 'a header value must be a string without line breaks' };
    }
  }
  return undefined;
}

/** A copy of valid headers, made by assignment: a "__proto__" header is dropped, not stored. */
function copyHeaders(headers: Record<string, string>): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) copy[name] = value;
  return copy;
}

/** `timeout_ms`: an integer number of milliseconds within bounds (checked in this order). */
const TimeoutField = () => {
  const message = `timeout_ms must be an integer between ${TIMEOUT_MS_MIN} and ${TIMEOUT_MS_MAX}`;
  return applyDecorators(
    IsInt({ message }),
    Min(TIMEOUT_MS_MIN, { message }),
    Max(TIMEOUT_MS_MAX, { message }),
  );
};

/**
 * The config of an `http-request` agent. Its fields are checked in this order (the first
 * failure is the one reported); the defaults are stored with the agent.
 */
export class HttpRequestConfig {
  @ApiProperty({ format: 'uri', maxLength: 2048, description: 'http or https URL' })
  @ConfigCheck(urlProblem)
  url: string;

  @ApiPropertyOptional({ enum: HTTP_METHODS, default: 'POST', description: 'In any case' })
  @Matches(new RegExp(`^(${HTTP_METHODS.join('|')})$`, 'i'), {
    message: `method must be one of: ${HTTP_METHODS.join(', ')}`,
  })
  @Normalize((method: string) => method.toUpperCase())
  method: HttpMethod = 'POST';

  @ApiPropertyOptional({
    type: 'integer',
    minimum: TIMEOUT_MS_MIN,
    maximum: TIMEOUT_MS_MAX,
    default: DEFAULT_TIMEOUT_MS,
  })
  @TimeoutField()
  timeout_ms: number = DEFAULT_TIMEOUT_MS;

  @ApiPropertyOptional({
    type: 'object',
    // Names: HTTP tokens, not a transport header in any case (`propertyNames`: a JSON Schema
    // keyword @nestjs/swagger passes through, untyped).
    ...{ propertyNames: { pattern: HEADER_NAME_PATTERN } },
    additionalProperties: { type: 'string', pattern: '^[^\\r\\n\\u0000]*$' },
    description: `Extra request headers (not ${[...TRANSPORT_HEADERS].join(', ')}: the connection's own)`,
  })
  @ConfigCheck(headersProblem)
  @Normalize(copyHeaders)
  headers: Record<string, string> = {};
}

/** Where a request goes, without query or credentials (for logs). */
function describeTarget(method: string, url: string): string {
  const parsed = new URL(url);
  return `${method} ${parsed.origin}${parsed.pathname}`;
}

/**
 * `http-request`: sends the input as JSON to the configured URL through the
 * outbound policy (docs/api.md, Outgoing webhooks (callbacks)), and returns `{status_code, body}`.
 */
@AgentKind({
  name: 'http-request',
  description:
    'Sends the input as JSON to a URL and returns the status code and the response body.',
  config: HttpRequestConfig,
})
export class HttpRequestKind implements AgentKindHandler<HttpRequestConfig>, OnModuleDestroy {
  private readonly client: OutboundClient;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = new OutboundClient({ allowPrivate: config.outboundAllowPrivate });
  }

  async onModuleDestroy(): Promise<void> {
    await this.client.close({ destroy: true });
  }

  async run(
    input: Record<string, unknown>,
    ctx: RunContext<HttpRequestConfig>,
  ): Promise<Record<string, unknown>> {
    const config = ctx.config;
    const target = describeTarget(config.method, config.url);
    const timeout = AbortSignal.timeout(config.timeout_ms);
    const signal = AbortSignal.any([ctx.signal, timeout]);
    const started = Date.now();
    ctx.log('info', `Sending ${target}`);
    // A crash while the request is out then leaves this attempt's log for the next to follow.
    await ctx.saveLog?.();
    try {
      const response = await this.client.request(config.url, {
        method: config.method,
        headers: requestHeaders(config.headers),
        body: config.method === 'GET' ? undefined : JSON.stringify(input),
        signal,
        trace: ctx.trace,
      });
      const { text, truncated } = await readCapped(response.body);
      const elapsed = Date.now() - started;
      if (truncated) ctx.log('warn', `Response body cut at ${MAX_RESPONSE_BYTES} bytes`);
      if (response.statusCode >= 400) {
        throw new RunFailure(
          'http_error',
          `${target} answered HTTP ${response.statusCode} after ${elapsed} ms`,
          undefined,
          failedAnswer(response.statusCode, response.headers, text, truncated),
        );
      }
      ctx.log('info', `Answered HTTP ${response.statusCode} in ${elapsed} ms`);
      const type = String(response.headers['content-type'] ?? '');
      return { status_code: response.statusCode, body: parseBody(text, type, truncated) };
    } catch (error) {
      if (error instanceof RunFailure) throw error;
      // Cancel or the agent's own timeout: the runner decides what that means.
      if (ctx.signal.aborted) throw error;
      if (timeout.aborted) {
        throw new RunFailure('timeout', `${target} did not answer within ${config.timeout_ms} ms`);
      }
      if (isAddressNotAllowed(error)) {
        throw new RunFailure(
          ADDRESS_NOT_ALLOWED,
          `${target}: the target address is not allowed by the outbound policy`,
        );
      }
      throw new RunFailure('network_error', `${target} failed: ${describeNetworkError(error)}`);
    }
  }
}

/** The configured headers (names lowercased), JSON content type unless configured. */
function requestHeaders(configured: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const [name, value] of Object.entries(configured)) headers[name.toLowerCase()] = value;
  return headers;
}

/** Reads a body up to MAX_RESPONSE_BYTES, then stops reading (the rest is discarded). */
async function readCapped(
  body: Dispatcher.ResponseData['body'],
): Promise<{ text: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    if (size + buffer.length > MAX_RESPONSE_BYTES) {
      chunks.push(buffer.subarray(0, MAX_RESPONSE_BYTES - size));
      size = MAX_RESPONSE_BYTES;
      truncated = true;
      break;
    }
    chunks.push(buffer);
    size += buffer.length;
  }
  if (truncated) body.destroy();
  return { text: new TextDecoder().decode(Buffer.concat(chunks, size)), truncated };
}

/**
 * JSON when the response says so and it parses (a cut body stays text, and so does one nested
 * too deeply to be stored as the output's `body`); otherwise text.
 */
function parseBody(text: string, contentType: string, truncated: boolean): unknown {
  const mime = contentType.split(';')[0].trim().toLowerCase();
  const json =
    mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
  if (json && !truncated && !jsonTextTooDeep(Buffer.from(text), MAX_JSON_DEPTH - 1)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function describeNetworkError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const detail =
    typeof code === 'string' ? code : typeof cause?.code === 'string' ? cause.code : '';
  const message = error instanceof Error ? error.message : String(error);
  return detail && !message.includes(detail) ? `${detail}: ${message}` : message;
}

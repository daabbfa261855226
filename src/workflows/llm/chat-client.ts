import { isAddressNotAllowed } from '../../common/outbound/outbound-policy';
import type { Clock, HttpClient, HttpResponse } from '../context';
import { StepError, WorkflowErrorCode } from '../errors';
import { retryAfterMs } from '../http/response';
import { tracing, type TraceContext } from '../../tracing/tracing';

/** One message of an OpenAI-compatible chat. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: ChatToolCall[];
  tool_call_id?: string;
}

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
  response_format?: unknown;
  tools?: unknown[];
}

export interface ChatAnswer {
  content: string | null;
  refusal: string | null;
  toolCalls: ChatToolCall[];
  finishReason: string | null;
  promptTokens: number;
  completionTokens: number;
}

/** Where the requests go: `{baseUrl}/chat/completions`, with `apiKey` as a bearer token. */
export interface ChatEndpoint {
  baseUrl: string;
  apiKey: string | null;
  http: HttpClient;
}

/** Retries of a 429 or 5xx within one attempt of the step (as the providers' SDKs do). */
export const MODEL_RETRIES = 2;
/** Delay before a retry when the answer names none: 0.5 s, then 1 s. */
const RETRY_BASE_MS = 500;
/** A longer `Retry-After` fails the attempt; the step's `retry` may then wait that long. */
const MAX_RETRY_AFTER_MS = 60_000;
/** The largest answer read (an answer is text and a few tool calls). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * `POST {baseUrl}/chat/completions` with retries of 429 and 5xx honouring `Retry-After`
 * (MODEL_RETRIES at most). Throws StepError `llm_error` for an unreachable provider or an
 * error answer, `address_not_allowed` for a `base_url` the outbound policy refuses; an aborted
 * signal (cancel, the step's timeout) rejects with its reason. Nothing of the request or the
 * answer is logged here.
 */
export function chatCompletion(
  endpoint: ChatEndpoint,
  request: ChatRequest,
  options: { signal: AbortSignal; clock: Clock; trace?: TraceContext },
): Promise<ChatAnswer> {
  const traces = tracing();
  if (!traces) return chatCompletionUntraced(endpoint, request, options);
  // Tracing on: the model call's span (`gen_ai.*`, child of the step's `trace`), around its
  // HTTP request(s), which are its children.
  return traces.modelCall(
    { provider: providerOf(endpoint.baseUrl), model: request.model },
    options.trace,
    async (span, trace) => {
      const answer = await chatCompletionUntraced(endpoint, request, { ...options, trace });
      span.usage(
        answer.promptTokens,
        answer.completionTokens,
        undefined,
        answer.finishReason ?? undefined,
      );
      return answer;
    },
  );
}

/** `gen_ai.provider.name`: `openai` for its API, else the host that answers. */
function providerOf(baseUrl: string): string {
  try {
    const host = new URL(baseUrl).hostname;
    return host === 'api.openai.com' ? 'openai' : host;
  } catch {
    return 'openai';
  }
}

async function chatCompletionUntraced(
  endpoint: ChatEndpoint,
  request: ChatRequest,
  options: { signal: AbortSignal; clock: Clock; trace?: TraceContext },
): Promise<ChatAnswer> {
  const url = `${endpoint.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const target = `POST ${describe(url)}`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  const body = JSON.stringify(request);
  for (let retry = 0; ; retry++) {
    let response: HttpResponse;
    try {
      response = await endpoint.http.request({
        url,
        method: 'POST',
        headers,
        body,
        signal: options.signal,
        maxBodyBytes: MAX_ANSWER_BYTES,
        trace: options.trace,
      });
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason;
      if (isAddressNotAllowed(error)) {
        throw new StepError(
          WorkflowErrorCode.addressNotAllowed,
          `${target}: the target address is not allowed by the outbound policy`,
        );
      }
      throw new StepError(
        WorkflowErrorCode.llmError,
        `${target} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (response.status === 429 || response.status >= 500) {
      const wait = retryAfterMs(response.headers['retry-after'], options.clock.now());
      if (retry < MODEL_RETRIES && (wait === undefined || wait <= MAX_RETRY_AFTER_MS)) {
        await options.clock.sleep(wait ?? RETRY_BASE_MS * 2 ** retry, options.signal);
        continue;
      }
      throw new StepError(
        WorkflowErrorCode.llmError,
        `${target} answered HTTP ${response.status}${providerMessage(response)} (after ${retry} retries)`,
        { retryAfterMs: wait },
      );
    }
    if (response.status >= 400 || response.truncated) {
      throw new StepError(
        WorkflowErrorCode.llmError,
        `${target} answered HTTP ${response.status}${providerMessage(response)}`,
      );
    }
    return parseAnswer(response, target);
  }
}

function parseAnswer(response: HttpResponse, target: string): ChatAnswer {
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    throw new StepError(
      WorkflowErrorCode.llmError,
      `${target} answered with a body that is not JSON`,
    );
  }
  const choice = (json as { choices?: unknown[] })?.choices?.[0] as
    { message?: Record<string, unknown>; finish_reason?: unknown } | undefined;
  const message = choice?.message;
  if (!message || typeof message !== 'object') {
    throw new StepError(
      WorkflowErrorCode.llmError,
      `${target} answered without choices[0].message`,
    );
  }
  const usage = (json as { usage?: Record<string, unknown> }).usage ?? {};
  const toolCalls = Array.isArray(message.tool_calls)
    ? (message.tool_calls as ChatToolCall[]).filter(
        (call) =>
          call &&
          typeof call.id === 'string' &&
          typeof call.function?.name === 'string' &&
          typeof call.function?.arguments === 'string',
      )
    : [];
  return {
    content: typeof message.content === 'string' ? message.content : null,
    refusal: typeof message.refusal === 'string' && message.refusal ? message.refusal : null,
    toolCalls: toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.function.name, arguments: call.function.arguments },
    })),
    finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : null,
    promptTokens: count(usage.prompt_tokens),
    completionTokens: count(usage.completion_tokens),
  };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : 0;
}

/** `: <the provider's error.message>` (short), or nothing. */
function providerMessage(response: HttpResponse): string {
  try {
    const message = (JSON.parse(response.body) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string' && message !== '') return `: ${message.slice(0, 300)}`;
  } catch {
    // not JSON
  }
  return '';
}

function describe(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

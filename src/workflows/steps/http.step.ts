import { failedAnswer } from '../../common/outbound/failed-answer';
import { isAddressNotAllowed } from '../../common/outbound/outbound-policy';
import { ConfigValidationError } from '../../kinds/agent-kind';
import type { HttpResponse } from '../context';
import { StepError, WorkflowErrorCode } from '../errors';
import { childPath, type CompiledValue } from '../expressions/value';
import { compileHeaders, resolveHeaders, type CompiledHeaders } from '../http/header-values';
import { describeTarget, isHttpUrl, parseBody, retryAfterMs } from '../http/response';
import { MAX_OUTPUT_BYTES } from '../output';
import type { CompileContext, StepContext, StepType } from '../step-type';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface HttpBody {
  url: CompiledValue;
  method: string;
  headers: CompiledHeaders;
  body?: CompiledValue;
}

/**
 * `http`: sends a request through the outbound policy (docs/api.md, Outgoing webhooks (callbacks))
 * and outputs `{status_code, headers, body}`; a status ≥ 400 fails with `http_error` (its
 * `Retry-After` honoured by retries). Every attempt carries
 * `Idempotency-Key: <execution id>:<step id>`.
 */
export class HttpStep implements StepType<HttpBody> {
  readonly type = 'http';
  readonly fields = ['url', 'method', 'headers', 'body'];
  readonly pure = false;
  readonly defaultTimeoutMs = 10_000;

  compile(raw: Record<string, unknown>, path: string, context: CompileContext): HttpBody {
    const urlPath = childPath(path, 'url');
    if (raw.url === undefined) throw new ConfigValidationError(urlPath, 'url is required');
    const url = context.value(raw.url, urlPath);
    if (url.constant && typeof raw.url !== 'string') {
      throw new ConfigValidationError(urlPath, 'url must be an http or https URL');
    }
    if (url.constant && !isHttpUrl(raw.url as string)) {
      throw new ConfigValidationError(urlPath, 'url must be an absolute http or https URL');
    }
    const method =
      typeof raw.method === 'string' ? raw.method.toUpperCase() : (raw.method ?? 'POST');
    if (typeof method !== 'string' || !METHODS.includes(method)) {
      throw new ConfigValidationError(
        childPath(path, 'method'),
        `method must be one of ${METHODS.join(', ')}`,
      );
    }
    const headers = compileHeaders(raw.headers, childPath(path, 'headers'), context.sandbox);
    const body =
      raw.body === undefined ? undefined : context.value(raw.body, childPath(path, 'body'));
    return { url, method, headers, body };
  }

  async run(step: HttpBody, context: StepContext): Promise<unknown> {
    const url = await context.evaluate(step.url);
    if (typeof url !== 'string' || !isHttpUrl(url)) {
      throw new StepError(
        WorkflowErrorCode.expressionError,
        'url must evaluate to an http or https URL',
      );
    }
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...(await resolveHeaders(step.headers, context)),
      'idempotency-key': `${context.execution.id}:${context.recordId}`,
    };
    const payload = step.body === undefined ? undefined : await context.evaluate(step.body);
    const target = describeTarget(step.method, url);
    const started = context.clock.now();
    let response: HttpResponse;
    try {
      response = await context.idle(() =>
        context.http.request({
          url,
          method: step.method,
          headers,
          body:
            step.method === 'GET' || payload === undefined ? undefined : JSON.stringify(payload),
          signal: context.signal,
          maxBodyBytes: MAX_OUTPUT_BYTES,
          trace: context.trace,
        }),
      );
    } catch (error) {
      // Cancel or the step's timeout: the runner decides what that means.
      if (context.signal.aborted || error instanceof StepError) throw error;
      if (isAddressNotAllowed(error)) {
        throw new StepError(
          WorkflowErrorCode.addressNotAllowed,
          `${target}: the target address is not allowed by the outbound policy`,
        );
      }
      const message = error instanceof Error ? error.message : String(error);
      throw new StepError(WorkflowErrorCode.networkError, `${target} failed: ${message}`);
    }
    const elapsed = context.clock.now() - started;
    if (response.status >= 400) {
      throw new StepError(
        WorkflowErrorCode.httpError,
        `${target} answered HTTP ${response.status}`,
        {
          retryAfterMs: retryAfterMs(response.headers['retry-after'], context.clock.now()),
          response: failedAnswer(
            response.status,
            response.headers,
            response.body,
            response.truncated,
          ),
          elapsedMs: elapsed,
        },
      );
    }
    if (response.truncated) {
      throw new StepError(
        WorkflowErrorCode.outputTooLarge,
        `${target} answered with a body larger than ${MAX_OUTPUT_BYTES} bytes`,
      );
    }
    context.logger.log('info', `${target} answered HTTP ${response.status} in ${elapsed} ms`, {
      step: context.recordId,
    });
    return { status_code: response.status, headers: response.headers, body: parseBody(response) };
  }
}

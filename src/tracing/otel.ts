import {
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';

export const DEFAULT_SERVICE_NAME = 'agent-automation-service';
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** What an execution's spans are about. */
export interface TracedExecution {
  id: string;
  agentId: string;
  accountId: string;
  agentKind: string;
  attempts: number;
  traceParent: string | null;
}

/**
 * The OpenTelemetry side of tracing, loaded only when it is on (tracing.ts): a
 * NodeTracerProvider with a batching OTLP/HTTP exporter (`http/protobuf`, or `http/json`) and the
 * W3C trace context propagator. No context manager is registered: every span is started with
 * the parent `Context` its caller hands over (docs/decisions/0109-explicit-trace-context.md),
 * so no promise hook runs for the promises of the process.
 */
export class OtelTracing {
  private readonly provider: NodeTracerProvider;
  private readonly tracer: Tracer;

  constructor(env: NodeJS.ProcessEnv) {
    const protocol = (
      env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ||
      env.OTEL_EXPORTER_OTLP_PROTOCOL ||
      'http/protobuf'
    ).trim();
    if (protocol !== 'http/protobuf' && protocol !== 'http/json') {
      process.stderr.write(
        `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported: exporting with http/protobuf\n`,
      );
    }
    const exporter = protocol === 'http/json' ? new JsonExporter() : new ProtoExporter();
    const resource = detectResources({ detectors: [envDetector] }).merge(
      resourceFromAttributes({
        'service.name': env.OTEL_SERVICE_NAME || DEFAULT_SERVICE_NAME,
      }),
    );
    this.provider = new NodeTracerProvider({
      resource,
      spanProcessors: [new BatchSpanProcessor(exporter)],
    });
    // The default propagators: W3C trace context (and baggage). `contextManager: null`: none
    // (an AsyncLocalStorage one costs a promise hook on every promise); contexts are passed on.
    this.provider.register({ contextManager: null });
    this.tracer = trace.getTracer('agent-automation-service');
  }

  shutdown(): Promise<void> {
    return this.provider.shutdown();
  }

  /**
   * The server span of an inbound request (REST or webhook), child of its `traceparent` if it
   * carries one; returns its context, which the middleware attaches to the request
   * (`traceContextOf`). Named `METHOD route` once the route is known (`http.route`), when the
   * answer is sent.
   */
  serve(req: Request, res: Response): Context {
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = this.tracer.startSpan(
      req.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': req.method,
          'url.path': req.path,
          'url.scheme': req.protocol,
          'server.address': req.hostname,
        },
      },
      parent,
    );
    res.once('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path;
      if (typeof route === 'string') {
        span.setAttribute('http.route', route);
        span.updateName(`${req.method} ${route}`);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    res.once('close', () => {
      if (!res.writableFinished) span.end();
    });
    return trace.setSpan(parent, span);
  }

  /**
   * The trace context a new execution keeps (`traceparent` text): the span's of `parent` (the
   * request's server span), or a new trace's without one (a bulk retry, a schedule).
   */
  traceParentForNew(parent?: Context): string {
    const span = parent ? trace.getSpanContext(parent) : undefined;
    if (span && trace.isSpanContextValid(span)) {
      return `00-${span.traceId}-${span.spanId}-${span.traceFlags.toString(16).padStart(2, '0')}`;
    }
    return `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`;
  }

  /** One attempt of an execution, in the trace its record keeps; `run` gets its context. */
  async execution<T>(
    execution: TracedExecution,
    run: (context: Context) => Promise<T>,
    statusOf: (result: T) => string,
  ): Promise<T> {
    const span = this.tracer.startSpan(
      `execution ${execution.agentKind}`,
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          'aas.execution.id': execution.id,
          'aas.agent.id': execution.agentId,
          'aas.account.id': execution.accountId,
          'aas.agent.kind': execution.agentKind,
          'aas.execution.attempt': execution.attempts,
        },
      },
      this.parentOf(execution.traceParent),
    );
    return this.within(span, ROOT_CONTEXT, run, (result) => {
      const status = statusOf(result);
      span.setAttribute('aas.execution.status', status);
      if (status === 'failed') span.setStatus({ code: SpanStatusCode.ERROR });
    });
  }

  /**
   * One attempt of an outgoing webhook (a callback or an event), in the trace of the execution
   * it reports (`traceParent`, the context its record keeps); `run` gets the span's context,
   * `errorOf` names a failed attempt.
   */
  delivery<T>(
    traceParent: string | null,
    attempt: {
      event: string;
      deliveryId: string;
      executionId: string | null;
      endpointId: string | null;
      attempt: number;
    },
    run: (context: Context) => Promise<T>,
    errorOf: (result: T) => string | null,
  ): Promise<T> {
    const span = this.tracer.startSpan(
      `deliver ${attempt.event}`,
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          'aas.delivery.id': attempt.deliveryId,
          'aas.delivery.event': attempt.event,
          'aas.delivery.attempt': attempt.attempt,
          ...(attempt.executionId ? { 'aas.execution.id': attempt.executionId } : {}),
          ...(attempt.endpointId ? { 'aas.endpoint.id': attempt.endpointId } : {}),
        },
      },
      traceParent ? this.parentOf(traceParent) : ROOT_CONTEXT,
    );
    return this.within(span, ROOT_CONTEXT, run, (result) => {
      const error = errorOf(result);
      if (error) {
        span.setAttribute('aas.delivery.error', error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: error });
      }
    });
  }

  /**
   * A workflow step, child of `parent` (its execution's span, or the step around it); `run`
   * gets the step's context.
   */
  step<T>(
    id: string,
    type: string,
    parent: Context = ROOT_CONTEXT,
    run: (context: Context) => Promise<T>,
  ): Promise<T> {
    const span = this.tracer.startSpan(
      `step ${id}`,
      { kind: SpanKind.INTERNAL, attributes: { 'aas.step.id': id, 'aas.step.type': type } },
      parent,
    );
    return this.within(span, parent, run);
  }

  /**
   * An outbound HTTP request (http steps, `http-request` agents, model calls, callbacks,
   * events): a client span, child of `parent` (the step's, the execution's, the delivery's
   * context; a trace of its own without one), and `headers` with its `traceparent`.
   */
  async client<T extends { statusCode: number }>(
    method: string,
    url: string | URL,
    headers: Record<string, string | string[] | undefined> | undefined,
    parent: Context = ROOT_CONTEXT,
    send: (headers: Record<string, string | string[] | undefined>) => Promise<T>,
  ): Promise<T> {
    const target = new URL(String(url));
    const span = this.tracer.startSpan(
      method,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': method,
          'url.full': `${target.origin}${target.pathname}`,
          'server.address': target.hostname,
          'server.port': Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
        },
      },
      parent,
    );
    const carrier: Record<string, string> = {};
    propagation.inject(trace.setSpan(parent, span), carrier);
    const withTrace = { ...(headers ?? {}), ...carrier };
    return this.within(
      span,
      parent,
      () => send(withTrace),
      (response) => {
        span.setAttribute('http.response.status_code', response.statusCode);
        if (response.statusCode >= 400) span.setStatus({ code: SpanStatusCode.ERROR });
      },
    );
  }

  /**
   * A model call (an `llm` step's turn), child of `parent` (the step's context), with the
   * `gen_ai.*` attributes; `run` gets the call's context (its HTTP requests' parent).
   */
  modelCall<T>(
    request: { provider: string; model: string },
    parent: Context = ROOT_CONTEXT,
    run: (span: ModelSpan, context: Context) => Promise<T>,
  ): Promise<T> {
    const span = this.tracer.startSpan(
      `chat ${request.model}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.provider.name': request.provider,
          'gen_ai.system': request.provider,
          'gen_ai.request.model': request.model,
        },
      },
      parent,
    );
    const handle: ModelSpan = {
      usage(input, output, model, finishReason) {
        span.setAttribute('gen_ai.usage.input_tokens', input);
        span.setAttribute('gen_ai.usage.output_tokens', output);
        if (model) span.setAttribute('gen_ai.response.model', model);
        if (finishReason) span.setAttribute('gen_ai.response.finish_reasons', [finishReason]);
      },
    };
    return this.within(span, parent, (context) => run(handle, context));
  }

  private parentOf(traceParent: string | null): Context {
    const match = traceParent ? TRACEPARENT.exec(traceParent) : null;
    if (!match) return ROOT_CONTEXT;
    return trace.setSpanContext(ROOT_CONTEXT, {
      traceId: match[1],
      spanId: match[2],
      traceFlags: parseInt(match[3], 16),
      isRemote: true,
    });
  }

  /**
   * Runs `run` with the context of `span` (a child of `parent`'s span: `span`'s own context
   * is `parent` with `span` set), then ends it.
   */
  private async within<T>(
    span: Span,
    parent: Context,
    run: (context: Context) => Promise<T>,
    after?: (result: T) => void,
  ) {
    try {
      const result = await run(trace.setSpan(parent, span));
      after?.(result);
      return result;
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
      throw error;
    } finally {
      span.end();
    }
  }
}

export interface ModelSpan {
  usage(input: number, output: number, model?: string, finishReason?: string): void;
}

import type { IncomingMessage } from 'node:http';
import type { Context } from '@opentelemetry/api';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { OtelTracing } from './otel';

/**
 * A span's context, handed from the caller to what it starts (a request's server span to the
 * execution it creates, an execution's span to its steps, a step's to its HTTP requests).
 * Opaque to the call sites; only types are imported here, so naming it loads nothing. There is
 * no ambient (AsyncLocalStorage) context: a span's parent is always the context given to it
 * (docs/decisions/0109-explicit-trace-context.md).
 */
export type TraceContext = Context;

/** Where a request's server span's context is kept (tracingMiddleware, traceContextOf). */
const TRACE_CONTEXT = Symbol('traceContext');
type Traced = IncomingMessage & { [TRACE_CONTEXT]?: TraceContext };

/**
 * Tracing (docs/operations.md, Tracing): on when `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set, configured by the standard `OTEL_*` variables
 * only. Off, nothing of OpenTelemetry is loaded (`./otel` is required by `startTracing` alone)
 * and every call site tests `tracing()` for null first: no span, no context, no header, no
 * allocation on any request or run.
 */
let active: OtelTracing | null = null;

export function tracing(): OtelTracing | null {
  return active;
}

/** Whether the environment asks for traces. */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
}

/** Starts the exporter when the environment asks for it (once per process). */
export function startTracing(env: NodeJS.ProcessEnv = process.env): OtelTracing | null {
  if (active || !tracingRequested(env)) return active;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on
  const { OtelTracing: Impl } = require('./otel') as typeof import('./otel');
  active = new Impl(env);
  return active;
}

/** Exports what is buffered and stops (the shutdown of the process). */
export async function stopTracing(): Promise<void> {
  const current = active;
  active = null;
  await current?.shutdown();
}

/**
 * The server span's middleware of a listener, or null when tracing is off: the span's context
 * is attached to the request (`traceContextOf`).
 */
export function tracingMiddleware(): RequestHandler | null {
  const current = active;
  if (!current) return null;
  return (req: Request, res: Response, next: NextFunction) => {
    (req as Traced)[TRACE_CONTEXT] = current.serve(req, res);
    next();
  };
}

/** The context of a request's server span; undefined when tracing is off. */
export function traceContextOf(req: IncomingMessage): TraceContext | undefined {
  return (req as Traced)[TRACE_CONTEXT];
}

/** The trace id of a stored trace context (`traceparent`), null without one. */
export function traceIdOf(traceParent: string | null): string | null {
  return traceParent ? traceParent.slice(3, 35) : null;
}

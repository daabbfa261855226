import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { OtelTracing } from './otel';

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

/** The server span's middleware of a listener, or null when tracing is off. */
export function tracingMiddleware(): RequestHandler | null {
  const current = active;
  if (!current) return null;
  return (req: Request, res: Response, next: NextFunction) => current.serve(req, res, next);
}

/** The trace id of a stored trace context (`traceparent`), null without one. */
export function traceIdOf(traceParent: string | null): string | null {
  return traceParent ? traceParent.slice(3, 35) : null;
}

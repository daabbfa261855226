import type { ComponentChildren, JSX } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, type DayStats } from './api';
import { appPath, navigate } from './router';

/** An in-app link: a real <a href> (keyboard, middle click) that navigates without reload. */
export function Link(props: {
  href: string;
  children: ComponentChildren;
  class?: string;
  'aria-current'?: 'page' | undefined;
}) {
  const href = appPath(props.href);
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(props.href);
  };
  return (
    <a href={href} class={props.class} onClick={onClick} aria-current={props['aria-current']}>
      {props.children}
    </a>
  );
}

export function Badge({ status }: { status: string }) {
  return <span class={`badge badge-${status.replace(/[^a-z_]/g, '')}`}>{status}</span>;
}

export function PageHeader(props: {
  title: string;
  subtitle?: ComponentChildren;
  actions?: ComponentChildren;
  back?: { href: string; label: string };
}) {
  return (
    <header class="page-header">
      <div>
        {props.back && (
          <p class="crumb">
            <Link href={props.back.href}>← {props.back.label}</Link>
          </p>
        )}
        <h1>{props.title}</h1>
        {props.subtitle && <p class="muted">{props.subtitle}</p>}
      </div>
      {props.actions && <div class="actions">{props.actions}</div>}
    </header>
  );
}

export function Empty(props: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty">
      <p class="empty-title">{props.title}</p>
      {props.children && <div class="muted">{props.children}</div>}
    </div>
  );
}

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <p class="alert alert-error" role="alert">
      {message}
    </p>
  );
}

export function Notice({ children }: { children: ComponentChildren }) {
  return (
    <p class="alert alert-ok" role="status">
      {children}
    </p>
  );
}

export function Time({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span class="muted">—</span>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={date.toISOString()}>
      {date.toLocaleString(undefined, {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })}
    </time>
  );
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button type="button" class="btn btn-small" onClick={copy} aria-label={`Copy ${label}`}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/** A value shown once (a new key or secret), with a copy button. */
export function SecretOnce(props: { label: string; value: string; children?: ComponentChildren }) {
  return (
    <div class="secret-once" role="status">
      <p>
        <strong>{props.label}</strong> — copy it now: it is shown only once.
      </p>
      <div class="copy-row">
        <code class="secret" data-testid="secret-value">
          {props.value}
        </code>
        <CopyButton text={props.value} label={props.label} />
      </div>
      {props.children}
    </div>
  );
}

export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div class="code-block">
      <div class="code-head">
        <span>{label}</span>
        <CopyButton text={code} label={label} />
      </div>
      <pre tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

export function Json({ value, label }: { value: unknown; label: string }) {
  return (
    <pre class="json" tabIndex={0} aria-label={label}>
      <code>{value === null || value === undefined ? 'null' : JSON.stringify(value, null, 2)}</code>
    </pre>
  );
}

/** A labelled form field with the API's error for that field under it. */
export function Field(props: {
  label: string;
  id: string;
  error?: string;
  hint?: ComponentChildren;
  children: (attrs: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => JSX.Element;
}) {
  const describedBy =
    [props.hint ? `${props.id}-hint` : '', props.error ? `${props.id}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div class={`field${props.error ? ' field-invalid' : ''}`}>
      <label for={props.id}>{props.label}</label>
      {props.children({
        id: props.id,
        'aria-invalid': Boolean(props.error),
        'aria-describedby': describedBy,
      })}
      {props.hint && (
        <p class="hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p class="field-error" id={`${props.id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** The message of a failure for one field, when the API named it. */
export function fieldError(error: unknown, ...fields: string[]): string | undefined {
  if (error instanceof ApiFailure && error.field) {
    for (const field of fields) {
      if (error.field === field || error.field.startsWith(`${field}.`)) return error.message;
    }
  }
  return undefined;
}

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => Promise<void>;
}

/** Loads data on mount and when `deps` change; `reload` fetches again. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const run = useCallback(load, deps);
  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const value = await run();
      if (ticket === latest.current) {
        setData(value);
        setError(undefined);
      }
    } catch (failure) {
      if (ticket === latest.current) setError(failure);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [run]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, loading, reload };
}

/** Runs `tick` every `ms` while `active`. */
/** How often what can change on its own (executions, lists of them) is refreshed: 1 s. */
export const LIVE_REFRESH_MS = 1000;

/**
 * Calls `tick` every `ms` while `active`. The next call is timed from the end of the last
 * one, so a slow answer never stacks requests.
 */
export function useInterval(tick: () => unknown, ms: number, active: boolean): void {
  const saved = useRef(tick);
  saved.current = tick;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(async () => {
        try {
          await saved.current();
        } catch {
          // The tick reports its own errors.
        }
        if (!stopped) schedule();
      }, ms);
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [ms, active]);
}

export function Loading() {
  return (
    <p class="muted loading" role="status">
      Loading…
    </p>
  );
}

/** 14 days of created / completed / failed as grouped bars (SVG, no script, no style attribute). */
export function DailyChart({ data, title }: { data: DayStats[]; title: string }) {
  const width = 700;
  const height = 200;
  const pad = { left: 36, right: 8, top: 10, bottom: 28 };
  const max = Math.max(1, ...data.flatMap((d) => [d.created, d.completed, d.failed]));
  const niceMax = niceCeiling(max);
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const groupW = plotW / Math.max(1, data.length);
  const barW = Math.max(2, (groupW - 6) / 3);
  const y = (value: number) => pad.top + plotH - (value / niceMax) * plotH;
  const totals = data.reduce(
    (sum, d) => ({
      created: sum.created + d.created,
      completed: sum.completed + d.completed,
      failed: sum.failed + d.failed,
    }),
    { created: 0, completed: 0, failed: 0 },
  );
  const summary = `${title}: ${totals.created} created, ${totals.completed} completed, ${totals.failed} failed over ${data.length} days`;
  const ticks = [0, niceMax / 2, niceMax];
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line class="grid" x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} />
            <text class="axis" x={pad.left - 6} y={y(tick) + 4} text-anchor="end">
              {tick}
            </text>
          </g>
        ))}
        {data.map((d, i) => {
          const x0 = pad.left + i * groupW + 3;
          return (
            <g key={d.day}>
              <title>{`${d.day}: ${d.created} created, ${d.completed} completed, ${d.failed} failed`}</title>
              {(['created', 'completed', 'failed'] as const).map((series, j) => (
                <rect
                  key={series}
                  class={`bar bar-${series}`}
                  x={x0 + j * barW}
                  y={y(d[series])}
                  width={Math.max(1, barW - 1)}
                  height={Math.max(0, pad.top + plotH - y(d[series]))}
                />
              ))}
              {(i % 2 === 0 || data.length <= 7) && (
                <text class="axis" x={x0 + (groupW - 6) / 2} y={height - 8} text-anchor="middle">
                  {d.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption class="legend">
        <span class="key key-created">Created {totals.created}</span>
        <span class="key key-completed">Completed {totals.completed}</span>
        <span class="key key-failed">Failed {totals.failed}</span>
      </figcaption>
    </figure>
  );
}

function niceCeiling(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

export function formatPercent(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(1)}%`;
}

import type { ComponentChildren } from 'preact';
import { ApiFailure, errorDocsUrl } from '../api';
import { Link } from './Link';

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
  // An API error links the service's page about its code (what it means, its status).
  const docs = error instanceof ApiFailure ? errorDocsUrl(error.code) : undefined;
  return (
    <p class="alert alert-error" role="alert">
      {message}
      {docs && (
        <>
          {' '}
          <a class="error-docs" href={docs} target="_blank" rel="noopener">
            About <code>{(error as ApiFailure).code}</code>
          </a>
        </>
      )}
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

export function Loading() {
  return (
    <p class="muted loading" role="status">
      Loading…
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

import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

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

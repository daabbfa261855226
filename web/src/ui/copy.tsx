import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

/**
 * Copies `text` through a selected off-screen textarea and `document.execCommand('copy')`:
 * the way that still works where `navigator.clipboard` is missing (plain HTTP on a host other
 * than localhost) or refuses. False when the browser refuses this too.
 */
function copyBySelection(text: string): boolean {
  const buffer = document.createElement('textarea');
  buffer.value = text;
  buffer.readOnly = true;
  buffer.tabIndex = -1;
  buffer.className = 'copy-buffer';
  buffer.setAttribute('aria-hidden', 'true');
  const focused = document.activeElement;
  document.body.append(buffer);
  buffer.select();
  let copied: boolean;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  buffer.remove();
  if (focused instanceof HTMLElement) focused.focus();
  return copied;
}

/** Copies `text` to the clipboard: the Clipboard API, else `copyBySelection`. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, page not focused): try the older way below.
  }
  return copyBySelection(text);
}

/** A copy button; when the browser lets nothing copy, a message says to copy by hand. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    if (await copyText(text)) {
      setState('copied');
      setTimeout(() => setState((now) => (now === 'copied' ? 'idle' : now)), 1500);
    } else {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" class="btn btn-small" onClick={copy} aria-label={`Copy ${label}`}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      {state === 'failed' && (
        <p class="copy-failed" role="alert">
          This browser did not let the page copy the {label}: select it and copy it by hand (Ctrl+C,
          or ⌘C on a Mac).
        </p>
      )}
    </>
  );
}

/**
 * A value shown once (a new key or secret, an invitation link), with a copy button and a
 * button that closes it (`onDone`) once the user has copied it. `intro` replaces the default
 * "copy it now" line; `testId` names the value for the browser tests.
 */
export function SecretOnce(props: {
  label: string;
  value: string;
  onDone: () => void;
  intro?: ComponentChildren;
  testId?: string;
  children?: ComponentChildren;
}) {
  return (
    <div class="secret-once" role="status">
      <p>
        {props.intro ?? (
          <>
            <strong>{props.label}</strong> — copy it now: it is shown only once.
          </>
        )}
      </p>
      <div class="copy-row">
        <code class="secret" data-testid={props.testId ?? 'secret-value'}>
          {props.value}
        </code>
        <CopyButton text={props.value} label={props.label} />
      </div>
      {props.children}
      <button type="button" class="btn btn-small" onClick={props.onDone}>
        I have copied it
      </button>
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

import { useEffect, useRef, useState } from 'preact/hooks';
import type { JsonEditorInstance, LineMark } from './codemirror';

export type { LineMark } from './codemirror';

/** What a page may do with the editor besides giving it text. */
export interface JsonEditorHandle {
  revealLine(line: number): void;
}

/**
 * A JSON editor (CodeMirror 6, loaded on first use) in place of a textarea: line numbers,
 * syntax colours, bracket matching, the text's own syntax errors marked as you type, and a
 * message at the line of the JSON path the API named (`mark`). It lives in a shadow root
 * (see codemirror.ts), where ids of the page cannot be referenced: the editable element is
 * named by `label` (`aria-label`) and carries the field's error as `aria-description`.
 */
export function JsonEditor(props: {
  attrs: { id: string; 'aria-invalid': boolean };
  label: string;
  /** The field's error, read out with the editor. */
  error?: string;
  value: string;
  onChange: (text: string) => void;
  mark?: LineMark;
  minLines?: number;
  /** Wrap long lines instead of scrolling sideways. */
  wrap?: boolean;
  handle?: { current: JsonEditorHandle | null };
}) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<JsonEditorInstance | null>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef(props);
  latest.current = props;
  const attributes = (): Record<string, string> => {
    const { attrs, label, error } = latest.current;
    return {
      id: attrs.id,
      'aria-label': label,
      'aria-multiline': 'true',
      'aria-invalid': String(attrs['aria-invalid']),
      ...(error ? { 'aria-description': error } : {}),
    };
  };

  useEffect(() => {
    let gone = false;
    void import('./codemirror').then(({ createJsonEditor }) => {
      if (gone || !host.current) return;
      editor.current = createJsonEditor({
        root: host.current.shadowRoot ?? host.current.attachShadow({ mode: 'open' }),
        text: latest.current.value,
        attributes: attributes(),
        onChange: (text) => latest.current.onChange(text),
        minLines: latest.current.minLines ?? 8,
        wrap: latest.current.wrap,
      });
      if (latest.current.handle) {
        latest.current.handle.current = { revealLine: (line) => editor.current?.revealLine(line) };
      }
      setReady(true);
    });
    return () => {
      gone = true;
      editor.current?.destroy();
      editor.current = null;
    };
  }, []);

  useEffect(() => editor.current?.setText(props.value), [props.value, ready]);
  useEffect(
    () => editor.current?.setAttributes(attributes()),
    [props.attrs.id, props.attrs['aria-invalid'], props.label, props.error, ready],
  );
  useEffect(
    () => editor.current?.setMark(props.mark),
    [props.mark?.line, props.mark?.message, ready],
  );

  return (
    <div class="json-editor" aria-busy={!ready}>
      {!ready && <p class="muted small">Loading the editor…</p>}
      <div ref={host} />
    </div>
  );
}

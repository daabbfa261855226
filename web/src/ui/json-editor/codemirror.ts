import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import {
  bracketMatching,
  HighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { type Diagnostic, forceLinting, linter, lintGutter } from '@codemirror/lint';
import { Compartment, EditorSelection, EditorState } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';

/**
 * CodeMirror 6 with its JSON language, loaded on demand (its own chunk: the rest of the
 * dashboard does not pay for it). CodeMirror styles itself at run time; in a document it adds
 * a `<style>` element, which the dashboard's CSP (`style-src 'self'`, no inline style, no
 * nonce) refuses. In a shadow root it uses constructed style sheets (`adoptedStyleSheets`),
 * which the CSP allows: so the editor lives in a shadow root of its own (`root`). The app's
 * colours reach it as inherited CSS variables. Every browser spec fails on a CSP violation.
 *
 * Tab is left to the browser (it moves the focus out, as in any form), so the editor is no
 * keyboard trap; indentation comes from Enter and the JSON language.
 */

/** A message at a line, from the API's answer (an error at a JSON path). */
export interface LineMark {
  line: number;
  message: string;
}

export interface JsonEditorOptions {
  /** The shadow root the editor is mounted in. */
  root: ShadowRoot;
  text: string;
  /** Attributes of the editable element (`id`, `aria-labelledby`, `aria-invalid`, …). */
  attributes: Record<string, string>;
  onChange(text: string): void;
  minLines: number;
  /** Wrap long lines instead of scrolling sideways (a schema's prose descriptions). */
  wrap?: boolean;
}

export interface JsonEditorInstance {
  text(): string;
  setText(text: string): void;
  setAttributes(attributes: Record<string, string>): void;
  setMark(mark: LineMark | undefined): void;
  /** Selects line `line` (1-based), scrolls it into view and focuses the editor. */
  revealLine(line: number): void;
  destroy(): void;
}

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--accent)' },
  { tag: tags.string, color: 'var(--ok)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--info)' },
  { tag: tags.invalid, color: 'var(--danger)' },
]);

const theme = (minLines: number) =>
  EditorView.theme({
    '&': {
      color: 'var(--text)',
      backgroundColor: 'var(--surface)',
      border: '1px solid var(--editor-border, var(--border))',
      borderRadius: '6px',
      fontSize: '12.5px',
    },
    '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '1px' },
    '.cm-scroller': {
      fontFamily: 'var(--mono)',
      minHeight: `${minLines * 1.45}em`,
      maxHeight: '70vh',
    },
    '.cm-content': { caretColor: 'var(--text)' },
    '.cm-gutters': {
      backgroundColor: 'var(--surface-2)',
      color: 'var(--muted)',
      borderRight: '1px solid var(--border)',
    },
    '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--accent-soft)' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
      backgroundColor: 'var(--grey-soft)',
    },
    '.cm-tooltip': {
      backgroundColor: 'var(--surface)',
      color: 'var(--text)',
      border: '1px solid var(--border)',
    },
  });

export function createJsonEditor(options: JsonEditorOptions): JsonEditorInstance {
  let mark: LineMark | undefined;
  const attributes = new Compartment();
  const parseErrors = jsonParseLinter();
  // One source of diagnostics: the text's own syntax errors, and the API's mark.
  const diagnostics = linter(
    (view): Diagnostic[] => {
      const found = parseErrors(view);
      if (mark && mark.line <= view.state.doc.lines) {
        const line = view.state.doc.line(mark.line);
        found.push({ from: line.from, to: line.to, severity: 'error', message: mark.message });
      }
      return found;
    },
    { delay: 300 },
  );
  const view = new EditorView({
    root: options.root,
    parent: options.root,
    state: EditorState.create({
      doc: options.text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        json(),
        syntaxHighlighting(highlight),
        lintGutter(),
        diagnostics,
        keymap.of([...defaultKeymap, ...historyKeymap]),
        theme(options.minLines),
        options.wrap ? EditorView.lineWrapping : [],
        attributes.of(EditorView.contentAttributes.of(options.attributes)),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    text: () => view.state.doc.toString(),
    setText(text) {
      if (text === view.state.doc.toString()) return;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    setAttributes(next) {
      view.dispatch({ effects: attributes.reconfigure(EditorView.contentAttributes.of(next)) });
    },
    setMark(next) {
      mark = next;
      forceLinting(view);
    },
    revealLine(line) {
      const target = view.state.doc.line(Math.min(Math.max(line, 1), view.state.doc.lines));
      view.dispatch({
        selection: EditorSelection.range(target.from, target.to),
        effects: EditorView.scrollIntoView(target.from, { y: 'center' }),
      });
      view.focus();
    },
    destroy: () => view.destroy(),
  };
}

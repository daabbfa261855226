import { useRef, useState } from 'preact/hooks';
import { api, ApiFailure, type Agent } from '../api';
import { ErrorNote, Field, fieldError, Notice } from '../ui';
import { JsonEditor, type JsonEditorHandle } from '../ui/json-editor/JsonEditor';
import { parseConfig } from './config';
import { AgentStepInsert } from './AgentStepInsert';
import { lineOfPath } from './definition';
import { SecretUseNote } from './SecretUseNote';

/** The agent's config as the editor starts: its saved config, formatted. */
export function savedConfigText(agent: Agent): string {
  return JSON.stringify(agent.config ?? {}, null, 2);
}

/**
 * The config editor. Its text (`null`: the saved config, unedited) belongs to the page, so
 * that the workflow test runs what is in the editor.
 */
export function ConfigPanel({
  agent,
  text,
  onText,
  onSaved,
}: {
  agent: Agent;
  text: string | null;
  onText: (text: string | null) => void;
  onSaved: () => Promise<void>;
}) {
  const workflow = agent.kind === 'workflow';
  const [error, setError] = useState<unknown>(undefined);
  /** The version the last save made, shown until the text is edited again. */
  const [saved, setSaved] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const editor = useRef<JsonEditorHandle | null>(null);
  const value = text ?? savedConfigText(agent);
  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setSaved(null);
    try {
      const updated = await api<Agent>('PATCH', `/agents/${agent.id}`, {
        config: parseConfig(value),
      });
      onText(null);
      setSaved(updated.version);
      await onSaved();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const message = fieldError(error, 'config');
  const path =
    message && error instanceof ApiFailure && error.field !== 'config' ? error.field : undefined;
  const line = path ? lineOfPath(value, path) : undefined;
  const other = error && !message;
  const label = workflow ? 'Workflow definition' : `Config of ${agent.kind ?? 'the agent'} (JSON)`;
  const fieldMessage =
    message && (path ? `${message} (at ${path}${line ? `, line ${line}` : ''})` : message);
  return (
    <section class="panel" aria-labelledby="config-title">
      <div class="panel-head">
        <h2 id="config-title">Configuration</h2>
        <span class="badge" data-testid="agent-version">
          Version {agent.version}
        </span>
      </div>
      <p class="muted small">
        Every saved change makes a new version. A run uses the version that was current when it
        started; retries run the current one.
        {workflow && (
          <>
            {' '}
            Steps, expressions and limits:{' '}
            <a href="/docs" target="_blank" rel="noopener">
              the API reference
            </a>{' '}
            (schemas <code>WorkflowConfig</code> and <code>WorkflowStep</code>).
          </>
        )}
      </p>
      <form class="stack" onSubmit={save}>
        <Field label={label} id="config-edit" error={fieldMessage}>
          {(attrs) => (
            <JsonEditor
              attrs={attrs}
              label={label}
              error={fieldMessage}
              handle={editor}
              minLines={workflow ? 24 : 8}
              value={value}
              mark={message && line !== undefined ? { line, message } : undefined}
              onChange={(next) => {
                if (next === value) return;
                onText(next);
                setSaved(null);
              }}
            />
          )}
        </Field>
        {path && (
          <p class="field-path" data-testid="config-error-path">
            <span class="muted">JSON path</span> <code>{path}</code>
            {line !== undefined && (
              <>
                {' '}
                <button
                  type="button"
                  class="btn btn-small"
                  onClick={() => editor.current?.revealLine(line)}
                >
                  Show line {line}
                </button>
              </>
            )}
          </p>
        )}
        <SecretUseNote error={error} />
        {other ? <ErrorNote error={error} /> : null}
        {saved !== null && <Notice>Configuration saved. New runs use version {saved}.</Notice>}
        <div class="actions">
          <button type="submit" class="btn btn-primary" disabled={busy || text === null}>
            Save config
          </button>
          {text !== null && (
            <button type="button" class="btn" onClick={() => onText(null)}>
              Discard changes
            </button>
          )}
        </div>
      </form>
      {workflow && (
        <AgentStepInsert
          agent={agent}
          text={value}
          onText={(next) => {
            onText(next);
            setSaved(null);
          }}
        />
      )}
    </section>
  );
}

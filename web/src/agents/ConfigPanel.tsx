import { useState } from 'preact/hooks';
import { api, type Agent } from '../api';
import { ErrorNote, Field, fieldError, Notice } from '../ui';
import { parseConfig } from './config';

export function ConfigPanel({ agent, onSaved }: { agent: Agent; onSaved: () => Promise<void> }) {
  const initial = JSON.stringify(agent.config ?? {}, null, 2);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  /** The version the last save made, shown until the text is edited again. */
  const [saved, setSaved] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const value = text ?? initial;
  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setSaved(null);
    try {
      const updated = await api<Agent>('PATCH', `/agents/${agent.id}`, {
        config: parseConfig(value),
      });
      setText(null);
      setSaved(updated.version);
      await onSaved();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const other = error && !fieldError(error, 'config');
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
      </p>
      <form class="stack" onSubmit={save}>
        <Field
          label={`Config of ${agent.kind ?? 'the agent'} (JSON)`}
          id="config-edit"
          error={fieldError(error, 'config')}
        >
          {(attrs) => (
            <textarea
              {...attrs}
              class="mono"
              rows={8}
              spellcheck={false}
              value={value}
              onInput={(e) => {
                setText(e.currentTarget.value);
                setSaved(null);
              }}
            />
          )}
        </Field>
        {other ? <ErrorNote error={error} /> : null}
        {saved !== null && <Notice>Configuration saved. New runs use version {saved}.</Notice>}
        <div class="actions">
          <button type="submit" class="btn btn-primary" disabled={busy || text === null}>
            Save config
          </button>
          {text !== null && (
            <button type="button" class="btn" onClick={() => setText(null)}>
              Discard changes
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

import { useState } from 'preact/hooks';
import { api, type Agent } from '../api';
import { ErrorNote, Field, fieldError, Notice } from '../ui';
import { parseConfig } from './config';

export function ConfigPanel({ agent, onSaved }: { agent: Agent; onSaved: () => Promise<void> }) {
  const initial = JSON.stringify(agent.config ?? {}, null, 2);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const value = text ?? initial;
  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      await api('PATCH', `/agents/${agent.id}`, { config: parseConfig(value) });
      setText(null);
      setSaved(true);
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
      <h2 id="config-title">Configuration</h2>
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
                setSaved(false);
              }}
            />
          )}
        </Field>
        {other ? <ErrorNote error={error} /> : null}
        {saved && <Notice>Configuration saved.</Notice>}
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

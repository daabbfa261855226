import { useState } from 'preact/hooks';
import { api, ApiFailure, type Agent } from '../api';
import { navigate } from '../router';
import { ConfirmBox, ErrorNote, Field, fieldError, InputField, Notice, useAction } from '../ui';

/** `timeout_ms` as the form shows it: seconds, without trailing zeros. */
function seconds(ms: number | undefined): string {
  return String((ms ?? 0) / 1000);
}

/**
 * The agent's name and run timeout (`PATCH /v2/agents/:id`), and deleting it (`DELETE`,
 * after a confirmation, then back to the list). Members may do both, as with the agent's other
 * settings (`agents:write`).
 */
export function AgentSettingsPanel({
  agent,
  onSaved,
}: {
  agent: Agent;
  onSaved: () => Promise<void>;
}) {
  /** The fields' text; `null` while they show the saved values. */
  const [name, setName] = useState<string | null>(null);
  const [timeout, setTimeoutText] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const save = useAction(onSaved);
  const remove = useAction();

  const nameText = name ?? agent.name;
  const timeoutText = timeout ?? seconds(agent.timeout_ms);
  const changes: { name?: string; timeout_ms?: number } = {};
  if (nameText !== agent.name) changes.name = nameText;
  if (timeoutText !== seconds(agent.timeout_ms)) {
    changes.timeout_ms = Math.round(Number(timeoutText) * 1000);
  }
  const edited = Object.keys(changes).length > 0;

  const submit = (event: Event) => {
    event.preventDefault();
    setSaved(false);
    return save.run(async () => {
      const ms = changes.timeout_ms;
      // The API counts milliseconds (its message would too): seconds are checked here.
      if (ms !== undefined && !(timeoutText.trim() && ms >= 1000 && ms <= 600_000)) {
        throw new ApiFailure(400, 'invalid_request', 'Enter from 1 to 600 seconds.', 'timeout_ms');
      }
      await api<Agent>('PATCH', `/agents/${agent.id}`, changes);
      setName(null);
      setTimeoutText(null);
      setSaved(true);
    });
  };
  const confirmDelete = () =>
    remove.run(async () => {
      await api('DELETE', `/agents/${agent.id}`);
      navigate('/agents', { force: true }); // the agent is gone: nothing left to save
    });

  const other = save.error && !fieldError(save.error, 'name', 'timeout_ms');
  return (
    <section class="panel" aria-labelledby="agent-settings-title">
      <h2 id="agent-settings-title">Agent settings</h2>
      <form class="stack form-narrow" onSubmit={submit} noValidate>
        <InputField
          label="Name"
          id="agent-edit-name"
          error={fieldError(save.error, 'name')}
          type="text"
          required
          maxLength={200}
          value={nameText}
          onValue={(value) => {
            setName(value);
            setSaved(false);
          }}
        />
        <Field
          label="Timeout (seconds)"
          id="agent-edit-timeout"
          error={fieldError(save.error, 'timeout_ms')}
          hint="1 to 600 seconds: a run still going after that fails with a timeout."
        >
          {(attrs) => (
            <input
              {...attrs}
              type="number"
              min={1}
              max={600}
              step="any"
              required
              value={timeoutText}
              onInput={(e) => {
                setTimeoutText(e.currentTarget.value);
                setSaved(false);
              }}
            />
          )}
        </Field>
        {other ? <ErrorNote error={save.error} /> : null}
        {saved && <Notice>Agent settings saved.</Notice>}
        <div class="actions">
          <button type="submit" class="btn btn-primary" disabled={save.busy || !edited}>
            Save settings
          </button>
          {edited && (
            <button
              type="button"
              class="btn"
              onClick={() => {
                setName(null);
                setTimeoutText(null);
                save.setError(undefined);
              }}
            >
              Discard changes
            </button>
          )}
        </div>
      </form>

      <h3>Delete this agent</h3>
      <p class="muted">
        Its webhook URL answers 404 at once and it leaves the list; its executions stay readable.
      </p>
      <ErrorNote error={remove.error} />
      {deleting ? (
        <ConfirmBox
          label={`Confirm deleting ${agent.name}`}
          confirm="Confirm delete"
          keep="Keep agent"
          busy={remove.busy}
          onConfirm={confirmDelete}
          onKeep={() => setDeleting(false)}
        >
          Delete “{agent.name}”? This cannot be undone.
        </ConfirmBox>
      ) : (
        <button type="button" class="btn btn-danger" onClick={() => setDeleting(true)}>
          Delete agent
        </button>
      )}
    </section>
  );
}

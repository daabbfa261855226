import { useState } from 'preact/hooks';
import { api, ApiFailure, type Secret, type SecretList } from '../api';
import {
  ConfirmInline,
  Empty,
  ErrorNote,
  Field,
  fieldError,
  Loading,
  Notice,
  Time,
  useLoad,
} from '../ui';

/** Moves the keyboard focus to an element shown in answer to a click (a stable ref: once). */
function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}

/** What the form is doing: adding a new secret, or replacing the value of one by name. */
type Editing = { mode: 'add' } | { mode: 'replace'; name: string } | null;

/**
 * The account's secrets (CONTRACT §10), for owners: names and times only. A value is sent
 * once, stored encrypted by the service and never shown again, here or anywhere.
 */
export function SecretsPanel() {
  const secrets = useLoad(() => api<SecretList>('GET', '/secrets'), []);
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<unknown>(undefined);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const list = secrets.data?.data ?? [];

  const open = (next: Editing) => {
    setEditing(next);
    setName(next?.mode === 'replace' ? next.name : '');
    setValue('');
    setError(undefined);
    setNotice('');
    setDeleting(null);
  };
  const save = async (event: Event) => {
    event.preventDefault();
    if (!editing) return;
    const target = editing.mode === 'replace' ? editing.name : name.trim();
    setError(undefined);
    setNotice('');
    if (editing.mode === 'add' && list.some((s) => s.name === target)) {
      // PUT would replace it silently: adding never overwrites, "Replace value" does.
      setError(
        new ApiFailure(
          400,
          'conflict',
          `${target} already exists: use “Replace value” on it.`,
          'name',
        ),
      );
      return;
    }
    setBusy(true);
    try {
      const saved = await api<Secret>('PUT', `/secrets/${encodeURIComponent(target)}`, { value });
      setValue('');
      setName('');
      setEditing(null);
      setNotice(
        editing.mode === 'add'
          ? `Secret ${saved.name} added. Its value is not shown again.`
          : `The value of ${saved.name} was replaced. Runs use the new value from now on.`,
      );
      await secrets.reload();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (target: string) => {
    setError(undefined);
    setNotice('');
    setBusy(true);
    try {
      await api('DELETE', `/secrets/${encodeURIComponent(target)}`);
      setDeleting(null);
      if (editing?.mode === 'replace' && editing.name === target) setEditing(null);
      setNotice(`Secret ${target} deleted.`);
      await secrets.reload();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const nameError = fieldError(error, 'name');
  const valueError = fieldError(error, 'value');

  return (
    <section class="panel" aria-labelledby="secrets-title">
      <div class="panel-head">
        <h2 id="secrets-title">Secrets</h2>
        {editing?.mode !== 'add' && (
          <button
            type="button"
            class="btn btn-primary btn-small"
            onClick={() => open({ mode: 'add' })}
          >
            Add secret
          </button>
        )}
      </div>
      <p class="muted">
        Credentials for workflow steps, stored encrypted. Use one as{' '}
        <code>{'{{secrets.NAME}}'}</code> in an <code>http</code> step's header value or as an{' '}
        <code>llm</code> step's <code>api_key</code>, for example:
      </p>
      <pre class="json" tabIndex={0} aria-label="Example of a header using a secret">
        <code>{'"headers": { "Authorization": "Bearer {{secrets.CRM_TOKEN}}" }'}</code>
      </pre>
      <p class="muted small">
        A value is never shown again after saving, and is replaced by <code>[redacted]</code> in
        outputs, steps and logs.
      </p>
      {notice && <Notice>{notice}</Notice>}
      {editing && (
        <form
          class="subpanel stack form-narrow"
          onSubmit={save}
          aria-label={
            editing.mode === 'add' ? 'New secret' : `Replace the value of ${editing.name}`
          }
        >
          {editing.mode === 'add' ? (
            <Field
              label="Secret name"
              id="secret-name"
              hint="Uppercase letters, digits and _, starting with a letter (e.g. CRM_TOKEN)."
              error={nameError}
            >
              {(attrs) => (
                <input
                  {...attrs}
                  type="text"
                  required
                  maxLength={64}
                  autoComplete="off"
                  spellcheck={false}
                  ref={focusOnMount}
                  placeholder="CRM_TOKEN"
                  value={name}
                  onInput={(e) => setName(e.currentTarget.value)}
                />
              )}
            </Field>
          ) : (
            <p>
              New value for <code>{editing.name}</code>. The current value stops being used as soon
              as you save.
            </p>
          )}
          <Field
            label={editing.mode === 'add' ? 'Secret value' : 'New value'}
            id="secret-value"
            hint="At most 8 KiB. Not shown again after saving."
            error={valueError}
          >
            {(attrs) => (
              <input
                {...attrs}
                type="password"
                required
                autoComplete="new-password"
                spellcheck={false}
                ref={editing.mode === 'replace' ? focusOnMount : undefined}
                value={value}
                onInput={(e) => setValue(e.currentTarget.value)}
              />
            )}
          </Field>
          {error && !nameError && !valueError ? <ErrorNote error={error} /> : null}
          <div class="actions">
            <button type="submit" class="btn btn-primary" disabled={busy}>
              {editing.mode === 'add' ? 'Save secret' : 'Replace value'}
            </button>
            <button type="button" class="btn" onClick={() => open(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {!editing && error ? <ErrorNote error={error} /> : null}
      <ErrorNote error={secrets.error} />
      {!secrets.data ? (
        !secrets.error && <Loading />
      ) : list.length === 0 ? (
        <Empty title="No secrets">
          Add one to call an API from a workflow without writing its key into the config.
        </Empty>
      ) : (
        <div class="table-wrap">
          <table class="stack-narrow">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" class="hide-narrow">
                  Created
                </th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((secret) => (
                <tr key={secret.name}>
                  <td>
                    <code>{secret.name}</code>
                  </td>
                  <td class="hide-narrow">
                    <Time iso={secret.created_at} />
                  </td>
                  <td data-label="Updated">
                    <Time iso={secret.updated_at} />
                  </td>
                  <td class="row-actions">
                    {deleting === secret.name ? (
                      <ConfirmInline
                        small
                        label={`Confirm deleting ${secret.name}`}
                        confirm="Confirm delete"
                        confirmRef={focusOnMount}
                        busy={busy}
                        onConfirm={() => remove(secret.name)}
                        onKeep={() => setDeleting(null)}
                      />
                    ) : (
                      <span class="confirm-inline">
                        <button
                          type="button"
                          class="btn btn-small"
                          aria-label={`Replace the value of ${secret.name}`}
                          onClick={() => open({ mode: 'replace', name: secret.name })}
                        >
                          Replace value
                        </button>
                        <button
                          type="button"
                          class="btn btn-small"
                          aria-label={`Delete ${secret.name}`}
                          onClick={() => {
                            setNotice('');
                            setDeleting(secret.name);
                          }}
                        >
                          Delete
                        </button>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

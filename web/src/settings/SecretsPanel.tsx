import { useState } from 'preact/hooks';
import { api, ApiFailure, type Secret, type SecretList } from '../api';
import {
  ConfirmAction,
  DataTable,
  Empty,
  ErrorNote,
  fieldError,
  focusOnMount,
  InputField,
  ItemForm,
  ItemsPanel,
  LoadedList,
  Notice,
  Time,
  useAction,
  useLoad,
} from '../ui';

/** What the form is doing: adding a new secret, or replacing the value of one by name. */
type Editing = { mode: 'add' } | { mode: 'replace'; name: string } | null;

/**
 * The account's secrets (docs/api.md, Secrets), for owners: names and times only. A value is sent
 * once, stored encrypted by the service and never shown again, here or anywhere.
 */
export function SecretsPanel() {
  const secrets = useLoad(() => api<SecretList>('GET', '/secrets'), []);
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const { error, setError, busy, run } = useAction(secrets.reload);
  const list = secrets.data?.data ?? [];

  const open = (next: Editing) => {
    setEditing(next);
    setName(next?.mode === 'replace' ? next.name : '');
    setValue('');
    setError(undefined);
    setNotice('');
    setDeleting(null);
  };
  const save = (event: Event) => {
    event.preventDefault();
    if (!editing) return;
    const target = editing.mode === 'replace' ? editing.name : name.trim();
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
    return run(async () => {
      const saved = await api<Secret>('PUT', `/secrets/${encodeURIComponent(target)}`, { value });
      setValue('');
      setName('');
      setEditing(null);
      setNotice(
        editing.mode === 'add'
          ? `Secret ${saved.name} added. Its value is not shown again.`
          : `The value of ${saved.name} was replaced. Runs use the new value from now on.`,
      );
    });
  };
  const remove = (target: string) => {
    setNotice('');
    return run(async () => {
      await api('DELETE', `/secrets/${encodeURIComponent(target)}`);
      setDeleting(null);
      if (editing?.mode === 'replace' && editing.name === target) setEditing(null);
      setNotice(`Secret ${target} deleted.`);
    });
  };

  const nameError = fieldError(error, 'name');
  const valueError = fieldError(error, 'value');

  return (
    <ItemsPanel
      id="secrets"
      title="Secrets"
      add="Add secret"
      onAdd={editing?.mode === 'add' ? undefined : () => open({ mode: 'add' })}
    >
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
        <ItemForm
          narrow
          label={editing.mode === 'add' ? 'New secret' : `Replace the value of ${editing.name}`}
          submit={editing.mode === 'add' ? 'Save secret' : 'Replace value'}
          onSubmit={save}
          onCancel={() => open(null)}
          busy={busy}
          error={error}
          fields={['name', 'value']}
        >
          {editing.mode === 'add' ? (
            <InputField
              label="Secret name"
              id="secret-name"
              hint="Uppercase letters, digits and _, starting with a letter (e.g. CRM_TOKEN)."
              error={nameError}
              type="text"
              required
              maxLength={64}
              autoComplete="off"
              spellcheck={false}
              inputRef={focusOnMount}
              placeholder="CRM_TOKEN"
              value={name}
              onValue={setName}
            />
          ) : (
            <p>
              New value for <code>{editing.name}</code>. The current value stops being used as soon
              as you save.
            </p>
          )}
          <InputField
            label={editing.mode === 'add' ? 'Secret value' : 'New value'}
            id="secret-value"
            hint="At least 16 characters (a random token, not a short code), at most 8 KiB. Not shown again after saving."
            error={valueError}
            type="password"
            required
            autoComplete="new-password"
            spellcheck={false}
            inputRef={editing.mode === 'replace' ? focusOnMount : undefined}
            value={value}
            onValue={setValue}
          />
        </ItemForm>
      )}
      {!editing && error ? <ErrorNote error={error} /> : null}
      <LoadedList
        loaded={secrets}
        items={(page) => page.data}
        empty={
          <Empty title="No secrets">
            Add one to call an API from a workflow without writing its key into the config.
          </Empty>
        }
      >
        {(items) => (
          <DataTable
            stacked
            actions
            columns={['Name', { label: 'Created', class: 'hide-narrow' }, 'Updated']}
          >
            {items.map((secret) => (
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
                  <ConfirmAction
                    action="Delete"
                    doing="deleting"
                    target={secret.name}
                    confirming={deleting === secret.name}
                    busy={busy}
                    confirmRef={focusOnMount}
                    onAsk={() => {
                      setNotice('');
                      setDeleting(secret.name);
                    }}
                    onConfirm={() => remove(secret.name)}
                    onKeep={() => setDeleting(null)}
                    alongside={
                      <button
                        type="button"
                        class="btn btn-small"
                        aria-label={`Replace the value of ${secret.name}`}
                        onClick={() => open({ mode: 'replace', name: secret.name })}
                      >
                        Replace value
                      </button>
                    }
                  />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </LoadedList>
    </ItemsPanel>
  );
}

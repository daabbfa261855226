import { useState } from 'preact/hooks';
import {
  api,
  API_KEY_SCOPES as SCOPES,
  type ApiKeyList,
  type ApiKeyScope,
  type CreatedApiKey,
} from '../api';
import {
  ChoiceList,
  ConfirmAction,
  DataTable,
  Empty,
  ErrorNote,
  fieldError,
  InputField,
  ItemForm,
  ItemsPanel,
  LoadedList,
  SecretOnce,
  Time,
  useAction,
  useLoad,
} from '../ui';

export function ApiKeysPanel() {
  const keys = useLoad(() => api<ApiKeyList>('GET', '/api-keys'), []);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([...SCOPES]);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const { error, run } = useAction(keys.reload);

  const create = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      setCreated(await api<CreatedApiKey>('POST', '/api-keys', { name, scopes }));
      setCreating(false);
      setName('');
      setScopes([...SCOPES]);
    });
  };
  const revoke = (id: string) =>
    run(async () => {
      await api('DELETE', `/api-keys/${id}`);
      setRevoking(null);
      // A revoked key's secret is dead: it leaves the screen with the key.
      setCreated((shown) => (shown?.id === id ? null : shown));
    });

  return (
    <ItemsPanel
      id="keys"
      title="API keys"
      add="Create API key"
      onAdd={creating ? undefined : () => setCreating(true)}
    >
      <p class="muted">
        Keys authenticate calls to the REST API (<code>Authorization: Bearer …</code>). They cannot
        manage keys, users or the signing secret.
      </p>
      {created?.key && (
        <SecretOnce
          label={`API key “${created.name}”`}
          value={created.key}
          onDone={() => setCreated(null)}
        />
      )}
      {creating && (
        <ItemForm
          label="New API key"
          submit="Create key"
          onSubmit={create}
          onCancel={() => setCreating(false)}
          error={error}
          fields={['name', 'scopes']}
        >
          <InputField
            label="Key name"
            id="key-name"
            error={fieldError(error, 'name')}
            type="text"
            required
            maxLength={100}
            placeholder="e.g. CRM integration"
            value={name}
            onValue={setName}
          />
          <ChoiceList
            legend="Scopes"
            choices={SCOPES}
            selected={scopes}
            error={fieldError(error, 'scopes')}
            label={(scope) =>
              scope === 'secrets:use' ? (
                <>
                  <code>{scope}</code>{' '}
                  <span class="muted small">
                    save and test configs that use the account's secrets (
                    <code>{'{{secrets.NAME}}'}</code>); without it, such a save is refused
                  </span>
                </>
              ) : (
                <code>{scope}</code>
              )
            }
            onToggle={(scope, on) =>
              setScopes(
                on
                  ? SCOPES.filter((s) => s === scope || scopes.includes(s))
                  : scopes.filter((s) => s !== scope),
              )
            }
          />
        </ItemForm>
      )}
      {!creating && error ? <ErrorNote error={error} /> : null}
      <LoadedList
        loaded={keys}
        items={(page) => page.data.filter((k) => !k.revoked_at)}
        empty={<Empty title="No API keys">Create a key to call the API from your own code.</Empty>}
      >
        {(list) => (
          <DataTable
            stacked
            actions
            columns={[
              'Name',
              'Prefix',
              { label: 'Scopes', class: 'hide-narrow' },
              { label: 'Created', class: 'hide-narrow' },
              'Last used',
            ]}
          >
            {list.map((key) => (
              <tr key={key.id}>
                <td>{key.name || <span class="muted">Unnamed key</span>}</td>
                <td class="mono">{key.prefix}…</td>
                <td class="hide-narrow">
                  {SCOPES.every((s) => key.scopes.includes(s)) ? (
                    // Six codes would squeeze the name and prefix into broken words.
                    <span>All scopes</span>
                  ) : (
                    key.scopes.map((s) => (
                      <code key={s} class="scope">
                        {s}
                      </code>
                    ))
                  )}
                </td>
                <td class="hide-narrow">
                  <Time iso={key.created_at} />
                </td>
                <td data-label="Last used">
                  {key.last_used_at ? (
                    <Time iso={key.last_used_at} />
                  ) : (
                    <span class="muted">Never</span>
                  )}
                </td>
                <td class="row-actions">
                  <ConfirmAction
                    action="Revoke"
                    doing="revoking"
                    target={key.name || key.prefix}
                    confirming={revoking === key.id}
                    onAsk={() => setRevoking(key.id)}
                    onConfirm={() => revoke(key.id)}
                    onKeep={() => setRevoking(null)}
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

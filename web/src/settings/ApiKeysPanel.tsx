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
  ConfirmInline,
  Empty,
  ErrorNote,
  Field,
  fieldError,
  Loading,
  SecretOnce,
  Time,
  useLoad,
} from '../ui';

export function ApiKeysPanel() {
  const keys = useLoad(() => api<ApiKeyList>('GET', '/api-keys'), []);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([...SCOPES]);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [revoking, setRevoking] = useState<string | null>(null);

  const create = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    try {
      const key = await api<CreatedApiKey>('POST', '/api-keys', { name, scopes });
      setCreated(key);
      setCreating(false);
      setName('');
      setScopes([...SCOPES]);
      await keys.reload();
    } catch (failure) {
      setError(failure);
    }
  };
  const revoke = async (id: string) => {
    setError(undefined);
    try {
      await api('DELETE', `/api-keys/${id}`);
      setRevoking(null);
      await keys.reload();
    } catch (failure) {
      setError(failure);
    }
  };
  const list = (keys.data?.data ?? []).filter((k) => !k.revoked_at);

  return (
    <section class="panel" aria-labelledby="keys-title">
      <div class="panel-head">
        <h2 id="keys-title">API keys</h2>
        {!creating && (
          <button type="button" class="btn btn-primary btn-small" onClick={() => setCreating(true)}>
            Create API key
          </button>
        )}
      </div>
      <p class="muted">
        Keys authenticate calls to the REST API (<code>Authorization: Bearer …</code>). They cannot
        manage keys, users or the signing secret.
      </p>
      {created?.key && <SecretOnce label={`API key “${created.name}”`} value={created.key} />}
      {creating && (
        <form class="subpanel stack" onSubmit={create} aria-label="New API key">
          <Field label="Key name" id="key-name" error={fieldError(error, 'name')}>
            {(attrs) => (
              <input
                {...attrs}
                type="text"
                required
                maxLength={100}
                placeholder="e.g. CRM integration"
                value={name}
                onInput={(e) => setName(e.currentTarget.value)}
              />
            )}
          </Field>
          <ChoiceList
            legend="Scopes"
            choices={SCOPES}
            selected={scopes}
            error={fieldError(error, 'scopes')}
            onToggle={(scope, on) =>
              setScopes(
                on
                  ? SCOPES.filter((s) => s === scope || scopes.includes(s))
                  : scopes.filter((s) => s !== scope),
              )
            }
          />
          {error && !fieldError(error, 'name', 'scopes') ? <ErrorNote error={error} /> : null}
          <div class="actions">
            <button type="submit" class="btn btn-primary">
              Create key
            </button>
            <button type="button" class="btn" onClick={() => setCreating(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {!creating && error ? <ErrorNote error={error} /> : null}
      <ErrorNote error={keys.error} />
      {!keys.data ? (
        !keys.error && <Loading />
      ) : list.length === 0 ? (
        <Empty title="No API keys">Create a key to call the API from your own code.</Empty>
      ) : (
        <div class="table-wrap">
          <table class="stack-narrow">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col" class="hide-narrow">
                  Scopes
                </th>
                <th scope="col" class="hide-narrow">
                  Created
                </th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
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
                    {revoking === key.id ? (
                      <ConfirmInline
                        small
                        label={`Confirm revoking ${key.name || key.prefix}`}
                        confirm="Confirm revoke"
                        onConfirm={() => revoke(key.id)}
                        onKeep={() => setRevoking(null)}
                      />
                    ) : (
                      <button
                        type="button"
                        class="btn btn-small"
                        aria-label={`Revoke ${key.name || key.prefix}`}
                        onClick={() => setRevoking(key.id)}
                      >
                        Revoke
                      </button>
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

import { useState } from 'preact/hooks';
import {
  api,
  type AccountInfo,
  type ApiKeyList,
  type CreatedApiKey,
  type InvitedUser,
  type Session,
  type SigningSecret,
  type User,
  type UserList,
} from '../api';
import { useSession } from '../session';
import {
  CopyButton,
  Empty,
  ErrorNote,
  Field,
  fieldError,
  Loading,
  Notice,
  PageHeader,
  SecretOnce,
  Time,
  useLoad,
} from '../ui';

const SCOPES = ['agents:read', 'agents:write', 'agents:trigger', 'executions:read'];

export function SettingsPage() {
  const { session } = useSession();
  const owner = session.user.role === 'owner';
  const account = useLoad(() => api<AccountInfo>('GET', '/account'), []);
  return (
    <>
      <PageHeader title="Settings" subtitle={`${session.account.name} · ${session.account.id}`} />
      <PlanPanel account={account.data} error={account.error} />
      {owner ? (
        <>
          <ApiKeysPanel />
          <SigningPanel account={account.data} onChange={account.reload} />
          <UsersPanel me={session.user} />
        </>
      ) : (
        <section class="panel" aria-labelledby="owner-only">
          <h2 id="owner-only">Keys, secrets and users</h2>
          <p class="muted">
            API keys, the signing secret and users are managed by the account's owners. Ask an owner
            if you need one of these.
          </p>
        </section>
      )}
      <PasswordPanel />
    </>
  );
}

function Meter(props: { label: string; used: number; limit: number | undefined }) {
  const pct = props.limit ? Math.min(100, Math.round((props.used / props.limit) * 100)) : 0;
  return (
    <div class="meter-row">
      <div class="meter-text">
        <span>{props.label}</span>
        <span class="mono">
          {props.used.toLocaleString()}
          {props.limit !== undefined && ` / ${props.limit.toLocaleString()}`}
        </span>
      </div>
      {props.limit !== undefined && (
        <meter min={0} max={props.limit} value={props.used} aria-label={props.label}>
          {pct}%
        </meter>
      )}
    </div>
  );
}

function PlanPanel({ account, error }: { account: AccountInfo | undefined; error: unknown }) {
  return (
    <section class="panel" aria-labelledby="plan-title">
      <h2 id="plan-title">Plan and usage</h2>
      <ErrorNote error={error} />
      {!account ? (
        !error && <Loading />
      ) : (
        <>
          <p>
            Plan: <strong class="plan">{account.plan}</strong>
          </p>
          <Meter
            label="Executions in the last 60 minutes"
            used={account.usage?.this_hour ?? 0}
            limit={account.limits?.per_hour}
          />
          <p class="muted small">
            {account.limits
              ? `Plan limits: ${account.limits.per_hour.toLocaleString()} triggers per hour, ${account.limits.per_second.toLocaleString()} per second.`
              : 'Your plan has no rate limits.'}{' '}
            {account.usage ? `${account.usage.today.toLocaleString()} executions today (UTC).` : ''}
          </p>
        </>
      )}
    </section>
  );
}

function ApiKeysPanel() {
  const keys = useLoad(() => api<ApiKeyList>('GET', '/api-keys'), []);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([...SCOPES]);
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
          <fieldset>
            <legend>Scopes</legend>
            {SCOPES.map((scope) => (
              <label key={scope} class="check">
                <input
                  type="checkbox"
                  checked={scopes.includes(scope)}
                  onChange={(e) =>
                    setScopes(
                      e.currentTarget.checked
                        ? SCOPES.filter((s) => s === scope || scopes.includes(s))
                        : scopes.filter((s) => s !== scope),
                    )
                  }
                />
                <code>{scope}</code>
              </label>
            ))}
            {fieldError(error, 'scopes') && (
              <p class="field-error">{fieldError(error, 'scopes')}</p>
            )}
          </fieldset>
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
          <table>
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
                    {key.scopes.map((s) => (
                      <code key={s} class="scope">
                        {s}
                      </code>
                    ))}
                  </td>
                  <td class="hide-narrow">
                    <Time iso={key.created_at} />
                  </td>
                  <td>
                    {key.last_used_at ? (
                      <Time iso={key.last_used_at} />
                    ) : (
                      <span class="muted">Never</span>
                    )}
                  </td>
                  <td class="row-actions">
                    {revoking === key.id ? (
                      <span
                        class="confirm-inline"
                        role="group"
                        aria-label={`Confirm revoking ${key.name || key.prefix}`}
                      >
                        <button
                          type="button"
                          class="btn btn-danger btn-small"
                          onClick={() => revoke(key.id)}
                        >
                          Confirm revoke
                        </button>
                        <button
                          type="button"
                          class="btn btn-small"
                          onClick={() => setRevoking(null)}
                        >
                          Keep
                        </button>
                      </span>
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

function SigningPanel(props: { account: AccountInfo | undefined; onChange: () => Promise<void> }) {
  const enabled = props.account?.signing?.enabled ?? false;
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<unknown>(undefined);
  const [confirmOff, setConfirmOff] = useState(false);
  const [busy, setBusy] = useState(false);

  const rotate = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await api<SigningSecret>('POST', '/account/signing-secret/rotate');
      setSecret(result.signing_secret);
      await props.onChange();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const disable = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api('DELETE', '/account/signing-secret');
      setSecret('');
      setConfirmOff(false);
      await props.onChange();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="panel" aria-labelledby="signing-title">
      <h2 id="signing-title">Outgoing webhook signing</h2>
      <p class="muted">
        When enabled, result callbacks carry <code>X-Signature: sha256=…</code> and the Standard
        Webhooks headers, so your endpoint can check that they come from this service.
      </p>
      <p>
        Status: <strong data-testid="signing-status">{enabled ? 'Enabled' : 'Disabled'}</strong>
      </p>
      <ErrorNote error={error} />
      {secret && <SecretOnce label="Signing secret" value={secret} />}
      <div class="actions">
        <button type="button" class="btn btn-primary" onClick={rotate} disabled={busy}>
          {enabled ? 'Rotate signing secret' : 'Enable signing'}
        </button>
        {enabled &&
          (confirmOff ? (
            <span class="confirm-inline" role="group" aria-label="Confirm disabling signing">
              <button type="button" class="btn btn-danger" onClick={disable} disabled={busy}>
                Confirm disable
              </button>
              <button type="button" class="btn" onClick={() => setConfirmOff(false)}>
                Keep signing
              </button>
            </span>
          ) : (
            <button type="button" class="btn" onClick={() => setConfirmOff(true)}>
              Disable signing
            </button>
          ))}
      </div>
    </section>
  );
}

function UsersPanel({ me }: { me: User }) {
  const users = useLoad(() => api<UserList>('GET', '/users'), []);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'owner'>('member');
  const [invite, setInvite] = useState<{ email: string; url: string } | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [removing, setRemoving] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  const run = async (work: () => Promise<void>) => {
    setError(undefined);
    setNotice('');
    try {
      await work();
      await users.reload();
    } catch (failure) {
      setError(failure);
    }
  };
  const sendInvite = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const result = await api<InvitedUser>('POST', '/users', {
        email,
        role,
      });
      setInvite({ email: result.user.email, url: result.setup_url });
      setEmail('');
    });
  };

  return (
    <section class="panel" aria-labelledby="users-title">
      <h2 id="users-title">Users</h2>
      <form class="inline-form" onSubmit={sendInvite} aria-label="Invite a user">
        <Field label="Invite by email" id="invite-email" error={fieldError(error, 'email')}>
          {(attrs) => (
            <input
              {...attrs}
              type="email"
              required
              placeholder="name@company.com"
              value={email}
              onInput={(e) => setEmail(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label="Role" id="invite-role">
          {(attrs) => (
            <select
              {...attrs}
              value={role}
              onChange={(e) => setRole(e.currentTarget.value as 'member' | 'owner')}
            >
              <option value="member">member</option>
              <option value="owner">owner</option>
            </select>
          )}
        </Field>
        <button type="submit" class="btn btn-primary">
          Invite
        </button>
      </form>
      {invite && (
        <div class="secret-once" role="status">
          <p>
            Send this one-time link to <strong>{invite.email}</strong>. It lets them set a password
            and expires in 24 hours.
          </p>
          <div class="copy-row">
            <code class="url" data-testid="invite-link">
              {invite.url}
            </code>
            <CopyButton text={invite.url} label="invitation link" />
          </div>
        </div>
      )}
      {notice && <Notice>{notice}</Notice>}
      {error && !fieldError(error, 'email') ? <ErrorNote error={error} /> : null}
      <ErrorNote error={users.error} />
      {!users.data ? (
        !users.error && <Loading />
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col" class="hide-narrow">
                  Status
                </th>
                <th scope="col" class="hide-narrow">
                  Last sign-in
                </th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.data.map((user) => (
                <tr key={user.id}>
                  <td>
                    {user.email}
                    {user.id === me.id && <span class="muted small"> (you)</span>}
                  </td>
                  <td>
                    <select
                      aria-label={`Role of ${user.email}`}
                      value={user.role}
                      onChange={(e) => {
                        const next = e.currentTarget.value;
                        void run(async () => {
                          await api('PATCH', `/users/${user.id}`, { role: next });
                          setNotice(`${user.email} is now ${next}.`);
                        });
                      }}
                    >
                      <option value="member">member</option>
                      <option value="owner">owner</option>
                    </select>
                  </td>
                  <td class="hide-narrow">
                    <span class={`badge badge-${user.status === 'invited' ? 'queued' : 'active'}`}>
                      {user.status}
                    </span>
                  </td>
                  <td class="hide-narrow">
                    <Time iso={user.last_sign_in_at} />
                  </td>
                  <td class="row-actions">
                    {user.id === me.id ? null : removing === user.id ? (
                      <span
                        class="confirm-inline"
                        role="group"
                        aria-label={`Confirm removing ${user.email}`}
                      >
                        <button
                          type="button"
                          class="btn btn-danger btn-small"
                          onClick={() =>
                            run(async () => {
                              await api('DELETE', `/users/${user.id}`);
                              setRemoving(null);
                            })
                          }
                        >
                          Confirm remove
                        </button>
                        <button
                          type="button"
                          class="btn btn-small"
                          onClick={() => setRemoving(null)}
                        >
                          Keep
                        </button>
                      </span>
                    ) : (
                      <button
                        type="button"
                        class="btn btn-small"
                        aria-label={`Remove ${user.email}`}
                        onClick={() => setRemoving(user.id)}
                      >
                        Remove
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

function PasswordPanel() {
  const { refresh } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<unknown>(undefined);
  const [done, setDone] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    setDone(false);
    try {
      // Every session of the user ends, this one too: the answer carries a new one (cookie
      // and CSRF token), which refresh() then reads.
      await api<Session>('POST', '/session/password', {
        current_password: current,
        new_password: next,
      });
      setCurrent('');
      setNext('');
      setDone(true);
      await refresh();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <section class="panel" aria-labelledby="password-title">
      <h2 id="password-title">Your password</h2>
      <form class="stack form-narrow" onSubmit={submit}>
        <Field
          label="Current password"
          id="current-password"
          error={fieldError(error, 'current_password')}
        >
          {(attrs) => (
            <input
              {...attrs}
              type="password"
              autoComplete="current-password"
              required
              value={current}
              onInput={(e) => setCurrent(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field
          label="New password"
          id="change-password"
          hint="At least 12 characters. Your other sessions are signed out."
          error={fieldError(error, 'new_password', 'password')}
        >
          {(attrs) => (
            <input
              {...attrs}
              type="password"
              autoComplete="new-password"
              required
              minLength={12}
              value={next}
              onInput={(e) => setNext(e.currentTarget.value)}
            />
          )}
        </Field>
        {error && !fieldError(error, 'current_password', 'new_password', 'password') ? (
          <ErrorNote error={error} />
        ) : null}
        {done && <Notice>Password changed. Your other sessions were signed out.</Notice>}
        <div class="actions">
          <button type="submit" class="btn">
            Change password
          </button>
        </div>
      </form>
    </section>
  );
}

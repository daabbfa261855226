import { useState } from 'preact/hooks';
import { api, type InvitedUser, type User, type UserList } from '../api';
import {
  ConfirmInline,
  CopyButton,
  ErrorNote,
  Field,
  fieldError,
  Loading,
  Notice,
  Time,
  useLoad,
} from '../ui';

export function UsersPanel({ me }: { me: User }) {
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
          <table class="stack-narrow">
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
                      <ConfirmInline
                        small
                        label={`Confirm removing ${user.email}`}
                        confirm="Confirm remove"
                        onConfirm={() =>
                          run(async () => {
                            await api('DELETE', `/users/${user.id}`);
                            setRemoving(null);
                          })
                        }
                        onKeep={() => setRemoving(null)}
                      />
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

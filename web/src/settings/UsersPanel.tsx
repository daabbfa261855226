import { useState } from 'preact/hooks';
import { api, type InvitedUser, type PasswordReset, type User, type UserList } from '../api';
import {
  ConfirmAction,
  DataTable,
  Field,
  FormError,
  fieldError,
  InputField,
  LoadedList,
  Notice,
  SecretOnce,
  Time,
  useAction,
  useLoad,
} from '../ui';

export function UsersPanel({ me }: { me: User }) {
  const users = useLoad(() => api<UserList>('GET', '/users'), []);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'owner'>('member');
  /** The one-time link just made: an invitation, or a password reset of an existing user. */
  const [invite, setInvite] = useState<{
    email: string;
    url: string;
    reset?: boolean;
  } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const action = useAction(users.reload);
  const { error } = action;

  const run = (work: () => Promise<void>) => {
    setNotice('');
    return action.run(work);
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
  const resetPassword = (user: User) =>
    run(async () => {
      const result = await api<PasswordReset>('POST', `/users/${user.id}/password-reset`);
      setInvite({ email: result.user.email, url: result.setup_url, reset: true });
    });

  return (
    <section class="panel" aria-labelledby="users-title">
      <h2 id="users-title">Users</h2>
      <form class="inline-form" onSubmit={sendInvite} aria-label="Invite a user">
        <InputField
          label="Invite by email"
          id="invite-email"
          error={fieldError(error, 'email')}
          type="email"
          required
          placeholder="name@company.com"
          value={email}
          onValue={setEmail}
        />
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
      {invite && !invite.reset && (
        <SecretOnce
          label="invitation link"
          value={invite.url}
          testId="invite-link"
          onDone={() => setInvite(null)}
          intro={
            <>
              Send this one-time link to <strong>{invite.email}</strong>. It lets them set a
              password and expires in 24 hours.
            </>
          }
        />
      )}
      {invite?.reset && (
        <SecretOnce
          label="password reset link"
          value={invite.url}
          testId="reset-link"
          onDone={() => setInvite(null)}
          intro={
            <>
              Send this one-time link to <strong>{invite.email}</strong>. It lets them set a new
              password and sign in, once, within 24 hours. Their current password keeps working
              until they use it.
            </>
          }
        />
      )}
      {notice && <Notice>{notice}</Notice>}
      <FormError error={error} fields={['email']} />
      <LoadedList loaded={users} items={(page) => page.data}>
        {(list) => (
          <DataTable
            stacked
            actions
            columns={[
              'Email',
              'Role',
              { label: 'Status', class: 'hide-narrow' },
              { label: 'Last sign-in', class: 'hide-narrow' },
            ]}
          >
            {list.map((user) => (
              <tr key={user.id}>
                <td>
                  {user.email}
                  {user.id === me.id && <span class="muted small"> (you)</span>}
                  {user.status === 'invited' && (
                    <span class="show-narrow muted small"> · invited</span>
                  )}
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
                  {user.id === me.id ? null : (
                    <ConfirmAction
                      action="Remove"
                      doing="removing"
                      target={user.email}
                      confirming={removing === user.id}
                      alongside={
                        <button
                          type="button"
                          class="btn btn-small"
                          aria-label={
                            user.status === 'invited'
                              ? `New invitation link for ${user.email}`
                              : `Reset the password of ${user.email}`
                          }
                          onClick={() => void resetPassword(user)}
                        >
                          {user.status === 'invited' ? 'New link' : 'Reset password'}
                        </button>
                      }
                      onAsk={() => setRemoving(user.id)}
                      onConfirm={() =>
                        run(async () => {
                          await api('DELETE', `/users/${user.id}`);
                          setRemoving(null);
                          setInvite((shown) => (shown?.email === user.email ? null : shown));
                        })
                      }
                      onKeep={() => setRemoving(null)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </LoadedList>
    </section>
  );
}

import { useState } from 'preact/hooks';
import { api, type Session } from '../api';
import { useSession } from '../session/context';
import { ErrorNote, Field, fieldError, Notice } from '../ui';

export function PasswordPanel() {
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

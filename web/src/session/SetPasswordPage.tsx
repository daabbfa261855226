import { useState } from 'preact/hooks';
import { api, ApiFailure, type Session } from '../api';
import { ErrorNote, Field, fieldError } from '../ui';
import { AuthCard } from './AuthCard';

export function SetPasswordPage({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const mismatch = confirm.length > 0 && confirm !== password;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (password !== confirm) {
      setError(new ApiFailure(400, 'invalid_request', 'The passwords do not match', 'confirm'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(
        await api<Session>('POST', '/password-setup', { token, password }, { quiet401: true }),
      );
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const tokenError = fieldError(error, 'token');
  return (
    <AuthCard title="Set your password">
      {!token && (
        <p class="alert alert-error" role="alert">
          This page needs the one-time link you were given. Ask the account owner for a new one.
        </p>
      )}
      <form onSubmit={submit} class="stack">
        <Field
          label="New password"
          id="new-password"
          hint="At least 12 characters."
          error={fieldError(error, 'password')}
        >
          {(attrs) => (
            <input
              {...attrs}
              type="password"
              autoComplete="new-password"
              required
              minLength={12}
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field
          label="Confirm password"
          id="confirm-password"
          error={mismatch ? 'The passwords do not match' : fieldError(error, 'confirm')}
        >
          {(attrs) => (
            <input
              {...attrs}
              type="password"
              autoComplete="new-password"
              required
              value={confirm}
              onInput={(e) => setConfirm(e.currentTarget.value)}
            />
          )}
        </Field>
        {tokenError && (
          <p class="alert alert-error" role="alert">
            {tokenError}
          </p>
        )}
        {error && !fieldError(error, 'password', 'token', 'confirm') ? (
          <ErrorNote error={error} />
        ) : null}
        <button type="submit" class="btn btn-primary btn-block" disabled={busy || !token}>
          Set password and sign in
        </button>
      </form>
    </AuthCard>
  );
}

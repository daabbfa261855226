import { useState } from 'preact/hooks';
import { api, ApiFailure, type Session } from '../api';
import { fieldError, FormError, InputField, useAction } from '../ui';
import { AuthCard } from './AuthCard';

export function SetPasswordPage({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { error, setError, busy, run } = useAction();
  const mismatch = confirm.length > 0 && confirm !== password;

  const submit = (event: Event) => {
    event.preventDefault();
    if (password !== confirm) {
      setError(new ApiFailure(400, 'invalid_request', 'The passwords do not match', 'confirm'));
      return;
    }
    return run(async () =>
      onSignedIn(
        await api<Session>('POST', '/password-setup', { token, password }, { quiet401: true }),
      ),
    );
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
        <InputField
          label="New password"
          id="new-password"
          hint="At least 12 characters."
          error={fieldError(error, 'password')}
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          value={password}
          onValue={setPassword}
        />
        <InputField
          label="Confirm password"
          id="confirm-password"
          error={mismatch ? 'The passwords do not match' : fieldError(error, 'confirm')}
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onValue={setConfirm}
        />
        {tokenError && (
          <p class="alert alert-error" role="alert">
            {tokenError}
          </p>
        )}
        <FormError error={error} fields={['password', 'token', 'confirm']} />
        <button type="submit" class="btn btn-primary btn-block" disabled={busy || !token}>
          Set password and sign in
        </button>
      </form>
    </AuthCard>
  );
}

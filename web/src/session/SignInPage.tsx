import { useState } from 'preact/hooks';
import { api, type Session } from '../api';
import { ErrorNote, Field } from '../ui';
import { AuthCard } from './AuthCard';

export function SignInPage({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const expired = new URLSearchParams(location.search).has('next');

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await api<Session>('POST', '/session', { email, password }, { quiet401: true }));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign in">
      {expired && !error && (
        <p class="alert alert-info" role="status">
          Please sign in to continue.
        </p>
      )}
      <form onSubmit={submit} class="stack">
        <Field label="Email" id="email">
          {(attrs) => (
            <input
              {...attrs}
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onInput={(e) => setEmail(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label="Password" id="password">
          {(attrs) => (
            <input
              {...attrs}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
            />
          )}
        </Field>
        <ErrorNote error={error} />
        <button type="submit" class="btn btn-primary btn-block" disabled={busy}>
          Sign in
        </button>
      </form>
      <p class="muted small">
        No account yet? Ask the owner of your account for an invitation link.{' '}
        <a href="/docs">API documentation</a>
      </p>
    </AuthCard>
  );
}

import { useState } from 'preact/hooks';
import { api, type Session } from '../api';
import { ErrorNote, InputField, useAction } from '../ui';
import { AuthCard } from './AuthCard';

export function SignInPage({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, busy, run } = useAction();
  const expired = new URLSearchParams(location.search).has('next');

  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () =>
      onSignedIn(await api<Session>('POST', '/session', { email, password }, { quiet401: true })),
    );
  };

  return (
    <AuthCard title="Sign in">
      {expired && !error && (
        <p class="alert alert-info" role="status">
          Please sign in to continue.
        </p>
      )}
      <form onSubmit={submit} class="stack">
        <InputField
          label="Email"
          id="email"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onValue={setEmail}
        />
        <InputField
          label="Password"
          id="password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onValue={setPassword}
        />
        <ErrorNote error={error} />
        <button type="submit" class="btn btn-primary btn-block" disabled={busy}>
          Sign in
        </button>
      </form>
      <p class="muted small">
        No account yet? Ask the owner of your account for an invitation link.{' '}
        <a href="/docs">API documentation</a>
      </p>
      <p class="muted small" data-testid="forgot-password">
        Forgot your password? An owner of your account can give you a new sign-in link from
        Settings, Users. If you are the only owner, whoever runs the service can make you one on its
        server with <code>npm run cli -- user:reset-password --email you@example.com</code>.
      </p>
    </AuthCard>
  );
}

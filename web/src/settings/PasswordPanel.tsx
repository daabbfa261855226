import { useState } from 'preact/hooks';
import { api, type Session } from '../api';
import { useSession } from '../session/context';
import { fieldError, FormError, InputField, Notice, useAction } from '../ui';

export function PasswordPanel() {
  const { refresh } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [done, setDone] = useState(false);
  const { error, run } = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    setDone(false);
    return run(async () => {
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
    });
  };
  return (
    <section class="panel" aria-labelledby="password-title">
      <h2 id="password-title">Your password</h2>
      <form class="stack form-narrow" onSubmit={submit}>
        <InputField
          label="Current password"
          id="current-password"
          error={fieldError(error, 'current_password')}
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onValue={setCurrent}
        />
        <InputField
          label="New password"
          id="change-password"
          hint="At least 12 characters. Your other sessions are signed out."
          error={fieldError(error, 'new_password', 'password')}
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          value={next}
          onValue={setNext}
        />
        <FormError error={error} fields={['current_password', 'new_password', 'password']} />
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

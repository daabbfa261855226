import { useState } from 'preact/hooks';
import { api, type AccountInfo, type SigningSecret } from '../api';
import { ConfirmInline, ErrorNote, SecretOnce } from '../ui';

export function SigningPanel(props: {
  account: AccountInfo | undefined;
  onChange: () => Promise<void>;
}) {
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
            <ConfirmInline
              label="Confirm disabling signing"
              confirm="Confirm disable"
              keep="Keep signing"
              busy={busy}
              onConfirm={disable}
              onKeep={() => setConfirmOff(false)}
            />
          ) : (
            <button type="button" class="btn" onClick={() => setConfirmOff(true)}>
              Disable signing
            </button>
          ))}
      </div>
    </section>
  );
}

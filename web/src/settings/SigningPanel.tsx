import { useState } from 'preact/hooks';
import { api, type AccountInfo, type SigningSecret } from '../api';
import { ConfirmBox, ErrorNote, SecretOnce } from '../ui';

export function SigningPanel(props: {
  account: AccountInfo | undefined;
  onChange: () => Promise<void>;
}) {
  const enabled = props.account?.signing?.enabled ?? false;
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<unknown>(undefined);
  /** The change waiting for confirmation: both break receivers checking the current secret. */
  const [confirming, setConfirming] = useState<'rotate' | 'disable' | null>(null);
  const [busy, setBusy] = useState(false);

  const rotate = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await api<SigningSecret>('POST', '/account/signing-secret/rotate');
      setSecret(result.signing_secret);
      setConfirming(null);
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
      setConfirming(null);
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
      {secret && <SecretOnce label="Signing secret" value={secret} onDone={() => setSecret('')} />}
      {confirming === 'rotate' && (
        <ConfirmBox
          label="Confirm rotating the signing secret"
          confirm="Confirm rotate"
          keep="Keep current secret"
          busy={busy}
          onConfirm={rotate}
          onKeep={() => setConfirming(null)}
        >
          Callbacks are signed with the new secret at once: receivers still checking the current one
          will reject them until they use the new one.
        </ConfirmBox>
      )}
      {confirming === 'disable' && (
        <ConfirmBox
          label="Confirm disabling signing"
          confirm="Confirm disable"
          keep="Keep signing"
          busy={busy}
          onConfirm={disable}
          onKeep={() => setConfirming(null)}
        >
          Callbacks are sent unsigned from now on.
        </ConfirmBox>
      )}
      {confirming === null && (
        <div class="actions">
          <button
            type="button"
            class="btn btn-primary"
            // Enabling breaks no receiver; rotating does (above).
            onClick={enabled ? () => setConfirming('rotate') : rotate}
            disabled={busy}
          >
            {enabled ? 'Rotate signing secret' : 'Enable signing'}
          </button>
          {enabled && (
            <button type="button" class="btn" onClick={() => setConfirming('disable')}>
              Disable signing
            </button>
          )}
        </div>
      )}
    </section>
  );
}

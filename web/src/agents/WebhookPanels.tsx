import { useState } from 'preact/hooks';
import { api, type Agent, type WebhookCredential } from '../api';
import { CodeBlock, CopyButton, ErrorNote, Notice, SecretOnce } from '../ui';

type AuthMode = 'none' | 'api_key' | 'signature';

export const SAMPLE_PAYLOAD = {
  email: 'jane@acme.io',
  name: 'Jane Doe',
  company: 'Acme',
  message: 'Interested in pricing for 50 seats',
};

const MODE_LABEL: Record<AuthMode, string> = {
  none: 'None',
  api_key: 'API key',
  signature: 'Signing secret',
};

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A sample `curl` for each webhook security method (the secret, when just shown, inline). */
export function curlSample(url: string, mode: AuthMode, secret?: string): string {
  const body = JSON.stringify(SAMPLE_PAYLOAD);
  if (mode === 'none') {
    return [
      `curl -X POST ${shellQuote(url)} \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d ${shellQuote(body)}`,
    ].join('\n');
  }
  if (mode === 'api_key') {
    return [
      `WEBHOOK_KEY=${secret ? shellQuote(secret) : "'<your webhook API key>'"}`,
      `curl -X POST ${shellQuote(url)} \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -H "X-API-Key: $WEBHOOK_KEY" \\`,
      `  -d ${shellQuote(body)}`,
    ].join('\n');
  }
  return [
    `SECRET=${secret ? shellQuote(secret) : "'<your whsec_ signing secret>'"}`,
    `BODY=${shellQuote(body)}`,
    `# X-Signature: sha256=<hex HMAC-SHA256 of the exact body, keyed with the whole secret>`,
    `SIG="sha256=$(printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.* //')"`,
    `curl -X POST ${shellQuote(url)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H "X-Signature: $SIG" \\`,
    `  -d "$BODY"`,
  ].join('\n');
}

export function WebhookPanel({ agent, onChange }: { agent: Agent; onChange: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [rotated, setRotated] = useState(false);
  const rotate = async () => {
    setError(undefined);
    try {
      await api('POST', `/agents/${agent.id}/webhook-url/rotate`);
      setConfirming(false);
      setRotated(true);
      await onChange();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <section class="panel" aria-labelledby="webhook-title">
      <h2 id="webhook-title">Webhook URL</h2>
      <p class="muted">POST a JSON object to this URL to start a run. Keep it secret.</p>
      <div class="copy-row">
        <code class="url" data-testid="webhook-url">
          {agent.webhook_url}
        </code>
        <CopyButton text={agent.webhook_url} label="webhook URL" />
      </div>
      {rotated && <Notice>New URL issued. The old one answers 404 from now on.</Notice>}
      <ErrorNote error={error} />
      {confirming ? (
        <div class="confirm" role="group" aria-label="Confirm rotation">
          <p>The current URL will stop working at once. Rotate it?</p>
          <button type="button" class="btn btn-danger" onClick={rotate}>
            Rotate URL
          </button>
          <button type="button" class="btn" onClick={() => setConfirming(false)}>
            Keep current URL
          </button>
        </div>
      ) : (
        <button type="button" class="btn" onClick={() => setConfirming(true)}>
          Rotate webhook URL
        </button>
      )}
    </section>
  );
}

export function WebhookSecurity({
  agent,
  onChange,
}: {
  agent: Agent;
  onChange: () => Promise<void>;
}) {
  const mode = (agent.webhook_auth ?? 'none') as AuthMode;
  const [shown, setShown] = useState<{ type: AuthMode; secret: string } | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  const generate = async (type: 'api_key' | 'signature') => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await api<WebhookCredential>(
        'POST',
        `/agents/${agent.id}/webhook-credentials`,
        { type },
      );
      setShown({ type: result.type, secret: result.secret });
      await onChange();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api('PATCH', `/agents/${agent.id}`, { webhook_auth: 'none' });
      setShown(null);
      await onChange();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="panel" aria-labelledby="security-title">
      <h2 id="security-title">Webhook security</h2>
      <p>
        Current method: <strong data-testid="webhook-auth">{MODE_LABEL[mode]}</strong>
      </p>
      <p class="muted">
        Require senders to present an API key (<code>X-API-Key</code>) or to sign each body with a
        secret (<code>X-Signature: sha256=…</code> or the Standard Webhooks headers). Generating a
        new credential replaces the previous one of that type.
      </p>
      <div class="actions">
        <button type="button" class="btn" disabled={busy} onClick={() => generate('api_key')}>
          {mode === 'api_key' ? 'Rotate API key' : 'Use an API key'}
        </button>
        <button type="button" class="btn" disabled={busy} onClick={() => generate('signature')}>
          {mode === 'signature' ? 'Rotate signing secret' : 'Use a signing secret'}
        </button>
        {mode !== 'none' && (
          <button type="button" class="btn" disabled={busy} onClick={turnOff}>
            Accept unauthenticated requests
          </button>
        )}
      </div>
      <ErrorNote error={error} />
      {shown && (
        <SecretOnce
          label={shown.type === 'api_key' ? 'Webhook API key' : 'Webhook signing secret'}
          value={shown.secret}
        />
      )}
      <h3>Sample request</h3>
      <CodeBlock
        label={`curl sample (${MODE_LABEL[mode]})`}
        code={curlSample(
          agent.webhook_url,
          mode,
          shown && shown.type === mode ? shown.secret : undefined,
        )}
      />
      <details>
        <summary>Samples for the other methods</summary>
        {(['none', 'api_key', 'signature'] as AuthMode[])
          .filter((m) => m !== mode)
          .map((m) => (
            <CodeBlock
              key={m}
              label={`curl sample (${MODE_LABEL[m]})`}
              code={curlSample(agent.webhook_url, m)}
            />
          ))}
      </details>
    </section>
  );
}

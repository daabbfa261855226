import { useState } from 'preact/hooks';
import { api, type Agent, type WebhookCredential } from '../api';
import { CodeBlock, ConfirmBox, CopyButton, ErrorNote, Notice, SecretOnce } from '../ui';

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

/** What the samples say in place of a credential shown in the box above them. */
const KEY_SHOWN = '<the webhook API key shown above>';
const SECRET_SHOWN = '<the signing secret shown above>';

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The sample payload as an HTML form sends it (`application/x-www-form-urlencoded`). */
export const SAMPLE_FORM = new URLSearchParams(SAMPLE_PAYLOAD).toString();

export type SampleBody = 'json' | 'form';

/** The `Content-Type` and body lines of a sample, JSON or form. */
const BODY = {
  json: { text: JSON.stringify(SAMPLE_PAYLOAD), type: 'application/json' },
  form: { text: SAMPLE_FORM, type: 'application/x-www-form-urlencoded' },
};

/**
 * A sample `curl` for each webhook security method, with a JSON body or a form (`body`). A
 * secret is shown only once, in its own box: with `secretShown` the sample refers to that box
 * instead of repeating the value. With `standardOnly` (the agent refuses `X-Signature`) the
 * signed sample uses the Standard Webhooks headers.
 */
export function curlSample(
  url: string,
  mode: AuthMode,
  secretShown = false,
  body: SampleBody = 'json',
  standardOnly = false,
): string {
  const { text, type } = BODY[body];
  if (mode === 'none') {
    if (body === 'form') return `curl -X POST ${shellQuote(url)} --data ${shellQuote(text)}`;
    return [
      `curl -X POST ${shellQuote(url)} \\`,
      `  -H 'Content-Type: ${type}' \\`,
      `  -d ${shellQuote(text)}`,
    ].join('\n');
  }
  if (mode === 'api_key') {
    return [
      `WEBHOOK_KEY=${shellQuote(secretShown ? KEY_SHOWN : '<your webhook API key>')}`,
      `curl -X POST ${shellQuote(url)} \\`,
      `  -H 'Content-Type: ${type}' \\`,
      `  -H "X-API-Key: $WEBHOOK_KEY" \\`,
      `  -d ${shellQuote(text)}`,
    ].join('\n');
  }
  const secretLine = `SECRET=${shellQuote(secretShown ? SECRET_SHOWN : '<your whsec_ signing secret>')}`;
  if (standardOnly) {
    return [
      secretLine,
      `BODY=${shellQuote(text)}`,
      `# Standard Webhooks: v1,<base64 HMAC-SHA256 of "id.timestamp.body", keyed with the decoded secret>`,
      `ID="msg_$(date +%s%N)"; TS="$(date +%s)"`,
      `KEY="$(printf '%s' "\${SECRET#whsec_}" | base64 -d | od -An -v -tx1 | tr -d ' \\n')"`,
      `SIG="$(printf '%s' "$ID.$TS.$BODY" | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$KEY" -binary | base64)"`,
      `curl -X POST ${shellQuote(url)} \\`,
      `  -H 'Content-Type: ${type}' \\`,
      `  -H "webhook-id: $ID" -H "webhook-timestamp: $TS" -H "webhook-signature: v1,$SIG" \\`,
      `  --data-raw "$BODY"`,
    ].join('\n');
  }
  return [
    secretLine,
    `BODY=${shellQuote(text)}`,
    `# X-Signature: sha256=<hex HMAC-SHA256 of the exact body, keyed with the whole secret>`,
    `SIG="sha256=$(printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.* //')"`,
    `curl -X POST ${shellQuote(url)} \\`,
    `  -H 'Content-Type: ${type}' \\`,
    `  -H "X-Signature: $SIG" \\`,
    `  --data-raw "$BODY"`,
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
      <p class="muted">POST a JSON object or a form to this URL to start a run. Keep it secret.</p>
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

/** A change of webhook security that breaks the agent's current senders, asked before it is made. */
type Pending = 'api_key' | 'signature' | 'none';

/** What asking for `pending` says, while `mode` is in force (never `none`: nothing to break). */
function confirmation(pending: Pending, mode: AuthMode) {
  const current = mode === 'api_key' ? 'API key' : 'signing secret';
  if (pending === 'none') {
    return {
      label: 'Confirm accepting unauthenticated requests',
      text: 'Anyone who has the webhook URL can then start runs of this agent, with no credential.',
      confirm: 'Confirm accept unauthenticated',
      keep: `Keep the ${current}`,
    };
  }
  const next = pending === 'api_key' ? 'API key' : 'signing secret';
  if (pending === mode) {
    return {
      label: `Confirm rotating the webhook ${next}`,
      text: `The current ${next} stops working at once: senders using it get 401 until they use the new one.`,
      confirm: 'Confirm rotate',
      keep: `Keep the current ${next}`,
    };
  }
  return {
    label: `Confirm switching to a webhook ${next}`,
    text: `The current ${current} stops working at once: senders get 401 until they use the new ${next}.`,
    confirm: 'Confirm switch',
    keep: `Keep the ${current}`,
  };
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
  const [pending, setPending] = useState<Pending | null>(null);
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
      setPending(null);
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
      setPending(null);
      await onChange();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  /** Without a method in force nothing breaks: the credential is made at once. */
  const ask = (next: Pending) => {
    if (mode === 'none' && next !== 'none') void generate(next);
    else setPending(next);
  };
  const asking = pending && mode !== 'none' ? confirmation(pending, mode) : null;
  const standardOnly = !(agent.webhook_signature_formats ?? []).includes('sha256');

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
      {asking && pending ? (
        <ConfirmBox
          label={asking.label}
          confirm={asking.confirm}
          keep={asking.keep}
          busy={busy}
          onConfirm={() => (pending === 'none' ? turnOff() : generate(pending))}
          onKeep={() => setPending(null)}
        >
          {asking.text}
        </ConfirmBox>
      ) : (
        <div class="actions">
          <button type="button" class="btn" disabled={busy} onClick={() => ask('api_key')}>
            {mode === 'api_key' ? 'Rotate API key' : 'Use an API key'}
          </button>
          <button type="button" class="btn" disabled={busy} onClick={() => ask('signature')}>
            {mode === 'signature' ? 'Rotate signing secret' : 'Use a signing secret'}
          </button>
          {mode !== 'none' && (
            <button type="button" class="btn" disabled={busy} onClick={() => ask('none')}>
              Accept unauthenticated requests
            </button>
          )}
        </div>
      )}
      <ErrorNote error={error} />
      {shown && (
        <SecretOnce
          label={shown.type === 'api_key' ? 'Webhook API key' : 'Webhook signing secret'}
          value={shown.secret}
          onDone={() => setShown(null)}
        />
      )}
      {mode === 'signature' && <ReplayProtection agent={agent} onChange={onChange} />}
      <h3>Sample request</h3>
      <p class="muted">
        The body is a JSON object, or an HTML form (<code>application/x-www-form-urlencoded</code>:
        each field a string, a repeated field a list).
      </p>
      <CodeBlock
        label={`curl sample (${MODE_LABEL[mode]})`}
        code={curlSample(agent.webhook_url, mode, shown?.type === mode, 'json', standardOnly)}
      />
      <CodeBlock
        label={`curl sample, form (${MODE_LABEL[mode]})`}
        code={curlSample(agent.webhook_url, mode, shown?.type === mode, 'form', standardOnly)}
      />
      <details>
        <summary>Samples for the other methods</summary>
        {(['none', 'api_key', 'signature'] as AuthMode[])
          .filter((m) => m !== mode)
          .map((m) => (
            <CodeBlock
              key={m}
              label={`curl sample (${MODE_LABEL[m]})`}
              code={curlSample(agent.webhook_url, m, false, 'json', standardOnly)}
            />
          ))}
      </details>
    </section>
  );
}

/**
 * Replay protection of a signed webhook: `X-Signature` carries no timestamp, so a captured
 * request verifies for ever; requiring the Standard Webhooks form (timestamped, its id
 * deduplicated) refuses it (`webhook_signature_formats: ["standard_webhooks"]`).
 */
function ReplayProtection({ agent, onChange }: { agent: Agent; onChange: () => Promise<void> }) {
  const strict = !(agent.webhook_signature_formats ?? []).includes('sha256');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const save = async (formats: ('sha256' | 'standard_webhooks')[]) => {
    setBusy(true);
    setError(undefined);
    try {
      await api('PATCH', `/agents/${agent.id}`, { webhook_signature_formats: formats });
      setConfirming(false);
      await onChange();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="replay-protection" role="group" aria-labelledby="replay-title">
      <h3 id="replay-title">Replay protection</h3>
      <p>
        Accepted signatures:{' '}
        <strong data-testid="signature-formats">
          {strict ? 'Standard Webhooks only' : 'X-Signature or Standard Webhooks'}
        </strong>
      </p>
      <p class="muted">
        <code>X-Signature</code> carries no timestamp: anyone who captures one signed request can
        send it again, as often as they like, and start a new run each time. Standard Webhooks
        signatures (<code>webhook-id</code>, <code>webhook-timestamp</code>,{' '}
        <code>webhook-signature</code>) are refused after 5 minutes and a repeated id starts
        nothing.
      </p>
      <ErrorNote error={error} />
      {confirming ? (
        <ConfirmBox
          label="Confirm requiring Standard Webhooks signatures"
          confirm="Confirm require"
          keep="Keep accepting X-Signature"
          busy={busy}
          onConfirm={() => save(['standard_webhooks'])}
          onKeep={() => setConfirming(false)}
        >
          Senders that sign with X-Signature (or GitHub&apos;s X-Hub-Signature-256) get 401 from
          then on.
        </ConfirmBox>
      ) : strict ? (
        <button
          type="button"
          class="btn"
          disabled={busy}
          onClick={() => save(['sha256', 'standard_webhooks'])}
        >
          Also accept X-Signature
        </button>
      ) : (
        <button type="button" class="btn" disabled={busy} onClick={() => setConfirming(true)}>
          Require Standard Webhooks signatures
        </button>
      )}
    </div>
  );
}

import { useState } from 'preact/hooks';
import {
  api,
  type Agent,
  type DailyStats,
  type TestWebhookResult,
  type WebhookCredential,
} from '../api';
import { navigate } from '../router';
import {
  Badge,
  CodeBlock,
  CopyButton,
  DailyChart,
  ErrorNote,
  Field,
  fieldError,
  formatPercent,
  Link,
  Loading,
  Notice,
  PageHeader,
  SecretOnce,
  Time,
  useLoad,
} from '../ui';
import { parseConfig } from './Agents';
import { ExecutionTable } from './Executions';

type AuthMode = 'none' | 'api_key' | 'signature';

const SAMPLE_PAYLOAD = {
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

export function AgentDetailPage({ id }: { id: string }) {
  const agent = useLoad(() => api<Agent>('GET', `/agents/${encodeURIComponent(id)}`), [id]);
  const stats = useLoad(
    () => api<DailyStats>('GET', `/agents/${encodeURIComponent(id)}/stats?days=14`),
    [id],
  );
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');

  if (!agent.data) {
    return (
      <>
        <PageHeader title="Agent" back={{ href: '/agents', label: 'Agents' }} />
        <ErrorNote error={agent.error} />
        {!agent.error && <Loading />}
      </>
    );
  }
  const a = agent.data;

  const act = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setError(undefined);
    setNotice('');
    try {
      await work();
      await agent.reload();
      if (done) setNotice(done);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const toggle = () =>
    act(
      () =>
        api('PATCH', `/agents/${a.id}`, { status: a.status === 'active' ? 'paused' : 'active' }),
      a.status === 'active'
        ? 'Agent paused: its webhook and triggers are refused.'
        : 'Agent resumed.',
    );

  const sendTest = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await api<TestWebhookResult>('POST', `/agents/${a.id}/test-webhook`, {
        input: SAMPLE_PAYLOAD,
      });
      navigate(`/executions/${result.execution_id}`);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={a.name}
        subtitle={
          <>
            <Badge status={a.status} /> <span class="mono">{a.id}</span> · {a.kind}
          </>
        }
        back={{ href: '/agents', label: 'Agents' }}
        actions={
          <>
            <button type="button" class="btn" onClick={toggle} disabled={busy}>
              {a.status === 'active' ? 'Pause' : 'Resume'}
            </button>
            <button
              type="button"
              class="btn btn-primary"
              onClick={sendTest}
              disabled={busy || a.status !== 'active'}
            >
              Send test webhook
            </button>
          </>
        }
      />
      <ErrorNote error={error} />
      {notice && <Notice>{notice}</Notice>}

      <section class="cards" aria-label="Agent summary">
        <div class="card stat">
          <p class="stat-label">Runs today</p>
          <p class="stat-value">{a.executions_today}</p>
        </div>
        <div class="card stat">
          <p class="stat-label">Success rate (30 d)</p>
          <p class="stat-value">{formatPercent(a.success_rate)}</p>
        </div>
        <div class="card stat">
          <p class="stat-label">Timeout</p>
          <p class="stat-value">{((a.timeout_ms ?? 0) / 1000).toLocaleString()} s</p>
        </div>
      </section>

      <WebhookPanel agent={a} onChange={agent.reload} />
      <WebhookSecurity agent={a} onChange={agent.reload} />
      <ConfigPanel agent={a} onSaved={agent.reload} />

      <section class="panel" aria-labelledby="agent-chart">
        <h2 id="agent-chart">Runs, last 14 days</h2>
        <ErrorNote error={stats.error} />
        {stats.data ? (
          <DailyChart data={stats.data.data} title={`Runs of ${a.name}, last 14 days`} />
        ) : (
          !stats.error && <Loading />
        )}
      </section>

      <section class="panel" aria-labelledby="agent-executions">
        <div class="panel-head">
          <h2 id="agent-executions">Recent executions</h2>
          <Link href={`/executions?agent=${a.id}`} class="btn btn-small">
            All executions
          </Link>
        </div>
        <ExecutionTable agentId={a.id} limit={10} />
      </section>

      <p class="muted small">
        Created <Time iso={a.created_at} /> · updated <Time iso={a.updated_at} />
      </p>
    </>
  );
}

function WebhookPanel({ agent, onChange }: { agent: Agent; onChange: () => Promise<void> }) {
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

function WebhookSecurity({ agent, onChange }: { agent: Agent; onChange: () => Promise<void> }) {
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

function ConfigPanel({ agent, onSaved }: { agent: Agent; onSaved: () => Promise<void> }) {
  const initial = JSON.stringify(agent.config ?? {}, null, 2);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const value = text ?? initial;
  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      await api('PATCH', `/agents/${agent.id}`, { config: parseConfig(value) });
      setText(null);
      setSaved(true);
      await onSaved();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const other = error && !fieldError(error, 'config');
  return (
    <section class="panel" aria-labelledby="config-title">
      <h2 id="config-title">Configuration</h2>
      <form class="stack" onSubmit={save}>
        <Field
          label={`Config of ${agent.kind ?? 'the agent'} (JSON)`}
          id="config-edit"
          error={fieldError(error, 'config')}
        >
          {(attrs) => (
            <textarea
              {...attrs}
              class="mono"
              rows={8}
              spellcheck={false}
              value={value}
              onInput={(e) => {
                setText(e.currentTarget.value);
                setSaved(false);
              }}
            />
          )}
        </Field>
        {other ? <ErrorNote error={error} /> : null}
        {saved && <Notice>Configuration saved.</Notice>}
        <div class="actions">
          <button type="submit" class="btn btn-primary" disabled={busy || text === null}>
            Save config
          </button>
          {text !== null && (
            <button type="button" class="btn" onClick={() => setText(null)}>
              Discard changes
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

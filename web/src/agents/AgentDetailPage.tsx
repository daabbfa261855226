import { useCallback, useState } from 'preact/hooks';
import { api, type Agent, type DailyStats, type TestWebhookResult } from '../api';
import { navigate, useLeaveGuard } from '../router';
import {
  Badge,
  ConfirmBox,
  DailyChart,
  ErrorNote,
  Link,
  Loading,
  Notice,
  PageHeader,
  Time,
  useLoad,
} from '../ui';
import { ExecutionTable } from '../executions/ExecutionTable';
import { AgentSettingsPanel } from './AgentSettingsPanel';
import { FlowPanel } from './FlowPanel';
import { McpPanel } from './McpPanel';
import { ConfigPanel, savedConfigText } from './ConfigPanel';
import { SAMPLE_PAYLOAD, WebhookPanel, WebhookSecurity } from './WebhookPanels';
import { SchedulesPanel } from './SchedulesPanel';
import { WorkflowTestPanel } from './WorkflowTestPanel';
import {
  finishedRuns,
  SUCCESS_WINDOW_DAYS,
  successRateHint,
  successRateText,
} from './success-rate';

export function AgentDetailPage({ id }: { id: string }) {
  const agent = useLoad(() => api<Agent>('GET', `/agents/${encodeURIComponent(id)}`), [id]);
  // 30 days: the success rate's window (its finished runs), of which the chart shows 14.
  const stats = useLoad(
    () =>
      api<DailyStats>('GET', `/agents/${encodeURIComponent(id)}/stats?days=${SUCCESS_WINDOW_DAYS}`),
    [id],
  );
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  /** The config editor's text; `null` while it shows the saved config. */
  const [configText, setConfigText] = useState<string | null>(null);
  /** Where the user asked to go while the config had unsaved edits. */
  const [leaving, setLeaving] = useState<string | null>(null);
  const edited =
    agent.data !== undefined && configText !== null && configText !== savedConfigText(agent.data);
  useLeaveGuard(edited, useCallback(setLeaving, []));

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
  const finished = stats.data && finishedRuns(stats.data.data);

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
      setBusy(false); // still here when unsaved config edits held the navigation
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
      {leaving && (
        <ConfirmBox
          alert
          label="Leave with unsaved changes"
          confirm="Leave without saving"
          keep="Stay on this page"
          onConfirm={() => {
            setLeaving(null);
            navigate(leaving, { force: true });
          }}
          onKeep={() => setLeaving(null)}
        >
          The config has changes that are not saved: leaving the page loses them.
        </ConfirmBox>
      )}

      <section class="cards" aria-label="Agent summary">
        <div class="card stat">
          <p class="stat-label">Runs today</p>
          <p class="stat-value">{a.executions_today}</p>
        </div>
        <div class="card stat">
          <p class="stat-label">Success rate (30 d)</p>
          <p class="stat-value" title={successRateHint(a.success_rate, finished)}>
            {successRateText(a.success_rate, finished)}
          </p>
        </div>
        <div class="card stat">
          <p class="stat-label">Timeout</p>
          <p class="stat-value">{((a.timeout_ms ?? 0) / 1000).toLocaleString()} s</p>
        </div>
      </section>

      <WebhookPanel agent={a} onChange={agent.reload} />
      <WebhookSecurity agent={a} onChange={agent.reload} />
      <ConfigPanel agent={a} text={configText} onText={setConfigText} onSaved={agent.reload} />
      {a.kind === 'workflow' && (
        <WorkflowTestPanel agent={a} config={configText ?? savedConfigText(a)} />
      )}

      <SchedulesPanel agent={a} />

      <section class="panel" aria-labelledby="agent-chart">
        <h2 id="agent-chart">Runs, last 14 days</h2>
        <ErrorNote error={stats.error} />
        {stats.data ? (
          <DailyChart data={stats.data.data.slice(-14)} title={`Runs of ${a.name}, last 14 days`} />
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

      <FlowPanel agent={a} onSaved={agent.reload} />
      <McpPanel agent={a} onSaved={agent.reload} />
      <AgentSettingsPanel agent={a} onSaved={agent.reload} />

      <p class="muted small">
        Created <Time iso={a.created_at} /> · updated <Time iso={a.updated_at} />
      </p>
    </>
  );
}

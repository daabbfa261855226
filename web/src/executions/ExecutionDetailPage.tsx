import { useState } from 'preact/hooks';
import {
  api,
  type Agent,
  type DeliveryAttemptList,
  type ExecutionDetail,
  type WaitTokenList,
} from '../api';
import { navigate } from '../router';
import {
  Badge,
  Empty,
  ErrorNote,
  Json,
  Link,
  LIVE_REFRESH_MS,
  Loading,
  Notice,
  PageHeader,
  Time,
  useInterval,
  useLoad,
} from '../ui';
import { outcomeText, span, TokenButtons } from '../waiting/TokenButtons';
import { ChildExecutions } from './ChildExecutions';
import { StepsTable } from './StepsTable';

/** Not finished: polled, and cancellable. */
const LIVE = new Set(['queued', 'running', 'waiting']);
/** What holds a queued execution back (its record's `held`), in words. */
const HELD_TEXT: Record<string, string> = {
  concurrency: 'its key has as many runs as the concurrency limit allows',
  throttle: 'its key started as many runs as the throttle allows in its period',
  debounce: 'more triggers of its key may still replace its input',
};

export function ExecutionDetailPage({ id }: { id: string }) {
  const execution = useLoad(
    () => api<ExecutionDetail>('GET', `/executions/${encodeURIComponent(id)}`),
    [id],
  );
  const deliveries = useLoad(
    () => api<DeliveryAttemptList>('GET', `/executions/${encodeURIComponent(id)}/deliveries`),
    [id],
  );
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const e = execution.data;
  const agentId = e?.agent_id;
  const agent = useLoad(
    () =>
      agentId
        ? api<Agent>('GET', `/agents/${encodeURIComponent(agentId)}`).catch(() => undefined)
        : Promise.resolve(undefined),
    [agentId],
  );
  const live = Boolean(e && LIVE.has(e.status));
  const waitingOn = e?.status === 'waiting' ? (e.waiting?.token_id ?? '') : null;
  // The tokens of a waiting run that are still waiting (the one it waits on among them).
  const tokens = useLoad(
    () =>
      waitingOn === null
        ? Promise.resolve(undefined)
        : api<WaitTokenList>(
            'GET',
            `/wait-tokens?execution_id=${encodeURIComponent(id)}&status=waiting&limit=100`,
          ),
    [id, waitingOn],
  );
  // A queued, running or waiting execution is polled every second until it finishes.
  useInterval(
    () =>
      Promise.all([
        execution.reload(),
        deliveries.reload(),
        waitingOn === null ? undefined : tokens.reload(),
      ]),
    LIVE_REFRESH_MS,
    live,
  );

  if (!e) {
    return (
      <>
        <PageHeader title="Execution" back={{ href: '/executions', label: 'Executions' }} />
        <ErrorNote error={execution.error} />
        {!execution.error && <Loading />}
      </>
    );
  }

  const cancel = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api('POST', `/executions/${e.id}/cancel`);
      await execution.reload();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  /**
   * A new execution of the same input; `resume`: from the failed step (docs/api.md, Trigger and
   * executions).
   */
  const retry = async (resume: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      const next = await api<ExecutionDetail>(
        'POST',
        `/executions/${e.id}/retry`,
        resume ? { resume: true } : undefined,
      );
      navigate(`/executions/${next.id}`);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  // A failed workflow run can go on from the step that failed, reusing the steps before it.
  const resumable = e.status === 'failed' && e.steps !== undefined && Boolean(e.error?.step);
  const attempts = deliveries.data?.data ?? [];
  return (
    <>
      <PageHeader
        title={`Execution ${e.id}`}
        subtitle={
          <>
            <span aria-live="polite" data-testid="execution-status">
              <Badge status={e.status} />
            </span>{' '}
            {live && <span class="live-dot">live</span>} Agent{' '}
            <Link href={`/agents/${e.agent_id}`}>{agent.data?.name ?? e.agent_id}</Link> · source{' '}
            {e.source}
            {e.retry_of && (
              <>
                {' '}
                · retry of <Link href={`/executions/${e.retry_of}`}>{e.retry_of}</Link>
              </>
            )}
            {e.parent_execution_id && (
              <span data-testid="execution-parent">
                {' '}
                · started by{' '}
                <Link href={`/executions/${e.parent_execution_id}`} class="mono">
                  {e.parent_execution_id}
                </Link>
              </span>
            )}
            {e.root_execution_id && e.root_execution_id !== e.parent_execution_id && (
              <span data-testid="execution-root">
                {' '}
                · root{' '}
                <Link href={`/executions/${e.root_execution_id}`} class="mono">
                  {e.root_execution_id}
                </Link>
              </span>
            )}
          </>
        }
        back={{ href: '/executions', label: 'Executions' }}
        actions={
          <>
            {LIVE.has(e.status) && (
              <button type="button" class="btn btn-danger" onClick={cancel} disabled={busy}>
                Cancel
              </button>
            )}
            {resumable && (
              <button type="button" class="btn" onClick={() => retry(true)} disabled={busy}>
                Resume from {e.error?.step}
              </button>
            )}
            {!LIVE.has(e.status) && (
              <button
                type="button"
                class="btn btn-primary"
                onClick={() => retry(false)}
                disabled={busy}
              >
                Retry
              </button>
            )}
          </>
        }
      />
      <ErrorNote error={error} />
      {e.status === 'queued' && e.held && (
        <Notice>
          <span data-testid="execution-held">
            Held by the agent's flow control ({HELD_TEXT[e.held]}): it starts when the agent's{' '}
            {e.held} lets it.
          </span>
        </Notice>
      )}

      {e.status === 'waiting' && e.waiting && (
        <section class="panel panel-waiting" aria-labelledby="waiting-title">
          <h2 id="waiting-title">Waiting</h2>
          <p data-testid="execution-waiting">
            The run waits at step <code>{e.waiting.step}</code>
            {e.waiting.until && (
              <>
                {' '}
                until <Time iso={e.waiting.until} /> (in {span(e.waiting.until, Date.now())})
              </>
            )}
            {e.waiting.token_id && (
              <>
                {' '}
                for token <code>{e.waiting.token_id}</code>
              </>
            )}
            . It holds no worker meanwhile; cancelling it cancels its tokens.
          </p>
          <ErrorNote error={tokens.error} />
          {(tokens.data?.data ?? []).map((token) => (
            <div class="waiting-token" key={token.id} data-token-id={token.id}>
              <div>
                <p class="token-title">
                  {token.title ?? <code>{token.step_id}</code>}
                  {token.id === e.waiting?.token_id ? '' : ' (not waited on yet)'}
                </p>
                {token.description && <p class="muted small">{token.description}</p>}
                <p class="muted small">
                  Expires <Time iso={token.expires_at} />
                </p>
              </div>
              <TokenButtons
                token={token}
                onOutcome={(outcome) => {
                  setError(
                    outcome.error === undefined ? undefined : new Error(outcomeText(outcome)),
                  );
                  return Promise.all([tokens.reload(), execution.reload()]);
                }}
              />
            </div>
          ))}
        </section>
      )}

      <section class="panel" aria-labelledby="timings">
        <h2 id="timings">Timings</h2>
        <dl class="facts">
          <div>
            <dt>Created</dt>
            <dd>
              <Time iso={e.created_at} />
            </dd>
          </div>
          <div>
            <dt>Started</dt>
            <dd>
              <Time iso={e.started_at} />
            </dd>
          </div>
          <div>
            <dt>Finished</dt>
            <dd>
              <Time iso={e.completed_at} />
            </dd>
          </div>
          <div>
            <dt>Duration</dt>
            <dd>{e.duration_ms === null ? '—' : `${e.duration_ms} ms`}</dd>
          </div>
          {e.usage && (
            <div>
              <dt>Model tokens</dt>
              <dd data-testid="execution-usage">
                {e.usage.prompt_tokens} prompt + {e.usage.completion_tokens} completion
              </dd>
            </div>
          )}
        </dl>
      </section>

      {e.error && (
        <section class="panel panel-error" aria-labelledby="error-title">
          <h2 id="error-title">Error</h2>
          <p>
            <code>{e.error.code}</code> {e.error.message}
          </p>
        </section>
      )}

      <div class="two-col">
        <section class="panel" aria-labelledby="input-title">
          <h2 id="input-title">Input</h2>
          <Json value={e.input} label="Input" />
        </section>
        <section class="panel" aria-labelledby="output-title">
          <h2 id="output-title">Output</h2>
          {e.output ? (
            <Json value={e.output} label="Output" />
          ) : (
            <p class="muted">{live ? 'Not finished yet.' : 'No output.'}</p>
          )}
        </section>
      </div>

      {e.steps && (
        <section class="panel" aria-labelledby="steps-title">
          <h2 id="steps-title">Steps</h2>
          {e.error?.step && (
            <p>
              Failed at step <code>{e.error.step}</code>.
            </p>
          )}
          <StepsTable steps={e.steps} label="Steps of this execution" />
        </section>
      )}

      {e.steps && <ChildExecutions parentId={e.id} parentStatus={e.status} parentLive={live} />}

      <section class="panel" aria-labelledby="logs-title">
        <h2 id="logs-title">Logs</h2>
        {(e.logs ?? []).length === 0 ? (
          <p class="muted">No log lines{live ? ' yet' : ''}.</p>
        ) : (
          <ol class="logs" aria-live="polite">
            {(e.logs ?? []).map((line, i) => (
              <li key={i} class={`log log-${line.level.replace(/[^a-z]/g, '')}`}>
                <time dateTime={line.timestamp}>{line.timestamp.slice(11, 23)}</time>
                <span class="log-level">{line.level}</span>
                <span class="log-message">{line.message}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section class="panel" aria-labelledby="deliveries-title">
        <h2 id="deliveries-title">Callback deliveries</h2>
        <ErrorNote error={deliveries.error} />
        {attempts.length === 0 ? (
          <Empty title="No callback attempts">
            Executions triggered with <code>options.callback_url</code> list every delivery attempt
            here.
          </Empty>
        ) : (
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col" class="num">
                    Attempt
                  </th>
                  <th scope="col">URL</th>
                  <th scope="col">Result</th>
                  <th scope="col" class="num">
                    Duration
                  </th>
                  <th scope="col">At</th>
                </tr>
              </thead>
              <tbody>
                {attempts.map((a) => (
                  <tr key={a.id}>
                    <td class="num">{a.attempt}</td>
                    <td class="mono break">{a.url}</td>
                    <td>
                      <span
                        class={`badge ${a.status_code !== null && a.status_code >= 200 && a.status_code < 300 ? 'badge-completed' : 'badge-failed'}`}
                      >
                        {a.status_code ?? 'no answer'}
                      </span>{' '}
                      {a.error ?? ''}
                    </td>
                    <td class="num">{a.duration_ms === null ? '—' : `${a.duration_ms} ms`}</td>
                    <td>
                      <Time iso={a.created_at} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

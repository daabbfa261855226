import { useEffect, useState } from 'preact/hooks';
import { api, type BulkAction, type BulkRetryPreview, type ExecutionStatus } from '../api';
import { ConfirmBox, ErrorNote, useAction } from '../ui';

/** The most a bulk retry takes (its `limit`, at most). */
const MOST = 10_000;
const RETRYABLE: ExecutionStatus[] = ['failed', 'cancelled'];

/** The statuses a bulk retry of the filter retries: the retryable ones it shows. */
export function retryableOf(statuses: ExecutionStatus[]): ExecutionStatus[] {
  return statuses.length === 0 ? RETRYABLE : RETRYABLE.filter((s) => statuses.includes(s));
}

/**
 * "Retry all matching" for the executions page's filter: counts the matches first (`dry_run`),
 * asks with that number, then starts the bulk retry and follows its progress.
 */
export function BulkRetry(props: {
  agentId: string;
  statuses: ExecutionStatus[];
  from?: string;
  to?: string;
  tag: string;
}) {
  const statuses = retryableOf(props.statuses);
  const [matched, setMatched] = useState<number | null>(null);
  const [action, setAction] = useState<BulkAction | null>(null);
  const run = useAction();
  const filterKey = JSON.stringify(props);
  const body = () => ({
    status: statuses,
    ...(props.agentId ? { agent_id: props.agentId } : {}),
    ...(props.from ? { from: props.from } : {}),
    ...(props.to ? { to: props.to } : {}),
    ...(props.tag ? { tag: props.tag } : {}),
    limit: MOST,
  });

  useEffect(() => {
    setMatched(null);
  }, [filterKey]);

  useEffect(() => {
    if (!action || action.status === 'completed') return;
    const timer = setTimeout(async () => {
      try {
        setAction(await api<BulkAction>('GET', `/bulk-actions/${encodeURIComponent(action.id)}`));
      } catch (failure) {
        run.setError(failure);
      }
    }, 1000);
    return () => clearTimeout(timer);
  }, [action]);

  if (statuses.length === 0) return null;
  const what = statuses.join(' or ');
  const ask = () =>
    run.run(async () => {
      const preview = await api<BulkRetryPreview>('POST', '/executions/bulk-retry', {
        ...body(),
        dry_run: true,
      });
      setMatched(preview.matched);
    });
  const confirm = () =>
    run.run(async () => {
      setAction(await api<BulkAction>('POST', '/executions/bulk-retry', body()));
      setMatched(null);
    });

  return (
    <div class="bulk-retry">
      <ErrorNote error={run.error} />
      {action && (
        <p class="alert alert-ok" role="status">
          {action.status === 'completed'
            ? `Bulk retry done: ${action.retried} of ${action.matched} retried${action.failed ? `, ${action.failed} could not be` : ''}.`
            : `Retrying… ${action.retried + action.failed} of ${action.matched} handled.`}
        </p>
      )}
      {matched === null ? (
        <button type="button" class="btn" disabled={run.busy} onClick={ask}>
          Retry all matching
        </button>
      ) : matched === 0 ? (
        <p class="muted" role="status">
          No {what} execution matches these filters (or a bulk retry took them already).{' '}
          <button type="button" class="btn btn-small" onClick={() => setMatched(null)}>
            OK
          </button>
        </p>
      ) : (
        <ConfirmBox
          label="Confirm retrying all matching executions"
          confirm={`Retry ${matched.toLocaleString('en')}`}
          keep="Cancel"
          busy={run.busy}
          onConfirm={confirm}
          onKeep={() => setMatched(null)}
        >
          Retry {matched === MOST ? 'the oldest ' : ''}
          {matched.toLocaleString('en')} {what} execution{matched === 1 ? '' : 's'} matching these
          filters? Each runs again as a new execution.
        </ConfirmBox>
      )}
    </div>
  );
}

import { useState } from 'preact/hooks';
import { allAgents, api, query, type Execution, type ExecutionList } from '../api';
import {
  Badge,
  ErrorNote,
  Link,
  LIVE_REFRESH_MS,
  LoadMore,
  Time,
  useInterval,
  useLoad,
} from '../ui';

/** Not finished: a child in one of these is polled. */
const LIVE = new Set(['queued', 'running', 'waiting']);
const PAGE = 100;

const childrenPath = (parentId: string, cursor?: string) =>
  `/executions${query({ parent_execution_id: parentId, limit: PAGE, cursor })}`;

/**
 * The executions a run started (its `agent` steps and agent tools: `parent_execution_id`),
 * newest first: each child's agent, status, start and duration, linked to its page. The list
 * is refreshed every second while the parent may still start children (`parentLive`) or a
 * child is not finished, and not at all once everything is final. Nothing is shown for a run
 * without children.
 */
export function ChildExecutions({
  parentId,
  parentStatus,
  parentLive,
}: {
  parentId: string;
  /** The parent's status: a change (it woke, it finished) reads the list again at once. */
  parentStatus: string;
  parentLive: boolean;
}) {
  const first = useLoad(
    () => api<ExecutionList>('GET', childrenPath(parentId)),
    [parentId, parentStatus],
  );
  const agents = useLoad(
    () =>
      allAgents()
        .then((list) => new Map(list.map((agent) => [agent.id, agent.name])))
        .catch(() => new Map<string, string>()),
    [],
  );
  /** Older children paged in with "Load more", after the first page. */
  const [more, setMore] = useState<{ items: Execution[]; cursor: string | null } | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [loadingMore, setLoadingMore] = useState(false);

  const page = first.data;
  const seen = new Set(page?.data.map((child) => child.id));
  const children = [...(page?.data ?? []), ...(more?.items ?? []).filter((c) => !seen.has(c.id))];
  const cursor = more ? more.cursor : page?.meta.has_more ? page.meta.next_cursor : null;
  const anyLive = children.some((child) => LIVE.has(child.status));
  useInterval(() => first.reload(), LIVE_REFRESH_MS, page !== undefined && (parentLive || anyLive));

  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    setError(undefined);
    try {
      const next = await api<ExecutionList>('GET', childrenPath(parentId, cursor));
      setMore({
        items: [...(more?.items ?? []), ...next.data],
        cursor: next.meta.has_more ? next.meta.next_cursor : null,
      });
    } catch (failure) {
      setError(failure);
    } finally {
      setLoadingMore(false);
    }
  };

  if (children.length === 0) return first.error ? <ErrorNote error={first.error} /> : null;
  return (
    <section class="panel" aria-labelledby="children-title">
      <h2 id="children-title">Child executions</h2>
      <p class="muted small">
        The runs this execution started with its <code>agent</code> steps and agent tools.
      </p>
      <ErrorNote error={first.error ?? error} />
      <div class="table-wrap">
        <table class="stack-narrow" aria-label="Child executions" data-testid="children">
          <thead>
            <tr>
              <th scope="col">Execution</th>
              <th scope="col">Agent</th>
              <th scope="col">Status</th>
              <th scope="col">Started</th>
              <th scope="col" class="num">
                Duration
              </th>
            </tr>
          </thead>
          <tbody aria-live="polite">
            {children.map((child) => (
              <tr key={child.id} data-execution-id={child.id}>
                <td>
                  <Link href={`/executions/${child.id}`} class="mono">
                    {child.id}
                  </Link>
                </td>
                <td>
                  <Link href={`/agents/${child.agent_id}`}>
                    {agents.data?.get(child.agent_id) ?? child.agent_id}
                  </Link>
                </td>
                <td>
                  <Badge status={child.status} />
                </td>
                <td data-label="Started">
                  <Time iso={child.started_at} />
                </td>
                <td class="num nowrap">
                  {child.duration_ms === null ? '—' : `${child.duration_ms} ms`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore cursor={cursor} loading={loadingMore} onClick={loadMore} />
    </section>
  );
}

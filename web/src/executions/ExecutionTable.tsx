import { useEffect, useRef, useState } from 'preact/hooks';
import { api, query, type Execution, type ExecutionList, type ExecutionStatus } from '../api';
import {
  Badge,
  Empty,
  ErrorNote,
  Link,
  LIVE_REFRESH_MS,
  LoadMore,
  Loading,
  Time,
  useInterval,
} from '../ui';

export interface Filters {
  statuses: ExecutionStatus[];
  from: string;
  to: string;
  /** One tag, or '' for none. */
  tag?: string;
}

/**
 * The filter's days are the browser's, as the times the list shows are: the API gets the
 * instants that bound them (it reads a bare date as a whole UTC day).
 */
export const dayStart = (day: string) => day && new Date(`${day}T00:00:00`).toISOString();
export const dayEnd = (day: string) => day && new Date(`${day}T23:59:59.999`).toISOString();

function listPath(agentId: string | undefined, filters: Filters, limit: number, cursor?: string) {
  const params = query({
    status: filters.statuses.join(','),
    from: dayStart(filters.from),
    to: dayEnd(filters.to),
    tag: filters.tag,
    limit,
    cursor,
  });
  return agentId
    ? `/agents/${encodeURIComponent(agentId)}/executions${params}`
    : `/executions${params}`;
}

/** A list of executions that refreshes its first page every second and pages on with "Load more". */
export function ExecutionTable(props: {
  agentId?: string;
  filters?: Filters;
  limit?: number;
  agentNames?: Map<string, string>;
}) {
  const limit = props.limit ?? 25;
  const filters = props.filters ?? { statuses: [], from: '', to: '' };
  const key = JSON.stringify([props.agentId, filters, limit]);
  const [items, setItems] = useState<Execution[] | undefined>(undefined);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [loadingMore, setLoadingMore] = useState(false);
  const current = useRef(key);

  const loadFirst = async (initial: boolean) => {
    const ticket = key;
    try {
      const page = await api<ExecutionList>('GET', listPath(props.agentId, filters, limit));
      if (current.current !== ticket) return;
      setError(undefined);
      setItems((old) => {
        if (initial || !old) {
          setCursor(page.meta.has_more ? page.meta.next_cursor : null);
          return page.data;
        }
        // Keep the rows paged in with "Load more" below the refreshed first page.
        const seen = new Set(page.data.map((e) => e.id));
        const rest = old.slice(limit).filter((e) => !seen.has(e.id));
        if (old.length <= limit) setCursor(page.meta.has_more ? page.meta.next_cursor : null);
        return [...page.data, ...rest];
      });
    } catch (failure) {
      if (current.current === ticket) setError(failure);
    }
  };

  useEffect(() => {
    current.current = key;
    setItems(undefined);
    setCursor(null);
    void loadFirst(true);
  }, [key]);

  useInterval(() => loadFirst(false), LIVE_REFRESH_MS, items !== undefined);

  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await api<ExecutionList>('GET', listPath(props.agentId, filters, limit, cursor));
      setItems((old) => {
        const seen = new Set((old ?? []).map((e) => e.id));
        return [...(old ?? []), ...page.data.filter((e) => !seen.has(e.id))];
      });
      setCursor(page.meta.has_more ? page.meta.next_cursor : null);
    } catch (failure) {
      setError(failure);
    } finally {
      setLoadingMore(false);
    }
  };

  if (items === undefined) return error ? <ErrorNote error={error} /> : <Loading />;
  return (
    <>
      <ErrorNote error={error} />
      {items.length === 0 ? (
        <Empty title="No executions">
          {filters.statuses.length || filters.from || filters.to || filters.tag
            ? 'Nothing matches these filters.'
            : 'Runs appear here as soon as a webhook or API call triggers an agent.'}
        </Empty>
      ) : (
        <div class="table-wrap">
          <table class="executions">
            <thead>
              <tr>
                <th scope="col">Execution</th>
                <th scope="col">Status</th>
                {!props.agentId && <th scope="col">Agent</th>}
                <th scope="col" class="hide-narrow">
                  Source
                </th>
                <th scope="col" class="hide-narrow">
                  Tags
                </th>
                <th scope="col">Created</th>
                <th scope="col" class="num hide-narrow">
                  Duration
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((execution) => (
                <tr key={execution.id} data-execution-id={execution.id}>
                  <td>
                    <Link href={`/executions/${execution.id}`} class="mono">
                      {execution.id}
                    </Link>
                  </td>
                  <td>
                    <Badge status={execution.status} />
                  </td>
                  {!props.agentId && (
                    <td>
                      <Link href={`/agents/${execution.agent_id}`}>
                        {props.agentNames?.get(execution.agent_id) ?? execution.agent_id}
                      </Link>
                    </td>
                  )}
                  <td class="hide-narrow">{execution.source}</td>
                  <td class="hide-narrow">
                    {execution.tags.length === 0 ? (
                      '—'
                    ) : (
                      <ul class="tags" aria-label="Tags">
                        {execution.tags.map((tag) => (
                          <li key={tag} class="tag mono">
                            {tag}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    <Time iso={execution.created_at} />
                  </td>
                  <td class="num hide-narrow">
                    {execution.duration_ms === null ? '—' : `${execution.duration_ms} ms`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore cursor={cursor} loading={loadingMore} onClick={loadMore} />
    </>
  );
}

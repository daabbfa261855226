import { useMemo } from 'preact/hooks';
import { allAgents, EXECUTION_STATUSES, type AgentListItem, type ExecutionStatus } from '../api';
import { navigate } from '../router';
import { PageHeader, useLoad } from '../ui';
import { BulkRetry } from './BulkRetry';
import { ExecutionTable, dayEnd, dayStart } from './ExecutionTable';

export function ExecutionsPage({ search }: { search: URLSearchParams }) {
  const agentId = search.get('agent') ?? '';
  const statuses = (search.get('status') ?? '')
    .split(',')
    .filter((s): s is ExecutionStatus => EXECUTION_STATUSES.includes(s as ExecutionStatus));
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const tag = search.get('tag') ?? '';
  const agents = useLoad<AgentListItem[]>(() => allAgents(), []);
  const names = useMemo(
    () => new Map((agents.data ?? []).map((a) => [a.id, a.name] as [string, string])),
    [agents.data],
  );
  const filters = useMemo(() => ({ statuses, from, to, tag }), [statuses.join(','), from, to, tag]);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    const text = next.toString();
    navigate(`/executions${text ? `?${text}` : ''}`, { replace: true });
  };
  const toggleStatus = (status: ExecutionStatus, on: boolean) => {
    const set = new Set(statuses);
    if (on) set.add(status);
    else set.delete(status);
    update({ status: EXECUTION_STATUSES.filter((s) => set.has(s)).join(',') });
  };

  return (
    <>
      <PageHeader
        title="Executions"
        subtitle="Every run of your agents, newest first. Updates live."
      />
      <form class="filters panel" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <div class="filter">
          <label for="filter-agent">Agent</label>
          <select
            id="filter-agent"
            value={agentId}
            onChange={(e) => update({ agent: e.currentTarget.value })}
          >
            <option value="">All agents</option>
            {(agents.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset class="filter status-filter">
          <legend>Status</legend>
          {EXECUTION_STATUSES.map((status) => (
            <label key={status} class="check">
              <input
                type="checkbox"
                checked={statuses.includes(status)}
                onChange={(e) => toggleStatus(status, e.currentTarget.checked)}
              />
              {status}
            </label>
          ))}
        </fieldset>
        <DateFilter label="From" value={from} onChange={(value) => update({ from: value })} />
        <DateFilter label="To" value={to} onChange={(value) => update({ to: value })} />
        <TagFilter value={tag} onChange={(value) => update({ tag: value })} />
        {(statuses.length > 0 || from || to || agentId || tag) && (
          <button
            type="button"
            class="btn btn-small"
            onClick={() => navigate('/executions', { replace: true })}
          >
            Clear filters
          </button>
        )}
      </form>
      <BulkRetry
        agentId={agentId}
        statuses={statuses}
        from={dayStart(from)}
        to={dayEnd(to)}
        tag={tag}
      />
      <ExecutionTable agentId={agentId || undefined} filters={filters} agentNames={names} />
    </>
  );
}

/** The tag of the filter bar (`filter-tag`): applied on Enter or when the field is left. */
function TagFilter(props: { value: string; onChange: (value: string) => void }) {
  const apply = (value: string) => {
    const tag = value.trim();
    if (tag !== props.value) props.onChange(tag);
  };
  return (
    <div class="filter">
      <label for="filter-tag">Tag</label>
      <input
        id="filter-tag"
        type="text"
        value={props.value}
        placeholder="campaign:spring"
        pattern="[A-Za-z0-9_.:\-]{1,64}"
        maxLength={64}
        onChange={(e) => apply(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply(e.currentTarget.value);
        }}
      />
    </div>
  );
}

/** A day of the filter bar (`filter-from`, `filter-to`). */
function DateFilter(props: { label: string; value: string; onChange: (value: string) => void }) {
  const id = `filter-${props.label.toLowerCase()}`;
  return (
    <div class="filter">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        type="date"
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
    </div>
  );
}

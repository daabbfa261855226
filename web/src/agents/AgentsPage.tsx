import { useState } from 'preact/hooks';
import { allAgents } from '../api';
import {
  Badge,
  Empty,
  ErrorNote,
  formatPercent,
  Link,
  Loading,
  PageHeader,
  Time,
  useLoad,
} from '../ui';

type StatusFilter = 'all' | 'active' | 'paused';

export function AgentsPage() {
  const agents = useLoad(() => allAgents(), []);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const shown = (agents.data ?? []).filter((a) => filter === 'all' || a.status === filter);

  return (
    <>
      <PageHeader
        title="Agents"
        subtitle="Each agent runs one kind of automation and has its own webhook URL."
        actions={
          <Link href="/agents/new" class="btn btn-primary">
            New agent
          </Link>
        }
      />
      <div class="toolbar">
        <label for="agent-status">Status</label>
        <select
          id="agent-status"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value as StatusFilter)}
        >
          <option value="all">All</option>
          <option value="active">Active</option>
          <option value="paused">Paused</option>
        </select>
      </div>
      <ErrorNote error={agents.error} />
      {!agents.data ? (
        !agents.error && <Loading />
      ) : shown.length === 0 ? (
        <Empty title={agents.data.length ? 'No agents match this filter' : 'No agents yet'}>
          {agents.data.length ? (
            'Choose another status to see more agents.'
          ) : (
            <Link href="/agents/new">Create your first agent</Link>
          )}
        </Empty>
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col" class="num">
                  Runs today
                </th>
                <th scope="col" class="num">
                  Success rate
                </th>
                <th scope="col" class="hide-narrow">
                  Created
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((agent) => (
                <tr key={agent.id}>
                  <td>
                    <Link href={`/agents/${agent.id}`}>{agent.name}</Link>
                    <div class="muted small mono">{agent.id}</div>
                  </td>
                  <td>
                    <Badge status={agent.status} />
                  </td>
                  <td class="num">{agent.executions_today}</td>
                  <td class="num">{formatPercent(agent.success_rate)}</td>
                  <td class="hide-narrow">
                    <Time iso={agent.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

import { useState } from 'preact/hooks';
import { allAgents } from '../api';
import { DataTable, Empty, Link, LoadedList, PageHeader, useLoad } from '../ui';
import { AgentRow } from './AgentRow';
import { useFinishedRuns } from './success-rate';

type StatusFilter = 'all' | 'active' | 'paused';

export function AgentsPage() {
  const agents = useLoad(() => allAgents(), []);
  const finished = useFinishedRuns(agents.data);
  const [filter, setFilter] = useState<StatusFilter>('all');

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
      <LoadedList
        loaded={agents}
        items={(all) => all.filter((a) => filter === 'all' || a.status === filter)}
        empty={
          <Empty title={agents.data?.length ? 'No agents match this filter' : 'No agents yet'}>
            {agents.data?.length ? (
              'Choose another status to see more agents.'
            ) : (
              <Link href="/agents/new">Create your first agent</Link>
            )}
          </Empty>
        }
      >
        {(shown) => (
          <DataTable
            stacked
            columns={[
              'Name',
              'Status',
              { label: 'Runs today', class: 'num' },
              { label: 'Success rate (30 d)', class: 'num' },
              { label: 'Created', class: 'hide-narrow' },
            ]}
          >
            {shown.map((agent) => (
              <AgentRow key={agent.id} agent={agent} finished={finished.get(agent.id)} detailed />
            ))}
          </DataTable>
        )}
      </LoadedList>
    </>
  );
}

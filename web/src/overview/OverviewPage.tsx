import { allAgents, api, type DailyStats } from '../api';
import {
  DailyChart,
  DataTable,
  Empty,
  ErrorNote,
  formatPercent,
  Link,
  LoadedList,
  Loading,
  PageHeader,
  useLoad,
} from '../ui';
import { AgentRow } from '../agents/AgentRow';
import { useFinishedRuns } from '../agents/success-rate';

export function OverviewPage() {
  const agents = useLoad(() => allAgents(), []);
  const stats = useLoad(() => api<DailyStats>('GET', '/stats?days=14'), []);
  const finished = useFinishedRuns(agents.data);

  const days = stats.data?.data ?? [];
  const today = days.length ? days[days.length - 1] : undefined;
  const completed = days.reduce((sum, d) => sum + d.completed, 0);
  const failed = days.reduce((sum, d) => sum + d.failed, 0);
  const runsToday =
    agents.data?.reduce((sum, a) => sum + a.executions_today, 0) ?? today?.created ?? 0;
  const active = agents.data?.filter((a) => a.status === 'active').length ?? 0;

  return (
    <>
      <PageHeader title="Overview" subtitle="Your agents and their runs at a glance." />
      <section class="cards" aria-label="Summary">
        <div class="card stat">
          <p class="stat-label">Agents</p>
          <p class="stat-value">{agents.data ? agents.data.length : '—'}</p>
          <p class="muted small">{active} active</p>
        </div>
        <div class="card stat">
          <p class="stat-label">Runs today</p>
          <p class="stat-value">{agents.data || stats.data ? runsToday : '—'}</p>
          <p class="muted small">since 00:00 UTC</p>
        </div>
        <div class="card stat">
          <p class="stat-label">Success rate</p>
          <p class="stat-value">
            {stats.data
              ? completed + failed
                ? formatPercent(Math.round((completed / (completed + failed)) * 1000) / 10)
                : '—'
              : '—'}
          </p>
          <p class="muted small">
            {completed} completed · {failed} failed, 14 days
          </p>
        </div>
      </section>

      <section class="panel" aria-labelledby="chart-title">
        <h2 id="chart-title">Runs, last 14 days</h2>
        <ErrorNote error={stats.error} />
        {stats.data ? (
          <DailyChart data={days} title="Runs, last 14 days" />
        ) : (
          !stats.error && <Loading />
        )}
      </section>

      <section class="panel" aria-labelledby="agents-title">
        <div class="panel-head">
          <h2 id="agents-title">Agents</h2>
          <Link href="/agents/new" class="btn btn-small">
            New agent
          </Link>
        </div>
        <LoadedList
          loaded={agents}
          items={(all) => all}
          empty={
            <Empty title="No agents yet">
              Create an agent to get a webhook URL and start running automations.{' '}
              <Link href="/agents/new">Create an agent</Link>
            </Empty>
          }
        >
          {(list) => (
            <DataTable
              stacked
              columns={[
                'Name',
                'Status',
                { label: 'Runs today', class: 'num' },
                { label: 'Success rate (30 d)', class: 'num' },
              ]}
            >
              {list.map((agent) => (
                <AgentRow key={agent.id} agent={agent} finished={finished.get(agent.id)} />
              ))}
            </DataTable>
          )}
        </LoadedList>
      </section>
    </>
  );
}

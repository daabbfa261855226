import type { AgentListItem } from '../api';
import { Badge, formatPercent, Link, Time } from '../ui';

/**
 * An agent as a row of a table of agents (Agents, Overview): its name (a link), status, runs
 * today and success rate; `detailed` adds its id under the name and when it was created.
 */
export function AgentRow({ agent, detailed }: { agent: AgentListItem; detailed?: boolean }) {
  return (
    <tr>
      <td>
        <Link href={`/agents/${agent.id}`}>{agent.name}</Link>
        {detailed && <div class="muted small mono">{agent.id}</div>}
      </td>
      <td>
        <Badge status={agent.status} />
      </td>
      <td class="num">{agent.executions_today}</td>
      <td class="num">{formatPercent(agent.success_rate)}</td>
      {detailed && (
        <td class="hide-narrow">
          <Time iso={agent.created_at} />
        </td>
      )}
    </tr>
  );
}

import type { AgentListItem } from '../api';
import { Badge, Link, Time } from '../ui';
import { successRateHint, successRateText } from './success-rate';

/**
 * An agent as a row of a table of agents (Agents, Overview): its name (a link), status, runs
 * today and success rate ("—" where `finished`, its runs finished in the rate's window, is 0 or
 * not yet known); `detailed` adds its id under the name and when it was created.
 */
export function AgentRow({
  agent,
  finished,
  detailed,
}: {
  agent: AgentListItem;
  finished: number | undefined;
  detailed?: boolean;
}) {
  return (
    <tr>
      <td>
        <Link href={`/agents/${agent.id}`}>{agent.name}</Link>
        {detailed && <div class="muted small mono">{agent.id}</div>}
      </td>
      <td>
        <Badge status={agent.status} />
      </td>
      <td class="num" data-label="Runs today">
        {agent.executions_today}
      </td>
      <td
        class="num nowrap"
        data-label="Success rate (30 d)"
        title={successRateHint(agent.success_rate, finished)}
      >
        {successRateText(agent.success_rate, finished)}
      </td>
      {detailed && (
        <td class="hide-narrow">
          <Time iso={agent.created_at} />
        </td>
      )}
    </tr>
  );
}

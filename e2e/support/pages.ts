import { state } from './env';
import { apiCall } from './fixtures';

/** Every page of the dashboard, with data to show: [name, path]. */
export async function dashboardPages(): Promise<[string, string][]> {
  const { agentId } = state();
  const test = await apiCall('POST', `/agents/${agentId}/test-webhook`, { body: {} });
  if (test.status !== 202) throw new Error(`test webhook: ${test.status}`);
  return [
    ['overview', '/dashboard/'],
    ['agents', '/dashboard/agents'],
    ['agent-new', '/dashboard/agents/new'],
    ['agent-detail', `/dashboard/agents/${agentId}`],
    ['executions', '/dashboard/executions'],
    ['execution-detail', `/dashboard/executions/${test.body.execution_id}`],
    ['waiting', '/dashboard/waiting'],
    ['settings', '/dashboard/settings'],
  ];
}

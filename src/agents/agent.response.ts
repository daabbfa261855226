import type { Agent, AgentStatus, WebhookAuth } from './agent.entity';
import type { AgentStats } from './agent-stats.service';

/** An agent with the counters the responses show. */
export interface AgentView {
  agent: Agent;
  stats: AgentStats;
}

/** The list item of the spec (§2 "Agent (list item)"). */
export interface AgentListItem {
  id: string;
  name: string;
  status: AgentStatus;
  webhook_url: string;
  executions_today: number;
  success_rate: number;
  created_at: string;
}

/** The detailed record of CONTRACT §3: the list item plus these fields. */
export interface AgentDetail extends AgentListItem {
  kind: string;
  config: Record<string, unknown>;
  webhook_auth: WebhookAuth;
  timeout_ms: number;
  updated_at: string;
}

export interface AgentList {
  data: AgentListItem[];
  meta: { total: number; page: number; per_page: number };
}

/** `{WEBHOOK_BASE_URL}/webhook/<webhook_id>`: the one place the URL is built. */
export function webhookUrl(webhookBaseUrl: string, webhookId: string): string {
  return `${webhookBaseUrl}/webhook/${webhookId}`;
}

export function toAgentListItem(
  { agent, stats }: AgentView,
  webhookBaseUrl: string,
): AgentListItem {
  return {
    id: agent.id,
    name: agent.name,
    status: agent.status,
    webhook_url: webhookUrl(webhookBaseUrl, agent.webhookId),
    executions_today: stats.executionsToday,
    success_rate: stats.successRate,
    created_at: agent.createdAt.toISOString(),
  };
}

export function toAgentDetail(view: AgentView, webhookBaseUrl: string): AgentDetail {
  const { agent } = view;
  return {
    ...toAgentListItem(view, webhookBaseUrl),
    kind: agent.kind,
    config: agent.config,
    webhook_auth: agent.webhookAuth,
    timeout_ms: agent.timeoutMs,
    updated_at: agent.updatedAt.toISOString(),
  };
}

export function toAgentList(
  views: AgentView[],
  meta: AgentList['meta'],
  webhookBaseUrl: string,
): AgentList {
  return { data: views.map((view) => toAgentListItem(view, webhookBaseUrl)), meta };
}

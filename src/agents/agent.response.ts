import type { AgentVersion } from './agent-version.entity';
import { ApiProperty } from '@nestjs/swagger';
import {
  AGENT_STATUSES,
  WEBHOOK_AUTH_MODES,
  WEBHOOK_SIGNATURE_FORMATS,
  type Agent,
  type AgentStatus,
  type WebhookAuth,
  type WebhookSignatureFormat,
} from './agent.entity';
import type { AgentStats } from './agent-stats.service';
import { MCP_DESCRIPTION_MAX_LENGTH, toMcpField, type McpField } from './mcp-tool';

/** An agent with the counters the responses show. */
export interface AgentView {
  agent: Agent;
  stats: AgentStats;
}

/**
 * What a list item shows of an agent: the list reads these columns only, and carries
 * `createdAt` as the response writes it (ISO 8601), not as a Date.
 */
export interface AgentListColumns extends Pick<Agent, 'id' | 'name' | 'status' | 'webhookId'> {
  createdAt: string;
}

/** An agent of a list page with its counters. */
export interface AgentListView {
  agent: AgentListColumns;
  stats: AgentStats;
}

/** The list item of an agent (docs/api.md, Agents API). */
export class AgentListItem {
  @ApiProperty({ example: 'agt_01jd8z2c4v6b8n0m2k4j6h8g0f' })
  id: string;

  @ApiProperty({ example: 'Inbound leads', maxLength: 200 })
  name: string;

  @ApiProperty({ enum: AGENT_STATUSES, example: 'active' })
  status: AgentStatus;

  @ApiProperty({
    format: 'uri',
    description: '`{WEBHOOK_BASE_URL}/webhook/<webhook_id>`; a secret: it triggers the agent',
    example: 'http://localhost:3001/webhook/3q2-7gD0m4J1xYkQ9sVbW5nR8tLc6fHe',
  })
  webhook_url: string;

  @ApiProperty({ type: 'integer', description: 'Executions created since 00:00 UTC', example: 12 })
  executions_today: number;

  @ApiProperty({
    description:
      'completed ÷ (completed + failed) × 100 over executions finished in the last 30 days, one decimal; 0 when none',
    minimum: 0,
    maximum: 100,
    example: 91.7,
  })
  success_rate: number;

  @ApiProperty({ format: 'date-time', example: '2026-11-22T10:00:00.000Z' })
  created_at: string;
}

/** The detail's `mcp`: the agent as a tool of the MCP server (`{BASE_URL}/mcp`). */
export class AgentMcp {
  @ApiProperty({ description: 'Listed by the MCP server (while the agent is active)' })
  enabled: boolean;

  @ApiProperty({
    pattern: '^[a-z][a-z0-9_]{0,63}$',
    description: 'The tool name: the one set, or derived from the agent name',
    example: 'inbound_leads',
  })
  name: string;

  @ApiProperty({
    type: 'string',
    nullable: true,
    maxLength: MCP_DESCRIPTION_MAX_LENGTH,
    description: 'The tool description; null: a default naming the agent',
    example: 'Scores an inbound lead',
  })
  description: string | null;
}

/** The detailed record of an agent: the list item plus these fields. */
export class AgentDetail extends AgentListItem {
  @ApiProperty({ example: 'lead-qualification' })
  kind: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "The kind's configuration",
    example: { threshold: 60 },
  })
  config: Record<string, unknown>;

  @ApiProperty({ enum: WEBHOOK_AUTH_MODES, example: 'none' })
  webhook_auth: WebhookAuth;

  @ApiProperty({
    type: 'array',
    items: { type: 'string', enum: [...WEBHOOK_SIGNATURE_FORMATS] },
    description:
      'Signature forms the webhook accepts with `webhook_auth: "signature"`; `["standard_webhooks"]` refuses the untimestamped `X-Signature` form (replay protection)',
    example: ['sha256', 'standard_webhooks'],
  })
  webhook_signature_formats: WebhookSignatureFormat[];

  @ApiProperty({ type: 'integer', description: 'How long one run may take', example: 30000 })
  timeout_ms: number;

  @ApiProperty({ format: 'date-time', example: '2026-11-22T10:00:00.000Z' })
  updated_at: string;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description:
      '1 on create; every change of `config` adds one (`GET /v2/agents/{id}/versions/{version}`)',
    example: 1,
  })
  version: number;

  @ApiProperty({
    type: 'object',
    properties: { type: { type: 'string', enum: ['object'] } },
    required: ['type'],
    additionalProperties: true,
    nullable: true,
    description:
      'The JSON Schema every input must satisfy (trigger, webhook, MCP); null: any object',
    example: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
  })
  input_schema: Record<string, unknown> | null;

  @ApiProperty({ type: AgentMcp })
  mcp: McpField;
}

/** `GET /v2/agents/:id/versions/:version`: one version of the agent's config. */
export class AgentVersionResponse {
  @ApiProperty({ type: 'integer', minimum: 1, example: 2 })
  version: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The config of this version',
    example: { threshold: 60 },
  })
  config: Record<string, unknown>;

  @ApiProperty({ format: 'date-time', example: '2026-11-22T10:00:00.000Z' })
  created_at: string;
}

export function toAgentVersion(version: AgentVersion): AgentVersionResponse {
  return {
    version: version.version,
    config: version.config,
    created_at: version.createdAt.toISOString(),
  };
}

export class AgentListMeta {
  @ApiProperty({ type: 'integer', example: 1 })
  total: number;

  @ApiProperty({ type: 'integer', example: 1 })
  page: number;

  @ApiProperty({ type: 'integer', example: 20 })
  per_page: number;
}

export class AgentList {
  @ApiProperty({ type: [AgentListItem] })
  data: AgentListItem[];

  @ApiProperty({ type: AgentListMeta })
  meta: AgentListMeta;
}

/** `POST /v2/agents/:id/webhook-credentials`: the new credential, shown only here. */
export class WebhookCredentialResponse {
  @ApiProperty({ enum: ['api_key', 'signature'], example: 'signature' })
  type: 'api_key' | 'signature';

  @ApiProperty({
    description: 'The webhook API key, or the `whsec_…` signing secret; never shown again',
    example: 'whsec_MfKQ9r8GKYqrTBI7o5ZPRvTAlc0lRpv1ywXnH7xNdPs=',
  })
  secret: string;
}

/** `{WEBHOOK_BASE_URL}/webhook/<webhook_id>`: the one place the URL is built. */
export function webhookUrl(webhookBaseUrl: string, webhookId: string): string {
  return `${webhookBaseUrl}/webhook/${webhookId}`;
}

export function toAgentListItem(
  { agent, stats }: AgentListView,
  webhookBaseUrl: string,
): AgentListItem {
  return {
    id: agent.id,
    name: agent.name,
    status: agent.status,
    webhook_url: webhookUrl(webhookBaseUrl, agent.webhookId),
    executions_today: stats.executionsToday,
    success_rate: stats.successRate,
    created_at: agent.createdAt,
  };
}

export function toAgentDetail({ agent, stats }: AgentView, webhookBaseUrl: string): AgentDetail {
  const listed = { ...agent, createdAt: agent.createdAt.toISOString() };
  return {
    ...toAgentListItem({ agent: listed, stats }, webhookBaseUrl),
    kind: agent.kind,
    config: agent.config,
    webhook_auth: agent.webhookAuth,
    webhook_signature_formats: agent.webhookSignatureFormats,
    timeout_ms: agent.timeoutMs,
    updated_at: agent.updatedAt.toISOString(),
    version: agent.version,
    input_schema: agent.inputSchema,
    mcp: toMcpField(agent),
  };
}

export function toAgentList(
  views: AgentListView[],
  meta: AgentList['meta'],
  webhookBaseUrl: string,
): AgentList {
  return { data: views.map((view) => toAgentListItem(view, webhookBaseUrl)), meta };
}

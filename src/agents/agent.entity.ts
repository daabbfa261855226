import { Entity, PrimaryColumn, Column, Index } from 'typeorm';
import { IdColumn, JsonColumn, TimestampColumn } from '../database/columns';

export const AGENT_STATUSES = ['active', 'paused'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
export const WEBHOOK_AUTH_MODES = ['none', 'api_key', 'signature'] as const;
export type WebhookAuth = (typeof WEBHOOK_AUTH_MODES)[number];
/**
 * The signature forms a `signature` webhook accepts: `sha256` (`X-Signature`, no timestamp,
 * so a captured request can be replayed) and `standard_webhooks` (timestamped, replay-proof).
 */
export const WEBHOOK_SIGNATURE_FORMATS = ['sha256', 'standard_webhooks'] as const;
export type WebhookSignatureFormat = (typeof WEBHOOK_SIGNATURE_FORMATS)[number];

@Entity('agents')
@Index('idx_agents_account_created', ['accountId', 'createdAt', 'id'])
@Index('uq_agents_account_mcp_tool', ['accountId', 'mcpTool'], { unique: true })
export class Agent {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 64 })
  kind: string;

  @JsonColumn()
  config: Record<string, unknown>;

  @Column({ type: 'varchar', length: 16 })
  status: AgentStatus;

  /** The secret path segment of the inbound webhook URL (192 random bits, base64url). */
  @Index('uq_agents_webhook_id', { unique: true })
  @Column({ name: 'webhook_id', type: 'varchar', length: 64 })
  webhookId: string;

  @Column({ name: 'webhook_auth', type: 'varchar', length: 16 })
  webhookAuth: WebhookAuth;

  /** The accepted signature forms, in the order of WEBHOOK_SIGNATURE_FORMATS (stored comma-joined). */
  @Column({
    name: 'webhook_signature_formats',
    type: 'varchar',
    length: 64,
    default: WEBHOOK_SIGNATURE_FORMATS.join(','),
    transformer: {
      to: (formats?: WebhookSignatureFormat[]) => formats?.join(','),
      from: (stored: string) => stored.split(',') as WebhookSignatureFormat[],
    },
  })
  webhookSignatureFormats: WebhookSignatureFormat[];

  /** SHA-256 (hex) of the webhook API key. */
  @Column({ name: 'webhook_key_hash', type: 'varchar', length: 64, nullable: true })
  webhookKeyHash: string | null;

  /** The webhook signing secret, encrypted with a key derived from SECRET_KEY. */
  @Column({ name: 'webhook_secret_enc', type: 'text', nullable: true })
  webhookSecretEnc: string | null;

  @Column({ name: 'timeout_ms', type: 'int' })
  timeoutMs: number;

  /** 1 on create; every change of `config` adds one (AgentVersion keeps each config). */
  @Column({ type: 'int', default: 1 })
  version: number;

  /** The JSON Schema every input must satisfy (checked on every way in), or null. */
  @JsonColumn({ name: 'input_schema', nullable: true })
  inputSchema: Record<string, unknown> | null;

  /** Whether the agent is a tool of the account's MCP server (`{BASE_URL}/mcp`). */
  @Column({ name: 'mcp_enabled', type: 'boolean', default: false })
  mcpEnabled: boolean;

  /** The tool name as set; null: derived from the agent's name (agents/mcp-tool.ts). */
  @Column({ name: 'mcp_name', type: 'varchar', length: 64, nullable: true })
  mcpName: string | null;

  @Column({ name: 'mcp_description', type: 'varchar', length: 1000, nullable: true })
  mcpDescription: string | null;

  /**
   * The tool name in effect while the agent is a live enabled tool, else null: unique per
   * account (`uq_agents_account_mcp_tool`), so that two writers never take the same name.
   */
  @Column({ name: 'mcp_tool', type: 'varchar', length: 64, nullable: true })
  mcpTool: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;

  /** Soft delete: the row stays so that its executions remain readable by id. */
  @TimestampColumn({ name: 'deleted_at', nullable: true })
  deletedAt: Date | null;
}

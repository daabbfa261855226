import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  AGENT_STATUSES,
  WEBHOOK_AUTH_MODES,
  WEBHOOK_SIGNATURE_FORMATS,
  type AgentStatus,
  type WebhookAuth,
  type WebhookSignatureFormat,
} from '../agent.entity';
import {
  AgentName,
  AgentStatusField,
  JsonObjectField,
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  Optional,
  TIMEOUT_MS_MAX,
  TIMEOUT_MS_MIN,
  TimeoutMsField,
  SIGNATURE_FORMAT_CHOICES,
  WebhookAuthField,
  WebhookSignatureFormatsField,
} from './agent-fields';
import { InputSchemaField, McpBodyField } from './mcp-fields';

/** `PATCH /v2/agents/:id`: at least one field (checked by the service). */
export class UpdateAgentDto {
  @ApiPropertyOptional({
    enum: AGENT_STATUSES,
    description: '`paused` stops triggers (409 `agent_paused`); pausing a paused agent is a no-op',
    example: 'paused',
  })
  @Optional()
  @AgentStatusField()
  status?: AgentStatus;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: NAME_MAX_LENGTH,
    pattern: NAME_PATTERN,
    description: 'Surrounding white space is trimmed',
    example: 'Inbound leads (EU)',
  })
  @Optional()
  @AgentName()
  name?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: "The kind's configuration, replaced as a whole and checked by the kind",
    example: { threshold: 70 },
  })
  @Optional()
  @JsonObjectField()
  config?: Record<string, unknown>;

  @ApiPropertyOptional({
    enum: WEBHOOK_AUTH_MODES,
    description: 'Create the credential with `POST /v2/agents/{id}/webhook-credentials`',
  })
  @Optional()
  @WebhookAuthField()
  webhook_auth?: WebhookAuth;

  @ApiPropertyOptional({
    oneOf: SIGNATURE_FORMAT_CHOICES.map((choice) => ({
      type: 'array',
      items: { type: 'string', enum: [...WEBHOOK_SIGNATURE_FORMATS] },
      enum: [[...choice]],
    })),
    description:
      'Signature forms the webhook accepts with `webhook_auth: "signature"`: `["sha256", "standard_webhooks"]` (both), or `["standard_webhooks"]` alone, which refuses `X-Signature` and `X-Hub-Signature-256` (their requests carry no timestamp, so a captured one can be replayed) with 401. Either order; stored and shown in the order `sha256`, `standard_webhooks`',
    example: ['standard_webhooks'],
  })
  @Optional()
  @WebhookSignatureFormatsField()
  webhook_signature_formats?: WebhookSignatureFormat[];

  @ApiPropertyOptional({ type: 'integer', minimum: TIMEOUT_MS_MIN, maximum: TIMEOUT_MS_MAX })
  @Optional()
  @TimeoutMsField()
  timeout_ms?: number;

  @InputSchemaField('The JSON Schema inputs must satisfy; null removes it')
  input_schema?: Record<string, unknown> | null;

  @McpBodyField(
    'The given keys replace: `name: null` goes back to the name derived from the agent name, `description: null` clears it',
  )
  mcp?: Record<string, unknown>;
}

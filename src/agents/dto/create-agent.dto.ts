import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import {
  WEBHOOK_AUTH_MODES,
  WEBHOOK_SIGNATURE_FORMATS,
  type WebhookAuth,
  type WebhookSignatureFormat,
} from '../agent.entity';
import {
  AgentName,
  JsonObjectField,
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  Optional,
  TIMEOUT_MS_DEFAULT,
  TIMEOUT_MS_MAX,
  TIMEOUT_MS_MIN,
  TimeoutMsField,
  SIGNATURE_FORMAT_CHOICES,
  WebhookAuthField,
  WebhookSignatureFormatsField,
} from './agent-fields';
import { InputSchemaField, McpBodyField } from './mcp-fields';

/** `POST /v2/agents`. The kind (and its config) is checked against the registry of kinds. */
export class CreateAgentDto {
  @ApiProperty({
    minLength: 1,
    maxLength: NAME_MAX_LENGTH,
    pattern: NAME_PATTERN,
    description: 'Surrounding white space is trimmed',
    example: 'Inbound leads',
  })
  @AgentName()
  name: string;

  @ApiPropertyOptional({
    description: 'A registered agent kind (`GET /v2/agent-kinds`); default `lead-qualification`',
    default: 'lead-qualification',
    example: 'lead-qualification',
  })
  @Optional()
  @IsString({ message: 'kind must be a string' })
  kind?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      "Configuration of the kind, checked by the kind's config class: its schema is in `GET /v2/agent-kinds` and in this document's `components.schemas` (the schema whose `x-agent-kind` names the kind, e.g. `LeadQualificationConfig`, `HttpRequestConfig`)",
    example: { threshold: 60 },
  })
  @Optional()
  @JsonObjectField()
  config?: Record<string, unknown>;

  @ApiPropertyOptional({ enum: WEBHOOK_AUTH_MODES, default: 'none' })
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
    default: [...WEBHOOK_SIGNATURE_FORMATS],
    example: ['standard_webhooks'],
  })
  @Optional()
  @WebhookSignatureFormatsField()
  webhook_signature_formats?: WebhookSignatureFormat[];

  @ApiPropertyOptional({
    type: 'integer',
    minimum: TIMEOUT_MS_MIN,
    maximum: TIMEOUT_MS_MAX,
    default: TIMEOUT_MS_DEFAULT,
    description: 'How long one run may take before it fails with `timeout`',
  })
  @Optional()
  @TimeoutMsField()
  timeout_ms?: number;

  @InputSchemaField(
    'A JSON Schema (root `"type": "object"`) every input must satisfy: a trigger, webhook or MCP call whose input breaks it is refused (400 with `field` `input.<path>`) and creates no execution. Default: none, except for `lead-qualification` (its five fields, none required); null: none',
  )
  input_schema?: Record<string, unknown> | null;

  @McpBodyField(
    'Whether the agent is a tool of the MCP server (`{BASE_URL}/mcp`), under which name (unique among the account\'s enabled tools: 409 `conflict`) and description. Default `{"enabled": false}`',
  )
  mcp?: Record<string, unknown>;
}

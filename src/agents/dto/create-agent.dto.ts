import { IsString } from 'class-validator';
import type { WebhookAuth } from '../agent.entity';
import {
  AgentName,
  JsonObjectField,
  Optional,
  TimeoutMsField,
  WebhookAuthField,
} from './agent-fields';

/** `POST /v2/agents`. The kind (and its config) is checked against the registry of kinds. */
export class CreateAgentDto {
  @AgentName()
  name: string;

  @Optional()
  @IsString({ message: 'kind must be a string' })
  kind?: string;

  @Optional()
  @JsonObjectField()
  config?: Record<string, unknown>;

  @Optional()
  @WebhookAuthField()
  webhook_auth?: WebhookAuth;

  @Optional()
  @TimeoutMsField()
  timeout_ms?: number;
}

import type { AgentStatus, WebhookAuth } from '../agent.entity';
import {
  AgentName,
  AgentStatusField,
  Optional,
  TimeoutMsField,
  WebhookAuthField,
} from './agent-fields';

/** `PATCH /v2/agents/:id`: at least one field (checked by the service). */
export class UpdateAgentDto {
  @Optional()
  @AgentStatusField()
  status?: AgentStatus;

  @Optional()
  @AgentName()
  name?: string;

  @Optional()
  @WebhookAuthField()
  webhook_auth?: WebhookAuth;

  @Optional()
  @TimeoutMsField()
  timeout_ms?: number;
}

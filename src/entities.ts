import { Agent } from './agents/agent.entity';
import { AgentDailyStats } from './agents/agent-daily-stats.entity';
import { AgentVersion } from './agents/agent-version.entity';
import { Account } from './auth/account.entity';
import { ApiKey } from './auth/api-key.entity';
import { AccountSecret } from './secrets/secret.entity';
import { Session } from './users/session.entity';
import { User } from './users/user.entity';
import { Execution } from './executions/execution.entity';
import { CallbackDelivery } from './webhooks/outbound/callback-delivery.entity';
import { DeliveryAttempt } from './webhooks/outbound/delivery-attempt.entity';
import { WebhookEndpoint } from './webhooks/outbound/webhook-endpoint.entity';
import { ExecutionStep } from './executions/execution-step.entity';
import { WaitToken } from './executions/wait-token.entity';
import { ExecutionTag } from './executions/execution-tag.entity';
import { BulkAction } from './bulk/bulk-action.entity';
import { FlowRun } from './executions/flow-run.entity';
import { ModelUsage } from './usage/model-usage.entity';
import { Schedule } from './schedules/schedule.entity';

/**
 * Every entity of the service, composed here at the root (each module owns its entities; the
 * database layer below them only takes the list): the one list the app, the CLI, the tests and
 * the TypeORM CLI give `openDatabase` / `buildDataSourceOptions`.
 */
export const ENTITIES = [
  Account,
  ApiKey,
  Agent,
  AgentDailyStats,
  Execution,
  CallbackDelivery,
  DeliveryAttempt,
  User,
  Session,
  AccountSecret,
  AgentVersion,
  ExecutionStep,
  WaitToken,
  ModelUsage,
  WebhookEndpoint,
  Schedule,
  ExecutionTag,
  BulkAction,
  FlowRun,
];

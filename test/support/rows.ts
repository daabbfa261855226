import { DailyCounters } from '../../src/agents/daily-counters';
import type { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { AgentDailyStats } from '../../src/agents/agent-daily-stats.entity';
import { Agent } from '../../src/agents/agent.entity';
import { newId, randomToken } from '../../src/common/ids';
import { Execution } from '../../src/executions/execution.entity';
import { CallbackDelivery } from '../../src/webhooks/outbound/callback-delivery.entity';
import { DeliveryAttempt } from '../../src/webhooks/outbound/delivery-attempt.entity';

/**
 * Rows written straight into the database, for suites that need a state the API cannot make
 * quickly (old executions, a queue with nothing draining it).
 */
export async function insertAgent(
  dataSource: DataSource,
  accountId: string,
  fields: Partial<Agent> = {},
): Promise<Agent> {
  const at = new Date();
  const agent: Agent = {
    id: newId('agt'),
    accountId,
    name: 'Row agent',
    kind: 'lead-qualification',
    config: {},
    status: 'active',
    webhookId: randomToken(24),
    webhookAuth: 'none',
    webhookSignatureFormats: ['sha256', 'standard_webhooks'],
    webhookKeyHash: null,
    webhookSecretEnc: null,
    timeoutMs: 30000,
    flow: null,
    inputSchema: null,
    mcpEnabled: false,
    mcpName: null,
    mcpDescription: null,
    mcpTool: null,
    version: 1,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
    ...fields,
  };
  await dataSource.getRepository(Agent).insert(agent as QueryDeepPartialEntity<Agent>);
  return agent;
}

/**
 * An execution of `agent` (finished, `completed`, unless `fields` say otherwise); `counted`:
 * also in the daily counters, as the application counts what it writes.
 */
export async function insertExecution(
  dataSource: DataSource,
  agent: Pick<Agent, 'id' | 'accountId' | 'kind'> & { version?: number },
  fields: Partial<Execution> = {},
  options: { counted?: boolean } = {},
): Promise<Execution> {
  const createdAt = fields.createdAt ?? new Date();
  const finished = fields.status === undefined || fields.status === 'completed';
  const execution: Execution = {
    id: newId('exe'),
    accountId: agent.accountId,
    agentId: agent.id,
    agentKind: agent.kind,
    agentVersion: agent.version ?? 1,
    status: 'completed',
    source: 'api',
    retryOf: null,
    scheduleId: null,
    scheduledFor: null,
    input: { email: 'a@example.com' },
    output: finished ? { ok: true } : null,
    error: null,
    logs: finished
      ? [{ timestamp: createdAt.toISOString(), level: 'info', message: 'done' }]
      : null,
    callbackUrl: null,
    idempotencyKey: null,
    requestHash: null,
    attempts: finished ? 1 : 0,
    resumes: 0,
    leasedUntil: null,
    waiting: null,
    wakeAt: null,
    flowKey: null,
    held: null,
    createdAt,
    queuedAt: createdAt,
    startedAt: finished ? createdAt : null,
    completedAt: finished ? createdAt : null,
    durationMs: finished ? 5 : null,
    tags: null,
    bulkActionId: null,
    traceParent: null,
    parentExecutionId: null,
    rootExecutionId: null,
    parentStep: null,
    parentWaits: false,
    agentDepth: 0,
    ...fields,
  };
  await dataSource.getRepository(Execution).insert(execution as QueryDeepPartialEntity<Execution>);
  if (options.counted) {
    // Counted in the daily counters as the application counts what it writes.
    const [sql, parameters] = new DailyCounters(dataSource).inserted([execution])!;
    await dataSource.query(sql, parameters);
  }
  return execution;
}

/** A callback delivery of `execution` with one recorded attempt. */
export async function insertDelivery(
  dataSource: DataSource,
  execution: Execution,
): Promise<{ delivery: CallbackDelivery; attempt: DeliveryAttempt }> {
  const at = execution.completedAt ?? execution.createdAt;
  const delivery: CallbackDelivery = {
    id: newId('dlv'),
    executionId: execution.id,
    endpointId: null,
    accountId: execution.accountId,
    url: 'http://127.0.0.1:9/callback',
    event: 'execution.completed',
    payload: { id: '', type: 'execution.completed', created_at: at.toISOString(), data: {} },
    status: 'delivered',
    attempts: 1,
    nextAttemptAt: at,
    lockedUntil: null,
    createdAt: at,
    updatedAt: at,
  };
  delivery.payload.id = delivery.id;
  await dataSource
    .getRepository(CallbackDelivery)
    .insert(delivery as QueryDeepPartialEntity<CallbackDelivery>);
  const attempt: DeliveryAttempt = {
    id: newId('dlv'),
    deliveryId: delivery.id,
    executionId: execution.id,
    endpointId: null,
    responseExcerpt: null,
    url: delivery.url,
    event: delivery.event,
    attempt: 1,
    statusCode: 200,
    error: null,
    durationMs: 3,
    createdAt: at,
  };
  await dataSource.getRepository(DeliveryAttempt).insert(attempt);
  return { delivery, attempt };
}

/** Daily counters by UTC day: [created, completed, failed], each day summed over its parts. */
export type DayCounters = Record<string, [created: number, completed: number, failed: number]>;

/** An agent's daily counters as the readers see them: every day summed over its parts. */
export async function dailyCounters(dataSource: DataSource, agentId: string): Promise<DayCounters> {
  const counters: DayCounters = {};
  for (const row of await dataSource.getRepository(AgentDailyStats).findBy({ agentId })) {
    const day = (counters[row.day] ??= [0, 0, 0]);
    day[0] += Number(row.created);
    day[1] += Number(row.completed);
    day[2] += Number(row.failed);
  }
  return counters;
}

export async function insertDailyStats(
  dataSource: DataSource,
  row: AgentDailyStats,
): Promise<void> {
  await dataSource.getRepository(AgentDailyStats).insert(row);
}

import type { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Agent } from '../../src/agents/agent.entity';
import { newId } from '../../src/common/ids';
import { now } from '../../src/common/time';
import { Execution, ExecutionStatus } from '../../src/executions/execution.entity';
import { LocalBus } from '../../src/queue/local-bus';
import { CallbackDelivery } from '../../src/webhooks/outbound/callback-delivery.entity';
import { CallbackOutbox } from '../../src/webhooks/outbound/callback-outbox';
import { DeliveryStore } from '../../src/webhooks/outbound/delivery-store';

export { insertAgent } from './rows';

/**
 * Writes a finished execution and its outbox row in one transaction, as the runner does when
 * a run ends, then wakes the dispatcher through the process's bus (when given).
 */
export async function finishWithCallback(
  dataSource: DataSource,
  options: {
    agent: Agent;
    status: ExecutionStatus;
    callbackUrl: string | null;
    bus?: LocalBus;
  },
): Promise<{ execution: Execution; delivery: CallbackDelivery | null }> {
  const outbox = new CallbackOutbox(options.bus ?? new LocalBus(), new DeliveryStore(dataSource));
  const created = new Date(Date.now() - 50);
  const finished = now();
  const execution = dataSource.getRepository(Execution).create({
    id: newId('exe'),
    accountId: options.agent.accountId,
    agentId: options.agent.id,
    agentKind: options.agent.kind,
    status: options.status,
    source: 'api',
    retryOf: null,
    input: { email: 'jane@acme.io', note: 'ünïcode ✓ "quoted"' },
    output: options.status === 'completed' ? { qualified: true, score: 80 } : null,
    error:
      options.status === 'failed' ? { code: 'invalid_input', message: 'No valid email' } : null,
    logs: [{ timestamp: finished.toISOString(), level: 'info', message: 'done' }],
    callbackUrl: options.callbackUrl,
    idempotencyKey: null,
    requestHash: null,
    attempts: 1,
    leasedUntil: null,
    createdAt: created,
    startedAt: options.status === 'cancelled' ? null : created,
    completedAt: finished,
    durationMs: options.status === 'cancelled' ? null : 50,
  });
  const delivery = await dataSource.transaction(async (manager) => {
    await manager.insert(Execution, execution as QueryDeepPartialEntity<Execution>);
    return outbox.enqueue(manager, execution);
  });
  outbox.wake();
  return { execution, delivery };
}

export async function deliveryRow(dataSource: DataSource, id: string): Promise<CallbackDelivery> {
  return dataSource.getRepository(CallbackDelivery).findOneByOrFail({ id });
}

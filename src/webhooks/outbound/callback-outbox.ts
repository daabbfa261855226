import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newId } from '../../common/ids';
import { now } from '../../common/time';
import type { Execution } from '../../executions/execution.entity';
import { toExecutionResponse } from '../../executions/execution.response';
import { LocalBus } from '../../queue/local-bus';
import { ExecutionSteps, type StoredStep } from '../../executions/execution-steps';
import type { CallbackDelivery, CallbackEvent } from './callback-delivery.entity';
import { DeliveryStore } from './delivery-store';

const EVENTS: Partial<Record<Execution['status'], CallbackEvent>> = {
  completed: 'execution.completed',
  failed: 'execution.failed',
  cancelled: 'execution.cancelled',
};

/**
 * Writes the outgoing webhook of a finished execution into the durable outbox, inside the
 * transaction that finishes the execution: either both happen or neither. The dispatcher
 * (worker role) sends due rows. The payload is frozen here, so every attempt sends the same bytes.
 */
@Injectable()
export class CallbackOutbox {
  constructor(
    private readonly bus: LocalBus,
    private readonly deliveries: DeliveryStore,
  ) {}

  /** Whether an execution in this state has a callback to write. */
  static wants(execution: Pick<Execution, 'status' | 'callbackUrl'>): boolean {
    return Boolean(execution.callbackUrl && EVENTS[execution.status]);
  }

  /**
   * Adds the execution's callback (if it has a `callback_url` and a final status) to the
   * outbox; `knownSteps`: a workflow execution's step records as just stored (else read).
   * Inside a transaction, call `wake()` after it committed to send at once; the dispatcher
   * also polls every 500 ms, so a missing `wake()` only delays the send.
   */
  async enqueue(
    manager: EntityManager,
    execution: Execution,
    knownSteps?: readonly object[],
  ): Promise<CallbackDelivery | null> {
    const event = EVENTS[execution.status];
    if (!execution.callbackUrl || !event) return null;
    // The record as `GET /v2/executions/:id` answers it, without logs: a workflow's steps and
    // every execution's `usage` included (the execution record without logs).
    const steps =
      execution.agentKind !== 'workflow'
        ? undefined
        : ((knownSteps as StoredStep[] | undefined) ??
          (await ExecutionSteps.read(manager, execution.id)));
    const createdAt = now();
    const id = newId('dlv');
    // A callback's payload id is its delivery id (the X-Webhook-Id of every attempt).
    const delivery = DeliveryStore.pendingRow(
      {
        executionId: execution.id,
        endpointId: null,
        accountId: execution.accountId,
        url: execution.callbackUrl,
      },
      {
        id,
        type: event,
        created_at: createdAt.toISOString(),
        data: toExecutionResponse(execution, { steps, withUsage: true }),
      },
      createdAt,
      id,
    );
    await this.deliveries.add([delivery], manager);
    if (!manager.queryRunner?.isTransactionActive) this.wake();
    return delivery;
  }

  /** Tells this process's dispatcher that committed rows are waiting. */
  wake(): void {
    this.bus.emit('callbacks.pending');
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newId } from '../../common/ids';
import { now } from '../../common/time';
import type { Statement } from '../../database/transactions';
import { type Execution, shownStatus } from '../../executions/execution.entity';
import { executionUsage, toExecutionResponse } from '../../executions/execution.response';
import { LocalBus } from '../../queue/local-bus';
import {
  EndpointSubscriptions,
  type Subscriber,
  type Subscriptions,
} from './endpoint-subscriptions';
import type { SubscribableEvent } from '../../events/event-types';
import type { AccountEvent, EventWriter } from '../../events/event-writer';
import { ExecutionSteps, type StoredStep } from '../../executions/execution-steps';
import type { CallbackDelivery } from './callback-delivery.entity';
import { DeliveryStore } from './delivery-store';

/** The event an execution's status is reported as. */
const EXECUTION_EVENTS: Record<Execution['status'], SubscribableEvent> = {
  queued: 'execution.queued',
  running: 'execution.started',
  waiting: 'execution.waiting',
  completed: 'execution.completed',
  failed: 'execution.failed',
  cancelled: 'execution.cancelled',
};

/** The event type of an execution's status. */
export function executionEventType(status: Execution['status']): SubscribableEvent {
  // A run held by flow control is reported as the `queued` it is shown as.
  return EXECUTION_EVENTS[shownStatus(status)];
}

/**
 * The event of an execution in its current status. `steps`: a workflow execution's step
 * records as just stored in the caller's transaction (else read when the event is written).
 */
export function executionEvent(execution: Execution, steps?: readonly object[]): AccountEvent {
  const workflow = execution.agentKind === 'workflow';
  const known = workflow ? ((steps as StoredStep[] | undefined) ?? null) : undefined;
  return {
    accountId: execution.accountId,
    type: executionEventType(execution.status),
    // A new workflow execution has no steps yet; see `stepsOf` for the others.
    data: toExecutionResponse(execution, {
      steps: known ?? (workflow ? [] : undefined),
      withUsage: true,
    }),
    executionId: execution.id,
    stepsOf: workflow && !known ? execution.id : undefined,
  };
}

/** The event with the steps and usage of its workflow execution, read with `manager`. */
async function withSteps(event: AccountEvent, manager: EntityManager): Promise<AccountEvent> {
  if (!event.stepsOf) return event;
  const steps = await ExecutionSteps.read(manager, event.stepsOf);
  return { ...event, data: { ...event.data, steps, usage: executionUsage(steps) } };
}

/**
 * Writes account events (docs/api.md, Webhook endpoints and events) into the callback outbox, one
 * row per subscribed webhook endpoint, in the caller's transaction (or statement batch), so that a
 * state change and its events are committed together or not at all. Accounts without an endpoint
 * that wants the event write nothing and cost a cache lookup (EndpointSubscriptions). An event's id
 * (`evt_`) is its payload `id` and `webhook-id` on every endpoint and every attempt; each
 * endpoint's row has its own delivery id. The CallbackDispatcher sends the rows like callbacks.
 */
@Injectable()
export class EventOutbox implements EventWriter {
  constructor(
    private readonly deliveries: DeliveryStore,
    private readonly subscriptions: EndpointSubscriptions,
    private readonly bus: LocalBus,
  ) {}

  /**
   * The subscriptions of these accounts (before a transaction that writes events, or inside
   * one with its `manager`).
   */
  load(accountIds: Iterable<string>, manager?: EntityManager): Promise<Subscriptions> {
    return this.subscriptions.load(accountIds, manager);
  }

  /**
   * The outbox rows of `events` for the endpoints that want them (reads the accounts'
   * subscriptions, with `manager` inside a transaction).
   */
  async rows(
    events: AccountEvent[],
    manager?: EntityManager,
    at: Date = now(),
  ): Promise<CallbackDelivery[]> {
    const rows: CallbackDelivery[] = [];
    const subscriptions = await this.load(
      events.map((event) => event.accountId),
      manager,
    );
    for (const event of events) {
      const subscribers = subscriptions.of(event.accountId, event.type);
      if (subscribers.length === 0) continue;
      addRows(rows, manager ? await withSteps(event, manager) : event, subscribers, at);
    }
    return rows;
  }

  /**
   * The rows of one event of an account in `subscriptions` (`load`); a lazy `event` is built
   * only when an endpoint wants it.
   */
  collectRows(
    into: CallbackDelivery[],
    subscriptions: Subscriptions,
    accountId: string,
    type: SubscribableEvent,
    event: () => AccountEvent,
    at: Date = now(),
  ): void {
    const subscribers = subscriptions.of(accountId, type);
    if (subscribers.length > 0) addRows(into, event(), subscribers, at);
  }

  /** Inserts the rows of `events` with `manager`; returns how many were written. */
  async enqueue(manager: EntityManager, events: AccountEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const rows = await this.rows(events, manager);
    if (rows.length === 0) return 0;
    await this.deliveries.add(rows, manager);
    return rows.length;
  }

  /** One INSERT of `rows`, for a batch of raw statements (the intake's). */
  insertStatement(rows: CallbackDelivery[]): Statement {
    return this.deliveries.insertStatement(rows);
  }

  /** Tells this process's dispatcher that committed rows are waiting. */
  wake(): void {
    this.bus.emit('callbacks.pending');
  }
}

function addRows(
  into: CallbackDelivery[],
  event: AccountEvent,
  subscribers: readonly Subscriber[],
  at: Date,
): void {
  if (subscribers.length === 0) return;
  const payload = {
    id: newId('evt'),
    type: event.type,
    created_at: at.toISOString(),
    data: event.data,
  };
  for (const endpoint of subscribers) {
    // Subscribed by a deprecated name only: the same event (same id) under that name.
    const alias = endpoint.aliases?.get(event.type);
    into.push(deliveryRow(event, endpoint, alias ? { ...payload, type: alias } : payload, at));
  }
}

/** One endpoint's outbox row of an event; the URL is the endpoint's when it is sent. */
export function deliveryRow(
  event: Pick<AccountEvent, 'accountId' | 'executionId'>,
  endpoint: { id: string; url: string },
  payload: CallbackDelivery['payload'],
  at: Date,
): CallbackDelivery {
  return DeliveryStore.pendingRow(
    {
      executionId: event.executionId,
      endpointId: endpoint.id,
      accountId: event.accountId,
      url: endpoint.url,
    },
    payload,
    at,
  );
}

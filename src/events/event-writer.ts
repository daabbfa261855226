import type { EntityManager } from 'typeorm';
import type { SubscribableEvent } from './event-types';

/** One event to report: what happened to which resource of which account. */
export interface AccountEvent {
  accountId: string;
  type: SubscribableEvent;
  /** The resource as the API returns it. */
  data: Record<string, unknown>;
  /** The execution it is about (null for agent events). */
  executionId: string | null;
  /**
   * A workflow execution's id: its `steps` (and the `usage` summed from them) are read when
   * the event is written with a transaction's manager, so that `data` is the record as
   * `GET /v2/executions/:id` answers it. Unset for other kinds (no steps, `usage` null).
   */
  stepsOf?: string;
}

/** Which events the webhook endpoints of some accounts want, as one read found them. */
export interface AccountSubscriptions {
  /** Whether an endpoint of `accountId` (one of the accounts read) wants `type`. */
  wants(accountId: string, type: SubscribableEvent): boolean;
}

/**
 * The port through which a module below webhooks/ (agents) writes account events, in its own
 * transaction, without importing the outbox: `EVENT_WRITER`, implemented by EventOutbox
 * (src/webhooks/outbound/) and provided to the whole container by OutboundModule.
 */
export interface EventWriter {
  /**
   * The subscriptions of these accounts (before a transaction that writes events, or inside
   * one with its `manager`).
   */
  load(accountIds: Iterable<string>, manager?: EntityManager): Promise<AccountSubscriptions>;
  /** Inserts the outbox rows of `events` with `manager`; returns how many were written. */
  enqueue(manager: EntityManager, events: AccountEvent[]): Promise<number>;
  /** Tells this process's dispatcher that committed rows are waiting. */
  wake(): void;
}

export const EVENT_WRITER = Symbol('EVENT_WRITER');

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type {
  ExecutionChange,
  ExecutionNotices,
  LoadedNotices,
} from '../../executions/execution-notices';
import type { CallbackDelivery } from './callback-delivery.entity';
import { CallbackOutbox } from './callback-outbox';
import { EventOutbox, executionEvent, executionEventType } from './event-outbox';

/**
 * ExecutionNotices through the outbox: an execution's callback (CallbackOutbox) and its
 * account's events (EventOutbox) become outbox rows in the transaction of the state change;
 * the CallbackDispatcher sends them.
 */
@Injectable()
export class OutboxNotices implements ExecutionNotices {
  constructor(
    private readonly callbacks: CallbackOutbox,
    private readonly events: EventOutbox,
  ) {}

  async load(accountIds: Iterable<string>, manager?: EntityManager): Promise<LoadedNotices> {
    const subscriptions = await this.events.load(accountIds, manager);
    return {
      wants: (execution) =>
        CallbackOutbox.wants(execution) ||
        subscriptions.wants(execution.accountId, executionEventType(execution.status)),
      batch: () => {
        const rows: CallbackDelivery[] = [];
        return {
          add: (execution) =>
            this.events.collectRows(
              rows,
              subscriptions,
              execution.accountId,
              executionEventType(execution.status),
              () => executionEvent(execution),
            ),
          statement: () => (rows.length > 0 ? this.events.insertStatement(rows) : null),
        };
      },
    };
  }

  async write(manager: EntityManager, changes: readonly ExecutionChange[]): Promise<number> {
    let written = 0;
    for (const { execution, steps } of changes) {
      if ((await this.callbacks.enqueue(manager, execution, steps)) !== null) written++;
    }
    const events = changes.map(({ execution, steps }) => executionEvent(execution, steps));
    return written + (await this.events.enqueue(manager, events));
  }

  wake(): void {
    // One bus signal wakes the dispatcher for callbacks and events alike.
    this.callbacks.wake();
  }
}

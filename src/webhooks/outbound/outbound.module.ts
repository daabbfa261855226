import { Global, Module } from '@nestjs/common';
import { EVENT_WRITER } from '../../events/event-writer';
import { EXECUTION_NOTICES } from '../../executions/execution-notices';
import { EndpointSubscriptions } from './endpoint-subscriptions';
import { CallbackOutbox } from './callback-outbox';
import { DeliveryStore } from './delivery-store';
import { EventOutbox } from './event-outbox';
import { OutboxNotices } from './outbox-notices';

/**
 * Outgoing webhooks, writing side: the outbox (its rows' every state change in DeliveryStore), used wherever executions finish (the runner,
 * cancellation). The sending side is CallbackDispatchModule (worker role only); the delivery
 * log is DeliveriesModule (REST API). Account events for webhook endpoints go through the
 * same outbox (EventOutbox).
 *
 * Global, imported once by the root (AppModule, CliModule): the modules below webhooks/ write
 * through its ports and cannot import it: agent events through `EVENT_WRITER` (src/events/),
 * the callbacks and events of executions' state changes through `EXECUTION_NOTICES`
 * (src/executions/execution-notices.ts).
 */
@Global()
@Module({
  providers: [
    DeliveryStore,
    CallbackOutbox,
    EventOutbox,
    EndpointSubscriptions,
    OutboxNotices,
    { provide: EXECUTION_NOTICES, useExisting: OutboxNotices },
    { provide: EVENT_WRITER, useExisting: EventOutbox },
  ],
  exports: [
    DeliveryStore,
    CallbackOutbox,
    EventOutbox,
    EndpointSubscriptions,
    EXECUTION_NOTICES,
    EVENT_WRITER,
  ],
})
export class OutboundModule {}

import { Global, Module } from '@nestjs/common';
import { EVENT_WRITER } from '../../events/event-writer';
import { EndpointSubscriptions } from './endpoint-subscriptions';
import { CallbackOutbox } from './callback-outbox';
import { EventOutbox } from './event-outbox';

/**
 * Outgoing webhooks, writing side: the outbox, used wherever executions finish (the runner,
 * cancellation). The sending side is CallbackDispatchModule (worker role only); the delivery
 * log is DeliveriesModule (REST API). Account events for webhook endpoints go through the
 * same outbox (EventOutbox).
 *
 * Global, imported once by the root (AppModule, CliModule): the modules below webhooks/ write
 * agent events through its `EVENT_WRITER` port (src/events/) and cannot import it.
 */
@Global()
@Module({
  providers: [
    CallbackOutbox,
    EventOutbox,
    EndpointSubscriptions,
    { provide: EVENT_WRITER, useExisting: EventOutbox },
  ],
  exports: [CallbackOutbox, EventOutbox, EndpointSubscriptions, EVENT_WRITER],
})
export class OutboundModule {}

import { Global, Module } from '@nestjs/common';
import { EXECUTION_NOTICES } from '../../executions/execution-notices';
import { EndpointSubscriptions } from '../../webhook-endpoints/endpoint-subscriptions';
import { CallbackOutbox } from './callback-outbox';
import { EventOutbox } from './event-outbox';
import { OutboxNotices } from './outbox-notices';

/**
 * Outgoing webhooks, writing side: the outbox, used wherever executions finish (the runner,
 * cancellation). The sending side is CallbackDispatchModule (worker role only); the delivery
 * log is DeliveriesModule (REST API). Account events for webhook endpoints go through the
 * same outbox (EventOutbox). Global: it binds EXECUTION_NOTICES, the port through which the
 * executions module (below webhooks, which it does not import) writes callbacks and events
 * with its state changes; the root module imports it once.
 */
@Global()
@Module({
  providers: [
    CallbackOutbox,
    EventOutbox,
    EndpointSubscriptions,
    OutboxNotices,
    { provide: EXECUTION_NOTICES, useExisting: OutboxNotices },
  ],
  exports: [CallbackOutbox, EventOutbox, EndpointSubscriptions, EXECUTION_NOTICES],
})
export class OutboundModule {}

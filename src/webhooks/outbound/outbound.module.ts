import { Module } from '@nestjs/common';
import { EndpointSubscriptions } from '../../webhook-endpoints/endpoint-subscriptions';
import { CallbackOutbox } from './callback-outbox';
import { EventOutbox } from './event-outbox';

/**
 * Outgoing webhooks, writing side: the outbox, used wherever executions finish (the runner,
 * cancellation). The sending side is CallbackDispatchModule (worker role only); the delivery
 * log is DeliveriesModule (REST API). Account events for webhook endpoints go through the
 * same outbox (EventOutbox).
 */
@Module({
  providers: [CallbackOutbox, EventOutbox, EndpointSubscriptions],
  exports: [CallbackOutbox, EventOutbox, EndpointSubscriptions],
})
export class OutboundModule {}

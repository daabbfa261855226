import { Module } from '@nestjs/common';
import { CallbackOutbox } from './callback-outbox';

/**
 * Outgoing webhooks, writing side: the outbox, used wherever executions finish (the runner,
 * cancellation). The sending side is CallbackDispatchModule (worker role only); the delivery
 * log is DeliveriesModule (REST API).
 */
@Module({
  providers: [CallbackOutbox],
  exports: [CallbackOutbox],
})
export class OutboundModule {}

import { Module } from '@nestjs/common';
import { CallbackOutbox } from './callback-outbox';

/** Outgoing webhooks: the outbox (written when executions finish) and, in the worker, the dispatcher. */
@Module({
  providers: [CallbackOutbox],
  exports: [CallbackOutbox],
})
export class OutboundModule {}

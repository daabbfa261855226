import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module';
import { CallbackAttempts } from './callback-attempts';
import { CallbackDispatcher } from './callback-dispatcher';
import { CallbackSender } from './callback-sender';
import { EndpointHealth } from './endpoint-health';

/** The worker side of outgoing webhooks: sends the outbox rows (the worker role, AppModule). */
@Module({
  imports: [AuthModule],
  providers: [CallbackSender, CallbackAttempts, CallbackDispatcher, EndpointHealth],
})
export class CallbackDispatchModule {}

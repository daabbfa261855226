import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { ExecutionsController } from './executions.controller';
import { ExecutionsModule } from './executions.module';
import { ExecutionsService } from './executions.service';
import { FlowKeysController } from './flow-keys.controller';
import { TriggerService } from './trigger.service';
import { WaitTokensController } from './wait-tokens.controller';

/**
 * The trigger, `/v2/executions`, `/v2/wait-tokens` and `/v2/agents/:id/flow/keys` routes; the
 * api role only (AppModule).
 */
@Module({
  imports: [AgentsModule, ExecutionsModule],
  controllers: [ExecutionsController, WaitTokensController, FlowKeysController],
  providers: [ExecutionsService, TriggerService],
  exports: [ExecutionsService, TriggerService],
})
export class ExecutionsApiModule {}

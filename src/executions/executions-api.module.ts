import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { ExecutionsController } from './executions.controller';
import { ExecutionsModule } from './executions.module';
import { ExecutionsService } from './executions.service';
import { TriggerService } from './trigger.service';
import { WaitTokensController } from './wait-tokens.controller';

/** The trigger, `/v2/executions` and `/v2/wait-tokens` routes; the api role only (AppModule). */
@Module({
  imports: [AgentsModule, ExecutionsModule],
  controllers: [ExecutionsController, WaitTokensController],
  providers: [ExecutionsService, TriggerService],
  exports: [ExecutionsService, TriggerService],
})
export class ExecutionsApiModule {}

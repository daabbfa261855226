import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { ExecutionsController } from './executions.controller';
import { ExecutionsModule } from './executions.module';
import { ExecutionsService } from './executions.service';
import { TriggerService } from './trigger.service';
import { WaitTokensController } from './wait-tokens.controller';
import { BulkActionsController } from '../bulk/bulk-actions.controller';
import { BulkActionsService } from '../bulk/bulk-actions.service';

/**
 * The trigger, `/v2/executions` and `/v2/bulk-actions` routes, and the runner of bulk actions;
 * the api role only (AppModule).
 */
@Module({
  imports: [AgentsModule, ExecutionsModule],
  controllers: [ExecutionsController, WaitTokensController, BulkActionsController],
  providers: [ExecutionsService, TriggerService, BulkActionsService],
  exports: [ExecutionsService, TriggerService],
})
export class ExecutionsApiModule {}

import { Module } from '@nestjs/common';
import { ExecutionsController } from './executions.controller';
import { ExecutionsModule } from './executions.module';
import { ExecutionsService } from './executions.service';
import { TriggerService } from './trigger.service';

/** The trigger and `/v2/executions` routes; imported by the REST application only. */
@Module({
  imports: [ExecutionsModule],
  controllers: [ExecutionsController],
  providers: [ExecutionsService, TriggerService],
})
export class ExecutionsApiModule {}

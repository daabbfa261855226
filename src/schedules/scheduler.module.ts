import { Module } from '@nestjs/common';
import { ExecutionsModule } from '../executions/executions.module';
import { Scheduler } from './scheduler';
import { SchedulesModule } from './schedules.module';

/** The worker role's scheduler: fires the schedules whose time has come. */
@Module({
  imports: [ExecutionsModule, SchedulesModule],
  providers: [Scheduler],
  exports: [Scheduler],
})
export class SchedulerModule {}

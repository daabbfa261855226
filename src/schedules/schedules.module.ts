import { Module } from '@nestjs/common';
import { SCHEDULE_CLOCK, SYSTEM_CLOCK } from './schedule-clock';

/** What the schedule routes and the scheduler share: the clock they read (a fake in tests). */
@Module({
  providers: [{ provide: SCHEDULE_CLOCK, useValue: SYSTEM_CLOCK }],
  exports: [SCHEDULE_CLOCK],
})
export class SchedulesModule {}

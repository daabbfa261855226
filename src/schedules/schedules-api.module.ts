import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { SchedulesController } from './schedules.controller';
import { SchedulesModule } from './schedules.module';
import { SchedulesService } from './schedules.service';

/** The `/v2/agents/:id/schedules` and `/v2/schedules/:id` routes; the api role only. */
@Module({
  imports: [AgentsModule, SchedulesModule],
  controllers: [SchedulesController],
  providers: [SchedulesService],
})
export class SchedulesApiModule {}

import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { RetentionService } from './retention.service';

/** The retention job (worker role). */
@Module({
  imports: [ScheduleModule.forRoot()],
  providers: [RetentionService],
  exports: [RetentionService],
})
export class RetentionModule {}

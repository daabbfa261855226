import { Module } from '@nestjs/common';
import { UsageController } from './usage.controller';
import { UsageModule } from './usage.module';
import { UsageService } from './usage.service';

/** The `/v2/usage` route; REST application only. */
@Module({
  imports: [UsageModule],
  controllers: [UsageController],
  providers: [UsageService],
})
export class UsageApiModule {}

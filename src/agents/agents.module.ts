import { Module } from '@nestjs/common';
import { KindsModule } from '../runner/kinds/kinds.module';
import { AgentStatsService } from './agent-stats.service';

@Module({
  imports: [KindsModule],
  providers: [AgentStatsService],
  exports: [AgentStatsService],
})
export class AgentsModule {}

import { Module } from '@nestjs/common';
import { AgentKindsController } from './agent-kinds.controller';
import { AgentsController } from './agents.controller';
import { StatsController } from './stats.controller';
import { KindsModule } from '../kinds/kinds.module';
import { AgentsModule } from './agents.module';

/** The `/v2/agents` routes; imported by the REST application (AppModule) only. */
@Module({
  imports: [AgentsModule, KindsModule.register()],
  controllers: [AgentsController, AgentKindsController, StatsController],
})
export class AgentsApiModule {}

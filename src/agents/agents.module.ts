import { Module } from '@nestjs/common';
import { KindsModule } from '../kinds/kinds.module';
import { AgentEvents } from './agent-events';
import { AgentStatsService } from './agent-stats.service';
import { AgentVersions } from './agent-versions.service';
import { AgentsService } from './agents.service';
import { AgentWrites } from './agent-writes';

/**
 * The agents domain (rules, counters), without HTTP routes, so that the webhook listener,
 * the worker, the executions module and the CLI can import it without mounting `/agents`
 * routes on their applications. The REST routes are in AgentsApiModule.
 */
@Module({
  imports: [KindsModule.register()],
  providers: [AgentsService, AgentStatsService, AgentVersions, AgentEvents, AgentWrites],
  exports: [AgentsService, AgentStatsService, AgentVersions],
})
export class AgentsModule {}

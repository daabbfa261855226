import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { KindsModule } from '../kinds/kinds.module';
import { AgentTestController } from './agent-test.controller';
import { AgentTestService } from './agent-test.service';

/**
 * `POST /v2/agents/:id/test`: runs an agent's kind on an input without storing anything, and
 * answers like an execution (its error and, for a workflow, its steps). Above agents,
 * executions (whose response shapes it reuses) and workflows (whose test runs take mocks);
 * REST application only.
 */
@Module({
  imports: [AgentsModule, KindsModule.register()],
  controllers: [AgentTestController],
  providers: [AgentTestService],
})
export class AgentTestApiModule {}

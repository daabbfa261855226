import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { QueueModule } from '../queue/queue.module';
import { ExecutionIntakeService } from './execution-intake.service';
import { ExecutionLifecycleService } from './execution-lifecycle.service';

/**
 * The executions domain without HTTP routes (intake and state transitions), for the
 * listeners and the worker. The REST routes are in ExecutionsApiModule.
 */
@Module({
  imports: [AgentsModule, QueueModule],
  providers: [ExecutionIntakeService, ExecutionLifecycleService],
  exports: [ExecutionIntakeService, ExecutionLifecycleService],
})
export class ExecutionsModule {}

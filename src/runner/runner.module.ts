import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { ExecutionsModule } from '../executions/executions.module';
import { ExecutionRunner } from './execution-runner';
import { KindsModule } from '../kinds/kinds.module';
import { WaitPoller } from './wait-poller';
import { Worker } from './worker.service';

/** The worker role's runner: claims queued executions and runs them through their kind. */
@Module({
  imports: [AgentsModule, ExecutionsModule, KindsModule.register()],
  providers: [ExecutionRunner, Worker, WaitPoller],
  exports: [Worker],
})
export class RunnerModule {}

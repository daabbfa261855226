import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { QueueModule } from '../runner/queue.module';
import { ExecutionIntakeService } from './execution-intake.service';

@Module({
  imports: [AgentsModule, QueueModule],
  providers: [ExecutionIntakeService],
  exports: [ExecutionIntakeService],
})
export class ExecutionsModule {}

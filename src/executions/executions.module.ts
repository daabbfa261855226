import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { ExecutionIntakeService } from './execution-intake.service';
import { ExecutionLeases } from './execution-leases';
import { ExecutionLifecycleService } from './execution-lifecycle.service';
import { ExecutionLogs } from './execution-logs';
import { FlowGate } from './flow-gate';

/**
 * The execution store without HTTP routes, for the listeners and the worker: every state
 * transition of an execution is written here, once: created (ExecutionIntakeService),
 * claimed, leased, handed back and requeued (ExecutionLeases), finished (RunFinish, through
 * ExecutionLifecycleService), cancelled (ExecutionLifecycleService), held and released by flow control (FlowGate); a run's live log and the log of a cancelled run (ExecutionLogs). The REST routes are in
 * ExecutionsApiModule. Its transitions write callbacks and events through EXECUTION_NOTICES,
 * bound by the (global) OutboundModule.
 */
@Module({
  imports: [AgentsModule],
  providers: [
    ExecutionIntakeService,
    ExecutionLifecycleService,
    ExecutionLeases,
    ExecutionLogs,
    FlowGate,
  ],
  exports: [
    ExecutionIntakeService,
    ExecutionLifecycleService,
    ExecutionLeases,
    ExecutionLogs,
    FlowGate,
  ],
})
export class ExecutionsModule {}

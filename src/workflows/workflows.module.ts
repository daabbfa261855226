import { Module } from '@nestjs/common';
import { WorkflowKind } from './workflow.kind';

/**
 * The `workflow` agent kind and its engine. The kind registers itself like any kind: the
 * registry (src/kinds/) finds `@AgentKind()` providers through Nest's discovery, whichever
 * module provides them (its KindRegistry is global: KindsModule), so the root (AppModule,
 * CliModule) imports this module beside the others. Model calls are metered through `MODEL_METER` (provided by UsageModule).
 */
@Module({
  providers: [WorkflowKind],
  exports: [WorkflowKind],
})
export class WorkflowsModule {}

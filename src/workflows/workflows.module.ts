import { Module } from '@nestjs/common';
import { FlowKeysModule } from './flow/flow-keys';
import { WorkflowKind } from './workflow.kind';

/**
 * The `workflow` agent kind and its engine. The kind registers itself like any kind: the
 * registry (src/kinds/) finds `@AgentKind()` providers through Nest's discovery, whichever
 * module provides them (its KindRegistry is global: KindsModule), so the root (AppModule,
 * CliModule) imports this module beside the others. It also provides the port FLOW_KEYS
 * (flow control keys, compiled as workflow values; global). CHILD_EXECUTIONS (the child executions of `agent` steps and agent tools) is provided by ChildExecutionsModule, which the roles import beside it (AppModule). Model calls are metered through `MODEL_METER` (provided by UsageModule).
 */
@Module({
  imports: [FlowKeysModule],
  providers: [WorkflowKind],
  exports: [WorkflowKind],
})
export class WorkflowsModule {}

/**
 * The workflow engine (docs/workflows.md, The definition). What an integrator uses:
 * - `compileWorkflow(config, {kinds, sandbox})` once per agent version (cache the result);
 *   throws ConfigValidationError with the field's path relative to `config`.
 * - `runWorkflow(compiled, context)` per execution; durability through `context.checkpoint`.
 * - `ExpressionSandbox` (one per process; `close()` on shutdown) and `OutboundHttpClient`.
 */
export { compileWorkflow, MAX_STEPS, MAX_NESTING } from './workflow-definition';
export type { CompiledWorkflow, CompileOptions, WorkflowLimits } from './workflow-definition';
export { runWorkflow } from './workflow-runner';
export type { WorkflowResult } from './workflow-runner';
export { systemClock } from './context';
export type {
  Checkpoint,
  Clock,
  ExecutionInfo,
  HttpClient,
  HttpRequest,
  HttpResponse,
  SecretResolver,
  StepRecord,
  WorkflowLogger,
  WorkflowRunContext,
} from './context';
export { CheckpointFailure, StepError, WorkflowErrorCode } from './errors';
export { ExpressionSandbox, sharedSandbox, DEFAULT_SANDBOX_OPTIONS } from './expressions/sandbox';
export { OutboundHttpClient } from './http/outbound-http-client';
export { REDACTED, MAX_OUTPUT_BYTES } from './output';

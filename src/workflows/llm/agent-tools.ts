import { isPlainObject } from '../fields';
import { StepError, WorkflowErrorCode } from '../errors';
import type { StepContext } from '../step-type';
import type { LlmToolCallRecord } from './llm-record';
import type { CompiledTool } from './tools';

/** How often a tool call looks at its child while it runs (without a worker slot). */
export const AGENT_TOOL_POLL_MS = 250;

/**
 * One call of an agent tool: starts the agent as a child execution (one per tool call of the
 * step attempt, found again when the step runs again), waits for its end without holding a
 * worker slot, and completes the call with the child's output as JSON, or `{"error": {code,
 * message}}` when it failed, was cancelled or could not start (paused agent, input refused by
 * its `input_schema`, depth limit). The step's timeout or a cancel ends the wait.
 */
export async function runAgentToolCall(
  tool: CompiledTool,
  call: LlmToolCallRecord,
  context: StepContext,
  done: (status: 'completed' | 'failed', result: string) => void,
): Promise<void> {
  const refuse = (code: string, message: string) =>
    done('failed', JSON.stringify({ error: { code, message } }));
  const input = call.arguments ?? {};
  if (!isPlainObject(input)) {
    return refuse(WorkflowErrorCode.invalidInput, 'The arguments must be a JSON object');
  }
  if (!context.children || !context.suspendable) {
    return refuse(WorkflowErrorCode.agentFailed, 'A test run does not start other agents');
  }
  const children = context.children;
  try {
    let child = await children.start({ agentId: tool.agent!, input, wait: true }, call.id);
    while (
      child.status !== 'completed' &&
      child.status !== 'failed' &&
      child.status !== 'cancelled'
    ) {
      await context.idle(() => context.clock.sleep(AGENT_TOOL_POLL_MS, context.signal));
      child = (await children.get(child.id)) ?? child;
    }
    context.logger.log(
      'info',
      `Tool ${tool.name} (agent ${tool.agent}): execution ${child.id} ${child.status}`,
      {
        step: context.recordId,
      },
    );
    if (child.status === 'completed') return done('completed', JSON.stringify(child.output ?? {}));
    const error = child.error ?? {
      code: WorkflowErrorCode.agentFailed,
      message: `The child execution was ${child.status}`,
    };
    return refuse(error.code, error.message);
  } catch (error) {
    if (context.signal.aborted || !(error instanceof StepError)) throw error;
    return refuse(error.code, error.message);
  }
}

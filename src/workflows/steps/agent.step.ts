import { ConfigValidationError } from '../../kinds/agent-kind';
import { StepError, WaitSuspend, WorkflowErrorCode } from '../errors';
import { childPath, type CompiledValue } from '../expressions/value';
import { isPlainObject } from '../fields';
import type { ChildState } from '../context';
import type { CompileContext, StepContext, StepType } from '../step-type';

/**
 * How long a parent waits for its child before it looks again by itself. The child's finish
 * makes the parent due at once (in the transaction that records it); this only bounds what a
 * lost wake-up could cost.
 */
export const CHILD_RECHECK_MS = 60 * 60 * 1000;

/**
 * How long a parent listens for its child's end in this process before it waits durably
 * (without a worker slot meanwhile): a child that a worker of this process ran by then gives
 * its output at once, with no pause and no resume of the parent. Anything else (a child
 * still running, or one that ran on another process) is the durable wait's.
 */
export const CHILD_SETTLE_MS = 50;

interface AgentBody {
  agentId: string;
  input: CompiledValue;
  wait: boolean;
}

/**
 * `agent`: starts another agent of the account as an execution of its own (`source:
 * "agent"`), with `input` (a value, default `$input`; an object). `wait: true` (the default):
 * the run waits, holding nothing, until the child finishes; its output is the step's, its
 * failure (or cancellation) the step's `agent_failed`. `wait: false`: the output is
 * `{execution_id}` at once. `agent_id` is a literal id, checked against the account when the
 * workflow is saved (`agentStepRefs`). Each attempt of the step starts one child at most,
 * however often the run resumes (docs/workflows.md, Agents as steps).
 */
export class AgentStep implements StepType<AgentBody> {
  readonly type = 'agent';
  readonly fields = ['agent_id', 'input', 'wait'];
  readonly pure = false;
  /** A step attempt run again gets the child it started (unique per parent and attempt). */
  readonly replayable = true;

  compile(raw: Record<string, unknown>, path: string, context: CompileContext): AgentBody {
    const agentId = raw.agent_id;
    if (typeof agentId !== 'string' || agentId === '') {
      throw new ConfigValidationError(
        childPath(path, 'agent_id'),
        'agent_id must be the id of an agent of this account',
      );
    }
    const wait = raw.wait ?? true;
    if (typeof wait !== 'boolean') {
      throw new ConfigValidationError(childPath(path, 'wait'), 'wait must be true or false');
    }
    const input = context.value(raw.input ?? '{% $input %}', childPath(path, 'input'));
    return { agentId, input, wait };
  }

  async run(body: AgentBody, context: StepContext): Promise<unknown> {
    const input = await context.evaluate(body.input);
    if (!isPlainObject(input)) {
      throw new StepError(
        WorkflowErrorCode.invalidInput,
        'The input of an agent step must be an object',
      );
    }
    if (!context.children || !context.suspendable) {
      throw new StepError(
        WorkflowErrorCode.agentFailed,
        'A test run does not start other agents; mock this step',
      );
    }
    const child = await context.children.start({ agentId: body.agentId, input, wait: body.wait });
    if (!body.wait) return { execution_id: child.id };
    const current = isFinished(child) ? child : await settle(child, context);
    if (current.status === 'completed') return current.output ?? {};
    if (isFinished(current)) {
      const message = current.error?.message ?? `The child execution was ${current.status}`;
      throw new StepError(
        WorkflowErrorCode.agentFailed,
        `Agent ${body.agentId} (execution ${current.id}) ${current.status}: ${message}`,
      );
    }
    throw new WaitSuspend(context.clock.now() + CHILD_RECHECK_MS, false, undefined, current.id);
  }
}

/**
 * The child as it stands once it finished in this process or CHILD_SETTLE_MS passed (its
 * slot given up meanwhile); read again at the end either way (it may have ended elsewhere).
 */
async function settle(child: ChildState, context: StepContext): Promise<ChildState> {
  const children = context.children!;
  const finished = children.finishedHere(child.id, CHILD_SETTLE_MS, context.signal);
  // An end announced before the listener was set is in the row.
  const now = (await children.get(child.id)) ?? child;
  if (isFinished(now)) return now;
  await context.idle(() => finished);
  if (context.signal.aborted) throw context.signal.reason;
  return (await children.get(child.id)) ?? child;
}

function isFinished(child: ChildState): boolean {
  return child.status === 'completed' || child.status === 'failed' || child.status === 'cancelled';
}

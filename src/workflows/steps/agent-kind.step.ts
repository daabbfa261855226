import { ConfigValidationError } from '../../kinds/agent-kind';
import type { RegisteredKind } from '../../kinds/kind-registry';
import { StepError, WorkflowErrorCode } from '../errors';
import { childPath, type CompiledValue } from '../expressions/value';
import { isPlainObject } from '../fields';
import type { CompileContext, StepContext, StepType } from '../step-type';

interface AgentKindBody {
  input: CompiledValue;
  config: Record<string, unknown>;
}

/**
 * Any registered agent kind as a step (`type: "lead-qualification"`): `input` (a value,
 * default `$input`) is what the kind runs on, `config` its config, validated by the kind when
 * the workflow is compiled. The kind's output is the step's; its RunFailure the step's error.
 */
export class AgentKindStep implements StepType<AgentKindBody> {
  readonly type: string;
  readonly fields = ['input', 'config'];
  /**
   * A kind may call out (http-request), so its result is checkpointed unless the kind
   * declares `pure: true` (no effect outside the run, same output for the same input).
   */
  readonly pure: boolean;

  constructor(private readonly kind: RegisteredKind) {
    this.type = kind.name;
    this.pure = kind.pure;
  }

  compile(raw: Record<string, unknown>, path: string, context: CompileContext): AgentKindBody {
    const input = context.value(raw.input ?? '{% $input %}', childPath(path, 'input'));
    const configPath = childPath(path, 'config');
    const rawConfig = raw.config ?? {};
    if (!isPlainObject(rawConfig))
      throw new ConfigValidationError(configPath, 'config must be an object');
    let config: Record<string, unknown>;
    try {
      config = this.kind.parseConfig(rawConfig);
    } catch (error) {
      if (error instanceof ConfigValidationError) {
        const field = error.path === '' ? configPath : childPath(configPath, error.path);
        throw new ConfigValidationError(field, error.message);
      }
      throw error;
    }
    return { input, config };
  }

  async run(body: AgentKindBody, context: StepContext): Promise<unknown> {
    const input = await context.evaluate(body.input);
    if (!isPlainObject(input)) {
      throw new StepError(
        WorkflowErrorCode.invalidInput,
        `The input of a ${this.type} step must be an object`,
      );
    }
    return this.kind.handler.run(input, {
      executionId: context.execution.id,
      agentId: context.execution.agent_id,
      accountId: context.accountId,
      config: body.config,
      log: (level, message) => context.logger.log(level, message, { step: context.recordId }),
      signal: context.signal,
    });
  }
}

import { ConfigValidationError } from '../../kinds/agent-kind';
import type { CompiledValue } from '../expressions/value';
import { childPath } from '../expressions/value';
import type { CompileContext, StepContext, StepType } from '../step-type';

interface TransformBody {
  value: CompiledValue;
}

/** `transform`: the output is `value`, evaluated. */
export class TransformStep implements StepType<TransformBody> {
  readonly type = 'transform';
  readonly fields = ['value'];
  readonly pure = true;

  compile(raw: Record<string, unknown>, path: string, context: CompileContext): TransformBody {
    if (!('value' in raw))
      throw new ConfigValidationError(childPath(path, 'value'), 'value is required');
    return { value: context.value(raw.value, childPath(path, 'value')) };
  }

  run(body: TransformBody, context: StepContext): Promise<unknown> {
    return context.evaluate(body.value);
  }
}

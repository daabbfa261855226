import { ConfigValidationError } from '../../kinds/agent-kind';
import { StepError } from '../errors';
import { childPath, type CompiledValue } from '../expressions/value';
import type { CompileContext, StepContext, StepType } from '../step-type';

interface FailBody {
  code: string;
  message: CompiledValue;
}

const CODE = /^[a-z][a-z0-9_]{0,63}$/;

/** `fail`: ends the execution as failed with `code` and `message` (a value → text). */
export class FailStep implements StepType<FailBody> {
  readonly type = 'fail';
  readonly fields = ['code', 'message'];
  readonly pure = true;

  compile(raw: Record<string, unknown>, path: string, context: CompileContext): FailBody {
    if (typeof raw.code !== 'string' || !CODE.test(raw.code)) {
      throw new ConfigValidationError(
        childPath(path, 'code'),
        'code must match ^[a-z][a-z0-9_]{0,63}$',
      );
    }
    if (raw.message === undefined) {
      throw new ConfigValidationError(childPath(path, 'message'), 'message is required');
    }
    return { code: raw.code, message: context.value(raw.message, childPath(path, 'message')) };
  }

  async run(body: FailBody, context: StepContext): Promise<unknown> {
    const value = await context.evaluate(body.message);
    const message = typeof value === 'string' ? value : JSON.stringify(value ?? null);
    throw new StepError(body.code, message.slice(0, 1000), { deliberate: true });
  }
}

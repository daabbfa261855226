import { ConfigValidationError } from '../../kinds/agent-kind';
import { childPath, type CompiledValue } from '../expressions/value';
import { arrayField, objectField } from '../fields';
import type { CompiledStep, CompileContext, StepContext, StepType } from '../step-type';

interface BranchBody {
  cases: { when: CompiledValue; steps: CompiledStep[] }[];
  default?: CompiledStep[];
}

/**
 * `branch`: runs the steps of the first case whose `when` is truthy, else `default`; the
 * output is the output of the last step of the branch taken (null if none was taken).
 */
export class BranchStep implements StepType<BranchBody> {
  readonly type = 'branch';
  readonly fields = ['cases', 'default'];
  readonly pure = true;

  compile(raw: Record<string, unknown>, path: string, context: CompileContext): BranchBody {
    const casesPath = childPath(path, 'cases');
    const list = arrayField(raw.cases, casesPath, 'cases');
    if (list.length === 0)
      throw new ConfigValidationError(casesPath, 'cases must hold at least one case');
    const cases = list.map((item, index) => {
      const casePath = childPath(casesPath, index);
      const entry = objectField(item, casePath, ['when', 'steps']);
      if (entry.when === undefined) {
        throw new ConfigValidationError(childPath(casePath, 'when'), 'when is required');
      }
      return {
        when: context.value(entry.when, childPath(casePath, 'when')),
        steps: context.steps(entry.steps, childPath(casePath, 'steps')),
      };
    });
    const fallback =
      raw.default === undefined
        ? undefined
        : context.steps(raw.default, childPath(path, 'default'));
    return { cases, default: fallback };
  }

  async run(body: BranchBody, context: StepContext): Promise<unknown> {
    for (const entry of body.cases) {
      if (truthy(await context.evaluate(entry.when))) return context.runSteps(entry.steps);
    }
    return body.default ? context.runSteps(body.default) : null;
  }
}

/** JSONata's boolean cast (`$boolean`): empty strings, arrays and objects, 0 and null are false. */
export function truthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') {
    return false;
  }
  if (Array.isArray(value)) return value.some(truthy);
  if (typeof value === 'object') return Object.keys(value).length > 0;
  if (typeof value === 'number') return !Number.isNaN(value);
  if (typeof value === 'function') return false;
  return true;
}

import { ConfigValidationError } from '../../kinds/agent-kind';
import { StepError, WorkflowErrorCode } from '../errors';
import { childPath, type CompiledValue } from '../expressions/value';
import { integerField } from '../fields';
import type { CompiledStep, CompileContext, StepContext, StepType } from '../step-type';

interface ForeachBody {
  items: CompiledValue;
  steps: CompiledStep[];
  concurrency: number;
}

export const MAX_ITEMS = 1000;
export const MAX_CONCURRENCY = 10;

/**
 * `foreach`: runs `steps` once per item of `items` (`$item`, `$index`), at most
 * `concurrency` items at a time; the output is each item's last step output, in item order.
 * A JSONata result that is not an array is one item (JSONata returns a one-item sequence as
 * the item itself); no result is no items.
 */
export class ForeachStep implements StepType<ForeachBody> {
  readonly type = 'foreach';
  readonly fields = ['items', 'steps', 'concurrency'];
  readonly pure = true;

  compile(raw: Record<string, unknown>, path: string, context: CompileContext): ForeachBody {
    if (raw.items === undefined) {
      throw new ConfigValidationError(childPath(path, 'items'), 'items is required');
    }
    const items = context.value(raw.items, childPath(path, 'items'));
    const concurrency =
      integerField(raw.concurrency, childPath(path, 'concurrency'), 1, MAX_CONCURRENCY) ?? 1;
    return { items, concurrency, steps: context.steps(raw.steps, childPath(path, 'steps')) };
  }

  async run(body: ForeachBody, context: StepContext): Promise<unknown> {
    const value = await context.evaluate(body.items);
    const items =
      value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
    if (items.length > MAX_ITEMS) {
      throw new StepError(
        WorkflowErrorCode.tooManyItems,
        `items holds ${items.length} items; a foreach takes at most ${MAX_ITEMS}`,
      );
    }
    const outputs: unknown[] = new Array(items.length).fill(null);
    let next = 0;
    let failure: unknown;
    const worker = async () => {
      while (failure === undefined && next < items.length) {
        const index = next++;
        try {
          outputs[index] = await context.runSteps(body.steps, { item: items[index], index });
        } catch (error) {
          failure ??= error;
        }
      }
    };
    const workers = Math.min(body.concurrency, items.length);
    await Promise.all(Array.from({ length: workers }, worker));
    if (failure !== undefined) throw failure;
    return outputs;
  }
}

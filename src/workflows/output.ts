import { MAX_JSON_DEPTH } from '../common/json-depth';
import { StepError, WorkflowErrorCode } from './errors';
import { setOwn } from './expressions/value';

/** docs/workflows.md, The definition: the output of a step or of the workflow. */
export const MAX_OUTPUT_BYTES = 1024 * 1024;
/** Outputs are stored inside an execution record: leave room for its own nesting. */
const MAX_OUTPUT_DEPTH = MAX_JSON_DEPTH - 4;
export const REDACTED = '[redacted]';

/**
 * A plain JSON copy of what a step produced: at most 1 MiB serialised and `MAX_OUTPUT_DEPTH`
 * deep (else `output_too_large`), with every secret value replaced by `[redacted]`. Follows
 * JSON.stringify for what JSON cannot hold (functions and undefined dropped, non-finite numbers
 * null). String lengths are read before their contents, so a huge string built by an
 * expression is refused without being copied.
 */
export function toOutput(value: unknown, secrets: readonly string[] = []): unknown {
  let budget = MAX_OUTPUT_BYTES;
  const tooLarge = (message: string) => new StepError(WorkflowErrorCode.outputTooLarge, message);
  const spend = (bytes: number) => {
    budget -= bytes;
    if (budget < 0) throw tooLarge(`The output is larger than ${MAX_OUTPUT_BYTES} bytes`);
  };
  const text = (input: string): string => {
    // The length first: a huge string is refused before anything reads its characters.
    if (input.length + 2 > budget) spend(input.length + 2);
    spend(Buffer.byteLength(input) + 2);
    return secrets.length === 0 ? input : redactText(input, secrets);
  };
  const copy = (current: unknown, depth: number): unknown => {
    if (current === null || current === undefined) return current === null ? null : undefined;
    switch (typeof current) {
      case 'string':
        return text(current);
      case 'number':
        spend(8);
        return Number.isFinite(current) ? current : null;
      case 'boolean':
        spend(5);
        return current;
      case 'object':
        break;
      default:
        return undefined;
    }
    if (depth >= MAX_OUTPUT_DEPTH)
      throw tooLarge(`The output nests deeper than ${MAX_OUTPUT_DEPTH} levels`);
    if (Array.isArray(current)) {
      spend(2);
      const result: unknown[] = [];
      for (const item of current) {
        const copied = copy(item, depth + 1);
        result.push(copied === undefined ? null : copied);
        spend(1);
      }
      return result;
    }
    spend(2);
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(current as Record<string, unknown>)) {
      const copied = copy(item, depth + 1);
      if (copied !== undefined) setOwn(result, text(key), copied);
      spend(1);
    }
    return result;
  };
  const result = copy(value, 0);
  return result === undefined ? null : result;
}

/** Every occurrence of every secret value in `input` replaced by `[redacted]`. */
export function redactText(input: string, secrets: readonly string[]): string {
  let result = input;
  for (const secret of secrets) {
    if (secret !== '' && result.includes(secret)) result = result.split(secret).join(REDACTED);
  }
  return result;
}

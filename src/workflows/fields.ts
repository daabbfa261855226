import { ConfigValidationError } from '../kinds/agent-kind';
import { isPlainObject } from '../common/json-path';
import { childPath } from './expressions/value';

/** Field readers for definitions: each throws ConfigValidationError at the field's path. */

/** The name a message uses for the field at `path` (`steps[0].retry` → `retry`). */
export function fieldName(path: string): string {
  if (path === '') return 'config';
  return path.slice(path.lastIndexOf('.') + 1);
}

export { isPlainObject };

/** An object whose keys are all in `allowed` (a typo is an error, not an ignored field). */
export function objectField(
  value: unknown,
  path: string,
  allowed: readonly string[],
): Record<string, unknown> {
  if (!isPlainObject(value)) {
    throw new ConfigValidationError(path, `${fieldName(path)} must be an object`);
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw new ConfigValidationError(
        childPath(path, key),
        `Unknown field "${key}"; allowed: ${allowed.join(', ')}`,
      );
    }
  }
  return value;
}

/** An optional integer in [min, max]. */
export function integerField(
  value: unknown,
  path: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ConfigValidationError(
      path,
      `${fieldName(path)} must be an integer between ${min} and ${max}`,
    );
  }
  return value;
}

/** A required (possibly empty) list. */
export function arrayField(value: unknown, path: string, what: string): unknown[] {
  if (!Array.isArray(value)) {
    throw new ConfigValidationError(path, `${fieldName(path)} must be an array of ${what}`);
  }
  return value;
}

import type { ExpressionScope } from './sandbox';

/** `$input.a.b`, `$steps.x.y`, `$item.a`, `$execution.id`, `$index`: a variable and field names. */
const PATH = /^\s*\$(input|steps|item|execution|index)((?:\.[A-Za-z_][A-Za-z0-9_]*)*)\s*$/;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A shortcut for the commonest expressions, a variable followed by field names: read the value
 * directly instead of through jsonata (most of a small workflow's evaluation time). It answers
 * only where jsonata's answer is certain — every field met is an own field of a plain object,
 * and the value found is not an array (jsonata's sequences flatten and unwrap arrays) — and
 * returns undefined otherwise, so that jsonata evaluates it as before.
 */
export function fastPath(
  source: string,
): ((scope: ExpressionScope) => { value: unknown } | undefined) | undefined {
  const match = PATH.exec(source);
  if (!match) return undefined;
  const variable = match[1] as 'input' | 'steps' | 'item' | 'execution' | 'index';
  const names = match[2] === '' ? [] : match[2].slice(1).split('.');
  if (variable === 'index' && names.length > 0) return undefined;
  return (scope) => {
    let current: unknown = scope[variable];
    for (const name of names) {
      if (!isPlainObject(current) || !Object.hasOwn(current, name)) return undefined;
      current = current[name];
    }
    if (Array.isArray(current) || current === undefined) return undefined;
    if (typeof current === 'number' && !Number.isFinite(current)) return undefined;
    return { value: current };
  };
}

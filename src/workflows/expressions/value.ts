import { ConfigValidationError } from '../../kinds/agent-kind';
import { ExpressionSyntaxError, type ExpressionSandbox, type ExpressionScope } from './sandbox';
import { childPath } from '../../common/json-path';
import { SECRET_MARKER } from '../../secrets/secret-use';

/**
 * A *value* of a definition, compiled: JSON in which a string `"{% expr %}"` stands for the result
 * of the JSONata expression `expr`; every other string is literal (docs/workflows.md, The
 * definition).
 */
export interface CompiledValue {
  /** True when the value holds no expression (its result is `constant`). */
  readonly constant: boolean;
  /** True when an expression in it calls `$now`, `$millis`, `$random` or `$shuffle`. */
  readonly nondeterministic: boolean;
  evaluate(scope: ExpressionScope): Promise<unknown>;
}

const EXPRESSION = /^\{%([\s\S]*)%\}$/;
export { SECRET_MARKER };

export { childPath };

/** Rejects `{{secrets.…}}` where they are not allowed (docs/api.md, Secrets). */
export function refuseSecrets(text: string, path: string): void {
  if (text.includes(SECRET_MARKER)) {
    throw new ConfigValidationError(
      path,
      'Secrets ({{secrets.NAME}}) can be used only in the header values of an http step',
    );
  }
}

/** Compiles one `{% expr %}` string, or returns undefined for a literal string. */
export function compileExpressionString(text: string, path: string, sandbox: ExpressionSandbox) {
  const match = EXPRESSION.exec(text);
  if (!match) return undefined;
  const source = match[1].trim();
  if (source === '') throw new ConfigValidationError(path, 'The expression is empty');
  refuseSecrets(source, path);
  try {
    return sandbox.compile(source);
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) {
      throw new ConfigValidationError(path, `Invalid expression: ${error.message}`);
    }
    throw error;
  }
}

/** `result[key] = value` that also works for a key named `__proto__`. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

const constantValue = (value: unknown): CompiledValue => ({
  constant: true,
  nondeterministic: false,
  evaluate: () => Promise.resolve(value),
});

export function compileValue(
  raw: unknown,
  path: string,
  sandbox: ExpressionSandbox,
): CompiledValue {
  if (typeof raw === 'string') {
    const expression = compileExpressionString(raw, path, sandbox);
    if (expression === undefined) {
      refuseSecrets(raw, path);
      return constantValue(raw);
    }
    return {
      constant: false,
      nondeterministic: expression.nondeterministic,
      evaluate: (scope) => expression.evaluate(scope),
    };
  }
  if (Array.isArray(raw)) {
    const items = raw.map((item, index) => compileValue(item, childPath(path, index), sandbox));
    if (items.every((item) => item.constant)) return constantValue(raw);
    return {
      constant: false,
      nondeterministic: items.some((item) => item.nondeterministic),
      evaluate: async (scope) => {
        const result: unknown[] = [];
        for (const item of items) result.push(await item.evaluate(scope));
        return result;
      },
    };
  }
  if (raw !== null && typeof raw === 'object') {
    const entries = Object.entries(raw).map(
      ([key, item]) => [key, compileValue(item, childPath(path, key), sandbox)] as const,
    );
    if (entries.every(([, item]) => item.constant)) return constantValue(raw);
    return {
      constant: false,
      nondeterministic: entries.some(([, item]) => item.nondeterministic),
      evaluate: async (scope) => {
        const result: Record<string, unknown> = {};
        for (const [key, item] of entries) {
          const value = await item.evaluate(scope);
          if (value !== undefined) setOwn(result, key, value);
        }
        return result;
      },
    };
  }
  return constantValue(raw);
}

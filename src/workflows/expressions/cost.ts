/**
 * A static look at a compiled JSONata expression: can one evaluation of it take long or use
 * much memory inside a single built-in call, where jsonata's own timeout cannot stop it?
 *
 * The answer is "cheap" only for expressions made of paths, literals, operators, conditions,
 * object and array constructors, sorting, and calls of the built-ins listed below (each linear
 * in the size of its arguments, and the arguments are bounded by the run's data). Anything
 * else (a regular expression, a range `a..b`, a function defined in the expression and so
 * recursion, a variable binding, `$pad`, `$eval`, `$replace`, the higher-order built-ins, a
 * function that is not built in) is "costly" and is evaluated in a child process that can be
 * killed. Unknown node types are costly: the list fails closed.
 */

/** Built-ins whose cost is linear in their (bounded) arguments and that take no function. */
const CHEAP_FUNCTIONS = new Set([
  'string',
  'length',
  'substring',
  'substringBefore',
  'substringAfter',
  'uppercase',
  'lowercase',
  'trim',
  'contains',
  'split',
  'join',
  'number',
  'abs',
  'floor',
  'ceil',
  'round',
  'sqrt',
  'power',
  'sum',
  'max',
  'min',
  'average',
  'count',
  'boolean',
  'not',
  'exists',
  'append',
  'reverse',
  'keys',
  'lookup',
  'merge',
  'distinct',
  'type',
  'spread',
  'zip',
  'base64encode',
  'base64decode',
  'encodeUrlComponent',
  'encodeUrl',
  'decodeUrlComponent',
  'decodeUrl',
  'formatNumber',
  'formatBase',
  'formatInteger',
  'parseInteger',
  'toMillis',
  'fromMillis',
  'now',
  'millis',
  'random',
  'shuffle',
  'error',
  'assert',
]);

/** Built-ins whose result differs between two evaluations on the same data. */
const NONDETERMINISTIC_FUNCTIONS = new Set(['now', 'millis', 'random', 'shuffle']);

/** Node types that are cheap in themselves (their children are judged separately). */
const CHEAP_NODES = new Set([
  'path',
  'name',
  'string',
  'number',
  'value',
  'variable',
  'wildcard',
  'descendant',
  'parent',
  'condition',
  'block',
  'filter',
  'sort',
  'unary',
  'binary',
  'function',
  'apply',
]);

export interface ExpressionCost {
  /** True when the expression must run where it can be killed. */
  costly: boolean;
  /** Why (the first reason found), for docs and tests. */
  reason?: string;
  /** True when it calls `$now`, `$millis`, `$random` or `$shuffle`. */
  nondeterministic: boolean;
}

interface AstNode {
  type?: string;
  value?: unknown;
  procedure?: AstNode;
}

/** The variables a run binds (`$` and `$$` are the context). */
const RUN_VARIABLES = new Set(['', '$', 'input', 'steps', 'item', 'index', 'execution']);

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function assessCost(ast: unknown): ExpressionCost {
  const result: ExpressionCost = { costly: false, nondeterministic: false };
  const costly = (reason: string) => {
    if (!result.costly) Object.assign(result, { costly: true, reason });
  };
  const stack: unknown[] = [ast];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      stack.push(...current);
      continue;
    }
    if (!isNode(current)) continue;
    const { type } = current;
    if (typeof type === 'string') {
      if (!CHEAP_NODES.has(type)) costly(`a ${type} node`);
      if (type === 'binary' && current.value === '..') costly('a range');
      if (type === 'variable') {
        const name = String(current.value);
        if (!RUN_VARIABLES.has(name) && !CHEAP_FUNCTIONS.has(name)) costly(`$${name}`);
      }
      if (type === 'function') {
        const procedure = current.procedure;
        const name = procedure?.type === 'variable' ? String(procedure.value) : undefined;
        if (name === undefined || !CHEAP_FUNCTIONS.has(name)) {
          costly(`a call of ${name === undefined ? 'a computed function' : `$${name}`}`);
        }
        if (name !== undefined && NONDETERMINISTIC_FUNCTIONS.has(name)) {
          result.nondeterministic = true;
        }
      }
    }
    for (const [key, child] of Object.entries(current)) {
      // A call's procedure was judged above; `value` holds literals (and a regex's RegExp).
      if (key === 'value' || (type === 'function' && key === 'procedure')) continue;
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return result;
}

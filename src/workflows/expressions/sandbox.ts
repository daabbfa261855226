import type jsonata from 'jsonata';
import { StepError, WorkflowErrorCode } from '../errors';
import { assessCost } from './cost';
import { EvaluatorPool, type EvaluatorPoolOptions } from './evaluator-pool';
import { fastPath } from './fast-path';

/**
 * jsonata, loaded by the first expression compiled: a process whose agents have no workflow
 * expressions does not carry it (about 2 MB of idle RSS, BENCHMARKS.md, row "RSS idle / under
 * load").
 */
let jsonataModule: typeof jsonata | undefined;
const loadJsonata = (): typeof jsonata =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (jsonataModule ??= require('jsonata') as typeof jsonata);

/**
 * What an expression sees (docs/workflows.md, The definition). `$` is the execution's input too.
 */
export interface ExpressionScope {
  input: unknown;
  steps: Record<string, unknown>;
  execution: {
    id: string;
    agent_id: string;
    source: string;
    schedule_id?: string | null;
    scheduled_for?: string | null;
  };
  item?: unknown;
  index?: number;
  /**
   * The account the run belongs to; not visible to expressions. The evaluator processes are
   * shared fairly between accounts by it.
   */
  account?: string;
}

export interface CompiledExpression {
  readonly source: string;
  /** `inline`: evaluated in this process; `isolated`: in an evaluator process. */
  readonly mode: 'inline' | 'isolated';
  /** Calls `$now`, `$millis`, `$random` or `$shuffle`: not recomputed identically. */
  readonly nondeterministic: boolean;
  evaluate(scope: ExpressionScope): Promise<unknown>;
}

/** A syntax error, or an expression over the size limit, found when compiling. */
export class ExpressionSyntaxError extends Error {}

export interface SandboxOptions {
  /** jsonata's timeout for in-process evaluations (checked between evaluation steps). */
  inlineTimeoutMs: number;
  /** Longest expression source accepted. */
  maxSourceLength: number;
  pool: EvaluatorPoolOptions;
}

export const DEFAULT_SANDBOX_OPTIONS: SandboxOptions = {
  inlineTimeoutMs: 100,
  maxSourceLength: 10_000,
  pool: {
    processes: 2,
    deadlineMs: 1_000,
    maxWaitMs: 2_000,
    maxOldSpaceMb: 96,
    jsonata: { timeout: 800, stack: 300, sequence: 1_000_000 },
  },
};

/** jsonata error codes that mean a bound was reached (depth, time, sequence size). */
const BOUND_CODES = new Set(['D1011', 'D1012', 'D2014', 'D2015']);

/**
 * Compiles and evaluates `{% %}` expressions so that no expression can hurt the service: the
 * cheap ones (see `cost.ts`) run in this process under jsonata's timeout and depth bounds, the
 * costly ones in a pool of evaluator processes with a deadline and their own heap.
 */
export class ExpressionSandbox {
  private readonly pool: EvaluatorPool;
  private readonly inlineOptions: { timeout: number; stack: number; sequence: number };
  /** In-process evaluations (tests and metrics). */
  inlineEvaluations = 0;

  constructor(private readonly options: SandboxOptions = DEFAULT_SANDBOX_OPTIONS) {
    this.pool = new EvaluatorPool(options.pool);
    this.inlineOptions = { timeout: options.inlineTimeoutMs, stack: 200, sequence: 100_000 };
  }

  /** Evaluations sent to an evaluator process. */
  get isolatedEvaluations(): number {
    return this.pool.sent;
  }

  compile(source: string): CompiledExpression {
    if (source.length > this.options.maxSourceLength) {
      throw new ExpressionSyntaxError(
        `An expression may be at most ${this.options.maxSourceLength} characters`,
      );
    }
    let expression: jsonata.Expression;
    try {
      expression = loadJsonata()(source, this.inlineOptions);
    } catch (error) {
      throw new ExpressionSyntaxError(describeSyntaxError(error));
    }
    const cost = assessCost(expression.ast());
    const bindings = (scope: ExpressionScope): Record<string, unknown> => ({
      input: scope.input,
      steps: scope.steps,
      execution: scope.execution,
      item: scope.item,
      index: scope.index,
    });
    const isolated = async (scope: ExpressionScope): Promise<unknown> => {
      const request = { source, context: scope.input, bindings: bindings(scope) };
      const answer = await this.pool.evaluate(request, scope.account ?? '');
      if (answer.ok) return answer.value;
      const bound = answer.bound || (answer.code !== undefined && BOUND_CODES.has(answer.code));
      const code = bound ? WorkflowErrorCode.expressionTimeout : WorkflowErrorCode.expressionError;
      throw new StepError(code, answer.message);
    };
    const { nondeterministic } = cost;
    if (cost.costly) return { source, mode: 'isolated', nondeterministic, evaluate: isolated };
    const direct = fastPath(source);
    const inline = async (scope: ExpressionScope): Promise<unknown> => {
      this.inlineEvaluations++;
      const found = direct?.(scope);
      if (found) return found.value;
      try {
        return await expression.evaluate(scope.input, bindings(scope));
      } catch (error) {
        // Out of time here (big data, or a pause of this process): once more where it can
        // take longer without holding this event loop.
        if ((error as { code?: unknown }).code === 'D1012') return isolated(scope);
        throw evaluationError(error);
      }
    };
    return { source, mode: 'inline', nondeterministic, evaluate: inline };
  }

  /** Starts the evaluator processes now (at boot) instead of on the first costly evaluation. */
  warm(): void {
    this.pool.warm();
  }

  /** Stops the evaluator processes (module shutdown). */
  close(): void {
    this.pool.close();
  }
}

function describeSyntaxError(error: unknown): string {
  const { message, position } = error as { message?: unknown; position?: unknown };
  const text = typeof message === 'string' ? message : 'Invalid expression';
  return typeof position === 'number' ? `${text} (at character ${position})` : text;
}

function evaluationError(error: unknown): StepError {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  if ((typeof code === 'string' && BOUND_CODES.has(code)) || error instanceof RangeError) {
    return new StepError(WorkflowErrorCode.expressionTimeout, text);
  }
  return new StepError(WorkflowErrorCode.expressionError, text);
}

let shared: ExpressionSandbox | undefined;

/** One sandbox per process unless the integrator passes its own. */
export function sharedSandbox(): ExpressionSandbox {
  shared ??= new ExpressionSandbox();
  return shared;
}

import { ConfigValidationError } from '../kinds/agent-kind';
import { compileValue, childPath, type CompiledValue } from './expressions/value';
import { sharedSandbox, type ExpressionSandbox } from './expressions/sandbox';
import { integerField, isPlainObject, objectField } from './fields';
import { compileRetry } from './retry';
import type { CompiledStep, CompileContext, KindLookup, OnError } from './step-type';
import { findStepType } from './step-types';

/** The limits of a definition (docs/workflows.md, The definition). */
export const MAX_STEPS = 100;
export const MAX_NESTING = 4;
export const STEP_ID = /^[a-z][a-z0-9_]{0,63}$/;
const COMMON_FIELDS = ['id', 'type', 'when', 'retry', 'on_error', 'timeout_ms'];
const WORKFLOW_FIELDS = ['steps', 'output', 'limits'];
const TIMEOUT_MIN_MS = 100;
const TIMEOUT_MAX_MS = 600_000;

export interface WorkflowLimits {
  max_llm_calls?: number;
  max_tokens?: number;
}

/** A definition validated and compiled once (per agent version); run it many times. */
export interface CompiledWorkflow {
  readonly steps: readonly CompiledStep[];
  readonly output?: CompiledValue;
  readonly limits: WorkflowLimits;
  /** Steps in all, nested ones included. */
  readonly stepCount: number;
}

export interface CompileOptions {
  /** Registered agent kinds, each usable as a step type. */
  kinds?: KindLookup;
  /** Where expressions are evaluated; default: one shared per process. */
  sandbox?: ExpressionSandbox;
}

/**
 * Validates a `workflow` config and compiles it. The first problem throws
 * ConfigValidationError with the JSON path relative to the config
 * (`steps[2].cases[0].steps[1].url`).
 */
export function compileWorkflow(config: unknown, options: CompileOptions = {}): CompiledWorkflow {
  const sandbox = options.sandbox ?? sharedSandbox();
  const kinds = options.kinds ?? (() => undefined);
  const raw = objectField(config, '', WORKFLOW_FIELDS);
  const ids = new Set<string>();
  let count = 0;

  const compileSteps = (list: unknown, path: string, nesting: number): CompiledStep[] => {
    if (nesting > MAX_NESTING) {
      throw new ConfigValidationError(path, `Steps may be nested at most ${MAX_NESTING} deep`);
    }
    if (!Array.isArray(list))
      throw new ConfigValidationError(path, 'steps must be an array of steps');
    if (list.length === 0)
      throw new ConfigValidationError(path, 'steps must hold at least one step');
    return list.map((step, index) => compileStep(step, childPath(path, index), nesting));
  };

  const compileStep = (step: unknown, path: string, nesting: number): CompiledStep => {
    if (++count > MAX_STEPS) {
      throw new ConfigValidationError(path, `A workflow has at most ${MAX_STEPS} steps in all`);
    }
    if (!isPlainObject(step)) throw new ConfigValidationError(path, 'A step must be an object');
    const id = step.id;
    if (typeof id !== 'string' || !STEP_ID.test(id)) {
      throw new ConfigValidationError(
        childPath(path, 'id'),
        'id must match ^[a-z][a-z0-9_]{0,63}$',
      );
    }
    if (ids.has(id)) {
      throw new ConfigValidationError(childPath(path, 'id'), `The step id "${id}" is used twice`);
    }
    ids.add(id);
    const type = findStepType(step.type, childPath(path, 'type'), kinds);
    objectField(step, path, [...COMMON_FIELDS, ...type.fields]);

    let nondeterministic = false;
    const idsBefore = new Set(ids);
    const context: CompileContext = {
      sandbox,
      kinds,
      value: (value, valuePath) => {
        const compiled = compileValue(value, valuePath, sandbox);
        nondeterministic ||= compiled.nondeterministic;
        return compiled;
      },
      steps: (value, stepsPath) => compileSteps(value, stepsPath, nesting + 1),
    };
    const when =
      step.when === undefined ? undefined : context.value(step.when, childPath(path, 'when'));
    const retry = compileRetry(step.retry, childPath(path, 'retry'));
    const onError = step.on_error ?? 'fail';
    if (onError !== 'fail' && onError !== 'continue') {
      throw new ConfigValidationError(
        childPath(path, 'on_error'),
        'on_error must be "fail" or "continue"',
      );
    }
    // A type with a `timeout_ms` of its own (`create_token`: the token's life) has no step
    // timeout field.
    const ownTimeout = type.fields.includes('timeout_ms');
    const timeoutMs =
      integerField(
        ownTimeout ? undefined : step.timeout_ms,
        childPath(path, 'timeout_ms'),
        TIMEOUT_MIN_MS,
        TIMEOUT_MAX_MS,
      ) ?? type.defaultTimeoutMs;
    const body = type.compile(step, path, context);
    const nestedIds = new Set([...ids].filter((nested) => !idsBefore.has(nested)));
    return {
      id,
      type: type.type,
      when,
      retry,
      onError: onError as OnError,
      timeoutMs,
      checkpointRequired: !(type.pure || type.replayable === true) || nondeterministic,
      nestedIds,
      run: (runContext) => type.run(body, runContext),
    };
  };

  const steps = compileSteps(raw.steps, 'steps', 0);
  const output = raw.output === undefined ? undefined : compileValue(raw.output, 'output', sandbox);
  return { steps, output, limits: compileLimits(raw.limits), stepCount: count };
}

function compileLimits(raw: unknown): WorkflowLimits {
  if (raw === undefined) return {};
  const limits = objectField(raw, 'limits', ['max_llm_calls', 'max_tokens']);
  return {
    max_llm_calls: integerField(limits.max_llm_calls, 'limits.max_llm_calls', 0, 10_000),
    max_tokens: integerField(limits.max_tokens, 'limits.max_tokens', 0, 100_000_000),
  };
}

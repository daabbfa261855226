import { ApiError } from '../common/api-error';

/**
 * An agent's flow control (docs/api.md, Flow control): how many of its executions run at once
 * and start per period, per key, and the debounce of its triggers. Stored as given (checked),
 * in the agent's `flow` column; null when the agent has none.
 */
export interface AgentFlow {
  concurrency?: { limit: number; key?: unknown };
  throttle?: { limit: number; period_ms: number; key?: unknown };
  debounce?: { period_ms: number; key?: unknown; max_wait_ms?: number };
}

export type FlowControl = keyof AgentFlow;
/** Why an execution is held (its record's `held`). */
export type HeldReason = FlowControl;

export const FLOW_BOUNDS = {
  concurrencyLimit: [1, 1000],
  throttleLimit: [1, 10_000],
  throttlePeriodMs: [1000, 86_400_000],
  debouncePeriodMs: [100, 3_600_000],
  /** `max_wait_ms`: at most a day (below the period, it alone decides when the run starts). */
  debounceMaxWaitMs: [100, 86_400_000],
} as const;

/** A key's value, compiled: what it gives for an execution's input. */
export interface CompiledFlowKey {
  evaluate(input: Record<string, unknown>, scope: FlowKeyScope): Promise<unknown>;
}

export interface FlowKeyScope {
  executionId: string;
  agentId: string;
  source: string;
  accountId: string;
}

/**
 * The port through which keys (values over `$input`, the expressions of workflows) are
 * compiled: checked on create and PATCH, evaluated at intake. Provided by the workflows
 * module; `compile` throws an ApiError (400 with `field`) for a bad expression.
 */
export interface FlowKeyCompiler {
  compile(value: unknown, field: string): CompiledFlowKey;
}
export const FLOW_KEYS = Symbol('FLOW_KEYS');

/** Keys taken as constants: for a container without the workflows module (tests). */
export const CONSTANT_FLOW_KEYS: FlowKeyCompiler = {
  compile: (value) => ({ evaluate: () => Promise.resolve(value) }),
};

const CONTROL_FIELDS: Record<FlowControl, readonly string[]> = {
  concurrency: ['limit', 'key'],
  throttle: ['limit', 'period_ms', 'key'],
  debounce: ['period_ms', 'key', 'max_wait_ms'],
};

/**
 * Checks a `flow` field (an object, or null: none) and returns it as stored: only the
 * controls given, their fields in a fixed order, keys compiled once to check them. Throws 400
 * with the path of the first bad field (`flow.concurrency.limit`).
 */
export function checkFlow(raw: unknown, keys: FlowKeyCompiler): AgentFlow | null {
  if (raw === null) return null;
  if (!isObject(raw)) throw ApiError.invalid('flow', 'flow must be a JSON object or null');
  const flow: AgentFlow = {};
  for (const name of Object.keys(raw)) {
    if (!(name in CONTROL_FIELDS)) {
      throw ApiError.invalid(
        `flow.${name}`,
        `Unknown field "${name}": flow takes concurrency, throttle and debounce`,
      );
    }
  }
  for (const control of Object.keys(CONTROL_FIELDS) as FlowControl[]) {
    const value = raw[control];
    if (value === undefined) continue;
    const path = `flow.${control}`;
    if (!isObject(value)) throw ApiError.invalid(path, `${path} must be a JSON object`);
    for (const field of Object.keys(value)) {
      if (!CONTROL_FIELDS[control].includes(field)) {
        throw ApiError.invalid(
          `${path}.${field}`,
          `Unknown field "${field}": ${path} takes ${CONTROL_FIELDS[control].join(', ')}`,
        );
      }
    }
    const key = value.key;
    if (key !== undefined) keys.compile(key, `${path}.key`);
    const withKey = <T extends object>(fields: T): T & { key?: unknown } =>
      key === undefined ? fields : { ...fields, key };
    if (control === 'concurrency') {
      flow.concurrency = withKey({
        limit: integer(value.limit, `${path}.limit`, FLOW_BOUNDS.concurrencyLimit),
      });
    } else if (control === 'throttle') {
      flow.throttle = withKey({
        limit: integer(value.limit, `${path}.limit`, FLOW_BOUNDS.throttleLimit),
        period_ms: integer(value.period_ms, `${path}.period_ms`, FLOW_BOUNDS.throttlePeriodMs),
      });
    } else {
      const periodMs = integer(value.period_ms, `${path}.period_ms`, FLOW_BOUNDS.debouncePeriodMs);
      const debounce: AgentFlow['debounce'] = withKey({ period_ms: periodMs });
      if (value.max_wait_ms !== undefined) {
        const maxWait = integer(
          value.max_wait_ms,
          `${path}.max_wait_ms`,
          FLOW_BOUNDS.debounceMaxWaitMs,
        );
        debounce.max_wait_ms = maxWait;
      }
      flow.debounce = debounce;
    }
  }
  return Object.keys(flow).length === 0 ? null : flow;
}

function integer(value: unknown, field: string, [min, max]: readonly [number, number]): number {
  if (value === undefined) throw ApiError.invalid(field, `${field} is required`);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw ApiError.invalid(field, `${field} must be an integer between ${min} and ${max}`);
  }
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The reason an execution of this flow is held at intake: debounce first, then the limits. */
export function initialHold(flow: AgentFlow): HeldReason {
  if (flow.debounce) return 'debounce';
  return flow.concurrency ? 'concurrency' : 'throttle';
}

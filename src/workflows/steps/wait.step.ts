import { ConfigValidationError } from '../../kinds/agent-kind';
import { StepError, WaitSuspend, WorkflowErrorCode } from '../errors';
import { childPath, type CompiledValue } from '../expressions/value';
import type { CompileContext, StepContext, StepType } from '../step-type';

/** The longest wait: 90 days. */
export const MAX_WAIT_MS = 90 * 24 * 60 * 60 * 1000;

const KINDS = ['duration_ms', 'until', 'token'] as const;
type WaitKind = (typeof KINDS)[number];

interface WaitBody {
  kind: WaitKind;
  value: CompiledValue;
  path: string;
}

/**
 * `wait`: pauses the run for `duration_ms` (a value → an integer, 0 to 90 days) or until `until`
 * (a value → an ISO 8601 timestamp at most 90 days ahead; one in the past does not wait).
 * Exactly one of them. Output `{waited_ms}`, counted from the step's first start. While it
 * waits the execution is `waiting` and holds nothing; it is claimed again when the time comes
 * (docs/workflows.md, Waits). A test run does not wait: the step ends at once.
 */
export class WaitStep implements StepType<WaitBody> {
  readonly type = 'wait';
  readonly fields = [...KINDS];
  readonly pure = true;

  compile(raw: Record<string, unknown>, path: string, context: CompileContext): WaitBody {
    const given = KINDS.filter((kind) => raw[kind] !== undefined);
    if (given.length !== 1) {
      throw new ConfigValidationError(
        given.length === 0 ? path : childPath(path, given[1]),
        'A wait step takes exactly one of duration_ms, until, token',
      );
    }
    const kind = given[0];
    const fieldPath = childPath(path, kind);
    const value = context.value(raw[kind], fieldPath);
    if (value.constant && kind !== 'token') {
      // A literal is judged now, with the same rules as a computed value at run time.
      const literal = raw[kind];
      const problem =
        kind === 'duration_ms' ? durationProblem(literal) : untilProblem(literal, null);
      if (problem) throw new ConfigValidationError(fieldPath, problem);
    }
    return { kind, value, path: fieldPath };
  }

  async run(body: WaitBody, context: StepContext): Promise<unknown> {
    const value = await context.evaluate(body.value);
    if (body.kind === 'token') return waitForToken(value, context);
    const wakeAt = wakeTime(body.kind, value, context.startedAt);
    const now = context.clock.now();
    if (now >= wakeAt || !context.suspendable) {
      // A time already past when the step started is no wait at all, whatever evaluating took.
      const waited = context.suspendable && wakeAt > context.startedAt;
      return { waited_ms: waited ? Math.max(0, now - context.startedAt) : 0 };
    }
    throw new WaitSuspend(wakeAt, true);
  }
}

/**
 * `wait` with `token`: a completed token's result at once (completed before the wait was
 * reached too); past its expiry, `wait_timeout`; otherwise the run waits until the token is
 * completed (its completion makes the execution due) or expires.
 */
async function waitForToken(id: unknown, context: StepContext): Promise<unknown> {
  const token = typeof id === 'string' && context.tokens ? await context.tokens.get(id) : null;
  if (!token) {
    throw new StepError(
      WorkflowErrorCode.invalidWait,
      'token must be the id of a token this execution created',
    );
  }
  if (token.status === 'waiting' && context.clock.now() >= token.expiresAt) {
    if (await context.tokens!.expire(id as string)) token.status = 'expired';
    else return waitForToken(id, context); // completed meanwhile
  }
  if (token.status === 'completed') {
    return {
      data: token.data,
      choice: token.choice,
      completed_at: token.completedAt,
      completed_by: token.completedBy,
    };
  }
  if (token.status !== 'waiting') {
    throw new StepError(WorkflowErrorCode.waitTimeout, `The token is ${token.status}`);
  }
  if (!context.suspendable) {
    throw new StepError(WorkflowErrorCode.invalidWait, 'A test run cannot wait for a token');
  }
  throw new WaitSuspend(token.expiresAt, false, id as string);
}

/** When a wait of `kind` with this (evaluated) value, started at `startedAt`, ends (epoch ms). */
export function wakeTime(kind: 'duration_ms' | 'until', value: unknown, startedAt: number): number {
  const problem = kind === 'duration_ms' ? durationProblem(value) : untilProblem(value, startedAt);
  if (problem) throw new StepError(WorkflowErrorCode.invalidWait, problem);
  return kind === 'duration_ms' ? startedAt + (value as number) : Date.parse(value as string);
}

function durationProblem(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_WAIT_MS) {
    return `duration_ms must be an integer between 0 and ${MAX_WAIT_MS} (90 days)`;
  }
  return null;
}

/** ISO 8601 with a date, a time and an offset (`Z` or `±hh:mm`). */
const ISO_TIMESTAMP =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** `from`: when the wait started (null at compile time: only the form is checked). */
function untilProblem(value: unknown, from: number | null): string | null {
  if (typeof value !== 'string' || !ISO_TIMESTAMP.test(value) || Number.isNaN(Date.parse(value))) {
    return 'until must be an ISO 8601 timestamp with a time zone (2026-01-31T09:00:00Z)';
  }
  if (from !== null && Date.parse(value) > from + MAX_WAIT_MS) {
    return 'until must be at most 90 days ahead';
  }
  return null;
}

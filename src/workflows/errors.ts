import type { FailedAnswer } from '../common/outbound/failed-answer';
import { RunFailure } from '../kinds/agent-kind';

/**
 * Codes the engine itself produces (docs/workflows.md, The definition); step types and kinds add
 * their own.
 */
export const WorkflowErrorCode = {
  expressionTimeout: 'expression_timeout',
  expressionError: 'expression_error',
  secretNotFound: 'secret_not_found',
  outputTooLarge: 'output_too_large',
  timeout: 'timeout',
  httpError: 'http_error',
  networkError: 'network_error',
  addressNotAllowed: 'address_not_allowed',
  tooManyItems: 'too_many_items',
  invalidInput: 'invalid_input',
  agentError: 'agent_error',
  budgetExceeded: 'budget_exceeded',
  invalidLlmOutput: 'invalid_llm_output',
  llmRefused: 'llm_refused',
  llmError: 'llm_error',
  maxTurnsExceeded: 'max_turns_exceeded',
  invalidWait: 'invalid_wait',
  waitTimeout: 'wait_timeout',
  agentFailed: 'agent_failed',
  agentPaused: 'agent_paused',
  agentDepthExceeded: 'agent_depth_exceeded',
} as const;

/** Errors a step's `retry` skips unless its `on` names them (docs/workflows.md, The definition). */
const NOT_RETRIED_BY_DEFAULT = new Set<string>([
  WorkflowErrorCode.expressionTimeout,
  WorkflowErrorCode.expressionError,
  WorkflowErrorCode.secretNotFound,
]);

/**
 * The one error type of a run: every failure of a step, whatever raised it, becomes a
 * StepError with a code before the runner looks at it (`toStepError`).
 */
export class StepError extends Error {
  /** The id of the step that failed first (set by the runner; `q[3]` inside a foreach). */
  step?: string;

  constructor(
    readonly code: string,
    message: string,
    readonly options: {
      /** A `fail` step's own error: never retried unless `retry.on` names its code. */
      deliberate?: boolean;
      /** Milliseconds an answer asked to wait before the next attempt (`Retry-After`). */
      retryAfterMs?: number;
      /** An `http_error`'s answer, kept in the step's `error` (and the execution's). */
      response?: FailedAnswer;
      /**
       * How long the failed attempt took: the message ends "after N ms", and once retries ran
       * out "after K attempts; last after N ms" (`afterAttempts`).
       */
      elapsedMs?: number;
    } = {},
  ) {
    super(options.elapsedMs === undefined ? message : `${message} after ${options.elapsedMs} ms`);
    this.base = message;
  }

  /** The message without its timing. */
  private readonly base: string;

  /** The error as the step's last attempt (of `attempts`) ends: its message names them. */
  afterAttempts(attempts: number): this {
    if (attempts > 1 && this.options.elapsedMs !== undefined) {
      this.message = `${this.base} after ${attempts} attempts; last after ${this.options.elapsedMs} ms`;
    }
    return this;
  }

  /** Whether a `retry` without `on` retries this error. */
  get retriedByDefault(): boolean {
    return !this.options.deliberate && !NOT_RETRIED_BY_DEFAULT.has(this.code);
  }

  toJSON(): { code: string; message: string; response?: FailedAnswer } {
    const { response } = this.options;
    return response
      ? { code: this.code, message: this.message, response }
      : { code: this.code, message: this.message };
  }
}

/**
 * Saving a checkpoint failed (the database is away): not a step's failure. The run rejects
 * with it, and a later attempt of the execution resumes from what was saved.
 */
export class CheckpointFailure extends Error {
  constructor(override readonly cause: unknown) {
    super(
      `Saving a step checkpoint failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

/**
 * A `wait` step has to wait (its time has not come): not a failure. The step is recorded as
 * `waiting` and the run stops there; the execution is claimed again when it wakes, and the
 * step runs again with its first start time (`StepContext.startedAt`).
 */
export class WaitSuspend extends Error {
  /** The record id of the waiting step (set by the runner). */
  step?: string;

  constructor(
    /** When it wakes by itself (epoch ms). */
    readonly wakeAt: number,
    /** Whether `wakeAt` is what the step waits for (a time), rather than a token's expiry. */
    readonly timed: boolean,
    readonly tokenId?: string,
    /** An `agent` step's child execution it waits for (its finish makes the run due). */
    readonly childId?: string,
  ) {
    super('The step waits');
  }
}

/** The one mapping from anything a step may throw to a StepError. */
export function toStepError(error: unknown): StepError {
  if (error instanceof StepError) return error;
  if (error instanceof RunFailure) {
    return new StepError(error.code, error.message, { response: error.response });
  }
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new StepError(WorkflowErrorCode.expressionTimeout, 'Evaluation went too deep');
  }
  const message = error instanceof Error ? error.message : String(error);
  return new StepError(WorkflowErrorCode.agentError, message || 'The step failed');
}

/**
 * How the steps still running end when the run's signal is aborted for good. The runner aborts
 * with a reason that names why (its `RunAborted`: `cancelled`, `timeout`, `shutdown`, `lost`);
 * after the last two the execution resumes elsewhere, so nothing ends (null).
 */
export function abortEnd(reason: unknown): { code: string; message: string } | null {
  const why = (reason as { reason?: unknown } | null | undefined)?.reason;
  if (why === 'cancelled') {
    return { code: 'cancelled', message: 'The execution was cancelled while the step ran' };
  }
  if (why === 'timeout') {
    return {
      code: WorkflowErrorCode.timeout,
      message: "The run reached the agent's timeout while the step ran",
    };
  }
  return null;
}

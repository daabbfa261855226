import type { FailedAnswer } from '../common/outbound/failed-answer';
import { iso } from '../common/time';
import { reusable, startedRecord } from './step-records';
import {
  systemClock,
  type ChildExecutionPort,
  type Clock,
  type StepRecord,
  type WorkflowLogger,
  type WorkflowRunContext,
} from './context';
import { abortEnd, CheckpointFailure, StepError, toStepError, WaitSuspend } from './errors';
import type { ExpressionScope } from './expressions/sandbox';
import { toOutput } from './output';
import { retryDelay, shouldRetry } from './retry';
import { RunModels } from './llm/run-models';
import { RunRecords } from './run-records';
import { RunSecrets } from './run-secrets';
import type { CompiledStep, StepChildren, StepContext } from './step-type';
import { withTimeout } from './step-timeout';
import { truthy } from './steps/branch.step';
import type { CompiledWorkflow } from './workflow-definition';
import { tracing, type TraceContext } from '../tracing/tracing';

export interface WorkflowResult {
  /** `waiting`: the run stopped at a `wait` step (`waiting`) and resumes when it wakes. */
  status: 'completed' | 'failed' | 'waiting';
  output: unknown;
  /** `step` is the id of the step that failed (absent when `output` failed). */
  error: { code: string; message: string; step?: string; response?: FailedAnswer } | null;
  /** In the order the steps started; the steps of a branch not taken are not listed. */
  steps: StepRecord[];
  waiting?: {
    step: string;
    wakeAt: number;
    timed: boolean;
    tokenId?: string;
    childId?: string;
  };
}

/**
 * Where a list of steps runs: its scope, its record-id suffix, the signal it obeys and (tracing
 * on) the context its step spans are children of: the execution's, or the step around them.
 */
interface Frame {
  scope: ExpressionScope;
  suffix: string;
  signal: AbortSignal;
  trace?: TraceContext;
}

/**
 * Runs a compiled workflow once. Resolves with the run's result, or rejects with the
 * signal's reason when the run's signal is aborted (cancel, the agent's timeout, shutdown):
 * the caller decides what that means, as for any agent kind.
 */
export function runWorkflow(
  workflow: CompiledWorkflow,
  context: WorkflowRunContext,
): Promise<WorkflowResult> {
  return new WorkflowRun(workflow, context).run();
}

class WorkflowRun {
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly records = new RunRecords();
  private readonly secrets: RunSecrets;
  private readonly logger: WorkflowLogger;
  private readonly models: RunModels;

  constructor(
    private readonly workflow: CompiledWorkflow,
    private readonly context: WorkflowRunContext,
  ) {
    this.clock = context.clock ?? systemClock;
    this.random = context.random ?? Math.random;
    this.secrets = new RunSecrets(context.secrets);
    this.logger = {
      log: (level, message, details) =>
        context.logger.log(
          level,
          this.secrets.redact(message),
          details && (this.secrets.scrub(details) as Record<string, unknown>),
        ),
    };
    this.models = new RunModels(
      workflow.limits,
      context.checkpoint,
      (value) => this.secrets.scrub(value),
      context.models,
    );
  }

  async run(): Promise<WorkflowResult> {
    const saved = await this.context.checkpoint.load();
    this.records.load(saved);
    this.models.load(saved);
    const { execution, input, signal, accountId } = this.context;
    const scope = { input, steps: {}, execution, account: accountId };
    const frame: Frame = { scope, suffix: '', signal, trace: this.context.trace };
    let output: unknown;
    let error: WorkflowResult['error'] = null;
    try {
      output = await this.runSteps(this.workflow.steps, frame);
      if (this.workflow.output) output = await this.workflow.output.evaluate(frame.scope);
      output = toOutput(output, this.secrets.values);
      if (signal.aborted) throw signal.reason;
    } catch (failure) {
      if (signal.aborted) {
        await this.interrupted(signal.reason);
        throw signal.reason;
      }
      if (failure instanceof CheckpointFailure) throw failure;
      if (failure instanceof WaitSuspend) {
        this.records.redact(this.secrets);
        const { wakeAt, timed, tokenId, childId } = failure;
        const waiting = { step: failure.step ?? '', wakeAt, timed, tokenId, childId };
        return { status: 'waiting', output: null, error: null, steps: this.records.steps, waiting };
      }
      const stepError = toStepError(failure);
      error = { code: stepError.code, message: this.secrets.redact(stepError.message) };
      if (stepError.step !== undefined) error.step = stepError.step;
      const response = stepError.options.response;
      if (response) error.response = this.secrets.scrub(response) as typeof response;
      output = null;
    }
    // A secret resolved late may already sit in an earlier output.
    this.records.redact(this.secrets);
    output = this.secrets.scrub(output);
    return { status: error ? 'failed' : 'completed', output, error, steps: this.records.steps };
  }

  /** Runs `steps` in order; resolves to the output of the last one that ran (null if none). */
  private async runSteps(steps: readonly CompiledStep[], frame: Frame): Promise<unknown> {
    let last: unknown = null;
    for (const step of steps) {
      const result = await this.runStep(step, frame);
      if (result.ran) last = result.output;
    }
    return last;
  }

  private runStep(step: CompiledStep, frame: Frame): Promise<{ ran: boolean; output: unknown }> {
    const traces = tracing();
    if (!traces) return this.runStepUntraced(step, frame);
    // The step's span, child of the frame's; the step and the steps inside it get its context.
    return traces.step(step.id + frame.suffix, step.type, frame.trace, (trace) =>
      this.runStepUntraced(step, { ...frame, trace }),
    );
  }

  private async runStepUntraced(
    step: CompiledStep,
    frame: Frame,
  ): Promise<{ ran: boolean; output: unknown }> {
    const id = step.id + frame.suffix;
    const done = this.records.finishedAs(id);
    if (done && reusable(done, step)) return this.records.reuse(step, done, frame);
    if (frame.signal.aborted) throw frame.signal.reason;

    const started = this.clock.now();
    const record = startedRecord(id, step, started);
    // A step that waited goes on from its first start (a wait's time counts from there).
    if (done?.status === 'waiting' && done.type === step.type) {
      record.started_at = done.started_at;
      record.attempts = Math.max(0, done.attempts - 1);
    }
    // An llm step goes on from what it recorded before (its finished tool calls), in the
    // attempt that recorded it: its agent tool calls find the children that attempt started.
    if (done?.llm && done.type === step.type) {
      this.models.seed(record, done);
      if (done.status === 'running') record.attempts = Math.max(0, done.attempts - 1);
    }
    this.records.list(record);
    this.context.checkpoint.started?.(record);
    this.logger.log('info', `Step ${id} started`, { step: id });
    let output: unknown = null;
    let failure: StepError | undefined;
    try {
      if (step.when && !truthy(await step.when.evaluate(frame.scope))) {
        frame.scope.steps[step.id] = null;
        await this.finish(record, step, 'skipped', null, null);
        return { ran: false, output: null };
      }
      const mocks = this.context.mocks;
      if (mocks && Object.hasOwn(mocks, step.id)) {
        record.attempts = 1;
        output = toOutput(mocks[step.id], this.secrets.values);
      } else {
        output = await this.attempts(step, frame, record);
      }
    } catch (error) {
      if (frame.signal.aborted) throw frame.signal.reason;
      if (error instanceof CheckpointFailure) throw error;
      if (error instanceof WaitSuspend) throw await this.suspend(record, error);
      failure = toStepError(error);
    }
    if (!failure) {
      frame.scope.steps[step.id] = output;
      await this.finish(record, step, 'completed', output, null);
      return { ran: true, output };
    }
    const message = this.secrets.redact(failure.message);
    if (step.onError === 'continue') {
      output = { error: { code: failure.code, message } };
      frame.scope.steps[step.id] = output;
      await this.finish(record, step, 'failed', output, failure);
      return { ran: true, output };
    }
    await this.finish(record, step, 'failed', null, failure);
    failure.step ??= id;
    throw failure;
  }

  /** The attempts of one step under its `retry`; resolves to its (checked) output. */
  private async attempts(step: CompiledStep, frame: Frame, record: StepRecord): Promise<unknown> {
    for (;;) {
      record.attempts++;
      try {
        return toOutput(await this.attempt(step, frame, record), this.secrets.values);
      } catch (error) {
        if (frame.signal.aborted) throw frame.signal.reason;
        if (error instanceof CheckpointFailure || error instanceof WaitSuspend) throw error;
        const failure = toStepError(error);
        if (!shouldRetry(step.retry, failure, record.attempts)) {
          throw failure.afterAttempts(record.attempts);
        }
        const delay = retryDelay(
          step.retry,
          record.attempts,
          this.random,
          failure.options.retryAfterMs,
        );
        this.logger.log(
          'warn',
          `Step ${record.id} failed (${failure.code}); attempt ${record.attempts + 1} in ${delay} ms`,
          {
            step: record.id,
          },
        );
        await this.context.checkpoint.waiting?.({ ...record }).catch(() => undefined);
        await this.clock.sleep(delay, frame.signal);
      }
    }
  }

  /** One attempt, bounded by the step's `timeout_ms`. */
  private attempt(step: CompiledStep, frame: Frame, record: StepRecord): Promise<unknown> {
    return withTimeout(frame.signal, step.timeoutMs, (signal, timedOut) =>
      step.run(this.stepContext(record, frame, signal, timedOut)),
    );
  }

  private stepContext(
    record: StepRecord,
    frame: Frame,
    signal: AbortSignal,
    timedOut: () => boolean,
  ): StepContext {
    return {
      recordId: record.id,
      execution: this.context.execution,
      accountId: this.context.accountId,
      signal,
      timedOut,
      clock: this.clock,
      startedAt: Date.parse(record.started_at),
      suspendable: this.context.suspendable === true,
      tokens: this.context.tokens,
      children: childrenOf(this.context.children, record),
      http: this.context.http,
      trace: frame.trace,
      logger: this.logger,
      meter: this.context.meter,
      models: this.models.forStep(record),
      scope: frame.scope,
      scrub: (value) => this.secrets.scrub(value),
      evaluate: (value) => value.evaluate(frame.scope),
      secret: (name) => this.secrets.get(name),
      idle: (work) => (this.context.idle ? this.context.idle(work) : work()),
      runSteps: (steps, iteration) => {
        if (!iteration) return this.runSteps(steps, { ...frame, signal });
        const scope = {
          ...frame.scope,
          steps: { ...frame.scope.steps },
          item: iteration.item,
          index: iteration.index,
        };
        return this.runSteps(steps, {
          scope,
          suffix: `${frame.suffix}[${iteration.index}]`,
          signal,
          trace: frame.trace,
        });
      },
    };
  }

  /**
   * The run was aborted for good (cancelled, or past the agent's timeout): the steps still
   * running end `failed` with that code, kept back for the caller to write with the others.
   * Other aborts (shutdown, a lost lease) leave them running: the execution resumes.
   */
  private async interrupted(reason: unknown): Promise<void> {
    const end = abortEnd(reason);
    if (!end) return;
    const completed = this.clock.now();
    for (const record of this.records.steps) {
      if (record.status !== 'running') continue;
      record.status = 'failed';
      record.error = end;
      record.completed_at = iso(new Date(completed));
      record.duration_ms = Math.max(0, completed - Date.parse(record.started_at));
      await this.context.checkpoint.save({ ...record }, { required: false }).catch(() => undefined);
    }
  }

  /**
   * A step paused (WaitSuspend): a `wait` step's record becomes `waiting`, stored before the
   * run stops; a step around it (a branch, a foreach) stays `running` and runs again, reusing
   * what finished inside it, when the execution wakes.
   */
  private async suspend(record: StepRecord, suspended: WaitSuspend): Promise<WaitSuspend> {
    if (suspended.step !== undefined) return suspended;
    suspended.step = record.id;
    record.status = 'waiting';
    await this.context.checkpoint
      .save({ ...record }, { required: true })
      .catch((error: unknown) => {
        throw new CheckpointFailure(error);
      });
    this.logger.log('info', `Step ${record.id} waiting`, { step: record.id, status: 'waiting' });
    return suspended;
  }

  private async finish(
    record: StepRecord,
    step: CompiledStep,
    status: StepRecord['status'],
    output: unknown,
    error: StepError | null,
  ): Promise<void> {
    const completed = this.clock.now();
    record.status = status;
    record.output = output;
    record.error = error && { code: error.code, message: this.secrets.redact(error.message) };
    if (record.error && error?.options.response) {
      record.error.response = this.secrets.scrub(error.options.response) as FailedAnswer;
    }
    record.completed_at = iso(new Date(completed));
    record.duration_ms = Math.max(0, completed - Date.parse(record.started_at));
    const required = status === 'failed' || step.checkpointRequired;
    await this.context.checkpoint.save({ ...record }, { required }).catch((error: unknown) => {
      throw new CheckpointFailure(error);
    });
    this.records.finish(record, step);
    const level = status === 'failed' ? 'warn' : 'info';
    this.logger.log(level, `Step ${record.id} ${status}`, {
      step: record.id,
      status,
      attempts: record.attempts,
    });
  }
}

/** The run's children as one step attempt sees them: keyed by its record and attempt. */
function childrenOf(
  port: ChildExecutionPort | undefined,
  record: StepRecord,
): StepChildren | undefined {
  if (!port) return undefined;
  return {
    start: async (request, call) => {
      const step = `${record.id}#${record.attempts}${call === undefined ? '' : `:${call}`}`;
      const child = await port.start({ ...request, step });
      if (call === undefined) record.child_execution_id = child.id;
      return child;
    },
    get: (id) => port.get(id),
    finishedHere: (id, ms, signal) => port.finishedHere(id, ms, signal),
    inputSchema: (agentId) => port.inputSchema(agentId),
  };
}

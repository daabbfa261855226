import type { RegisteredKind } from '../kinds/kind-registry';
import type {
  ChildRequest,
  ChildState,
  WaitTokenPort,
  Clock,
  ExecutionInfo,
  HttpClient,
  ModelDefaults,
  ModelMeter,
  WorkflowLogger,
} from './context';
import type { LlmRecord } from './llm/llm-record';
import type { CompiledValue } from './expressions/value';
import type { ExpressionSandbox, ExpressionScope } from './expressions/sandbox';
import type { RetryPolicy } from './retry';
import type { TraceContext } from '../tracing/tracing';

/**
 * Finds a registered agent kind by name (every kind is a step type, docs/workflows.md, The
 * definition).
 */
export type KindLookup = (name: string) => RegisteredKind | undefined;

/** What a step type may use while compiling its fields. */
export interface CompileContext {
  readonly sandbox: ExpressionSandbox;
  readonly kinds: KindLookup;
  /** Compiles a value (with `{% %}` expressions) at `path`. */
  value(raw: unknown, path: string): CompiledValue;
  /** Compiles a nested list of steps at `path` (one level deeper). */
  steps(raw: unknown, path: string): CompiledStep[];
}

/** What a step type may use while running. Durability, retry and `on_error` are not here. */
export interface StepContext {
  /** The record id of this step (`q[3]` inside a foreach iteration). */
  readonly recordId: string;
  readonly execution: ExecutionInfo;
  readonly accountId: string;
  /** Aborted on cancel and when the step's `timeout_ms` passes. */
  readonly signal: AbortSignal;
  readonly timedOut: () => boolean;
  readonly clock: Clock;
  /**
   * When the step first started (epoch ms): for a step that waited and runs again after the
   * execution woke, the start before the wait.
   */
  readonly startedAt: number;
  /** Whether the run may pause here (WaitSuspend) and resume later; false in test runs. */
  readonly suspendable: boolean;
  /** The run's wait tokens (absent in test runs). */
  readonly tokens?: WaitTokenPort;
  /** The run's child executions, keyed by this step attempt (absent in test runs). */
  readonly children?: StepChildren;
  readonly http: HttpClient;
  /** Tracing on: the step's span's context, the parent to give its HTTP requests (`trace`). */
  readonly trace?: TraceContext;
  readonly logger: WorkflowLogger;
  /** Model-call accounting of the account (absent in test runs and the CLI). */
  readonly meter?: ModelMeter;
  /** Model calls of `llm` steps: defaults, the workflow's limits, durable progress. */
  readonly models: StepModels;
  readonly scope: ExpressionScope;
  /** `value` with every secret the run resolved replaced by `[redacted]`. */
  scrub(value: unknown): unknown;
  evaluate(value: CompiledValue): Promise<unknown>;
  /** The value of secret `name` (remembered for redaction), or `secret_not_found`. */
  secret(name: string): Promise<string>;
  /**
   * Runs `work` (waiting on the network: an HTTP request, a model call) without holding a
   * worker slot; the run takes a slot again before going on. See WorkflowRunContext.idle.
   */
  idle<T>(work: () => Promise<T>): Promise<T>;
  /** Runs nested steps through the same runner; resolves to the last output (null if none). */
  runSteps(
    steps: readonly CompiledStep[],
    iteration?: { item: unknown; index: number },
  ): Promise<unknown>;
}

/** ChildExecutionPort bound to one step attempt; `start` notes the child in its record. */
export interface StepChildren {
  /** `call`: an `llm` step's tool call (its id), one child per call of the attempt. */
  start(request: ChildRequest, call?: string): Promise<ChildState>;
  get(id: string): Promise<ChildState | null>;
  /** ChildExecutionPort.finishedHere. */
  finishedHere(id: string, ms: number, signal: AbortSignal): Promise<boolean>;
  inputSchema(agentId: string): Promise<Record<string, unknown> | null>;
}

/** What an `llm` step needs of the run around it. */
export interface StepModels {
  readonly defaults?: ModelDefaults;
  /**
   * Throws StepError `budget_exceeded` when one more model call would pass the workflow's
   * `limits`; else reserves that call (concurrent steps cannot all take the last one) until
   * `count` or `release`.
   */
  checkBudget(): void;
  /** The reserved call was answered: counts it and its tokens into the execution's totals. */
  count(tokens: number): void;
  /** The reserved call got no answer: frees it. */
  release(): void;
  /**
   * The step's record so far: what earlier attempts (or the interrupted run, or the failed
   * execution a resume copies) recorded; empty on a first run.
   */
  record(): LlmRecord;
  /** Stores `record` (and its usage) in the step's record; `persist`: durably before resolving. */
  save(record: LlmRecord, persist: boolean): Promise<void>;
}

/**
 * One step type: a class in `steps/*.step.ts`. `compile` turns the raw step (already checked
 * for `id`, `type` and the common fields) into a typed body, throwing ConfigValidationError
 * with the JSON path of the first bad field; `run` computes the step's output or throws.
 */
export interface StepType<Body = unknown> {
  readonly type: string;
  /** Fields of this type besides the common ones (`id`, `type`, `when`, …). */
  readonly fields: readonly string[];
  /**
   * True when running the step has no effect outside the run, so that a lost checkpoint is
   * recomputed identically on resume (unless one of its expressions is nondeterministic).
   */
  readonly pure: boolean;
  /**
   * True when running the same attempt of the step again finds what its first run did instead
   * of doing it twice (an `agent` step finds the child that attempt started): its record may
   * then wait for the next required write, as a pure step's does.
   */
  readonly replayable?: boolean;
  /** Timeout when the step sets no `timeout_ms` (none when undefined). */
  readonly defaultTimeoutMs?: number;
  compile(raw: Record<string, unknown>, path: string, context: CompileContext): Body;
  run(body: Body, context: StepContext): Promise<unknown>;
}

export type OnError = 'fail' | 'continue';

/** A step after compilation: the common fields, and its type's run bound to its body. */
export interface CompiledStep {
  readonly id: string;
  readonly type: string;
  readonly when?: CompiledValue;
  readonly retry: RetryPolicy;
  readonly onError: OnError;
  readonly timeoutMs?: number;
  /** Whether its record must be persisted before the run goes on (see Checkpoint.save). */
  readonly checkpointRequired: boolean;
  /** Ids of the steps nested in it, at any depth. */
  readonly nestedIds: ReadonlySet<string>;
  run(context: StepContext): Promise<unknown>;
}

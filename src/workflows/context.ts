import type { FailedAnswer } from '../common/outbound/failed-answer';
import type { LogLevel } from '../kinds/agent-kind';
import type { LlmRecord } from './llm/llm-record';
import type { TraceContext } from '../tracing/tracing';

/** `$execution` in expressions, and what the run's records belong to. */
export interface ExecutionInfo {
  id: string;
  agent_id: string;
  source: string;
  /** `source: "schedule"`: the schedule and the nominal fire time; null otherwise. */
  schedule_id?: string | null;
  scheduled_for?: string | null;
}

/** One entry of an execution's `steps` (docs/workflows.md, The definition). */
export interface StepRecord {
  /** The step's id; inside a foreach iteration `id[index]` (`q[3]`, nested: `q[3][0]`). */
  id: string;
  type: string;
  status: 'running' | 'waiting' | 'completed' | 'failed' | 'skipped';
  attempts: number;
  started_at: string;
  completed_at: string | null;
  duration_ms: number | null;
  output: unknown;
  /** `response`: an `http_error`'s answer (status, headers, body cut at 64 KiB). */
  error: { code: string; message: string; response?: FailedAnswer } | null;
  /** `agent` steps: the child execution this attempt started. */
  child_execution_id?: string;
  /** `llm` steps: tokens summed over the step's model calls. */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** `llm` steps: each model call and its tool calls (also the step's durable progress). */
  llm?: LlmRecord;
}

/**
 * The one interface durability goes through. The runner loads what an earlier attempt of
 * this execution finished, and saves each step's record when the step finishes; the caller
 * persists it. Step types never see it.
 */
export interface Checkpoint {
  /** Records saved earlier for this execution (any order); `[]` on a first run. */
  load(): Promise<StepRecord[]>;
  /**
   * A step finished. When `required` is true the record must be persisted before the promise
   * resolves (the step had an effect outside the run, or its result cannot be recomputed);
   * when false the caller may keep it and persist it with the next required one or at the
   * end, because a lost record is recomputed identically on resume.
   */
  save(record: StepRecord, options: { required: boolean }): Promise<void>;
  /**
   * A running step made progress that must survive a crash (an `llm` step's finished tool
   * calls): persists its record, status `running`, before resolving. Absent: nothing is kept
   * (test runs).
   */
  progress?(record: StepRecord): Promise<void>;
  /**
   * A step started (`record` is its live record): a caller that shows runs in progress may
   * write it, status `running`, if it is still running a while later. Absent: nothing shown.
   */
  started?(record: StepRecord): void;
  /**
   * A step waits for its next attempt (`record` as it stands, attempts so far): shown now.
   * Display only: the runner ignores its failure.
   */
  waiting?(record: StepRecord): Promise<void>;
}

/** A wait token as a `wait` step sees it. */
export interface WaitTokenState {
  status: 'waiting' | 'completed' | 'expired' | 'cancelled';
  /** Epoch ms. */
  expiresAt: number;
  choice: string | null;
  data: Record<string, unknown> | null;
  completedAt: string | null;
  completedBy: unknown;
}

/**
 * The run's wait tokens (`create_token`, `wait` with `token`), kept by the service (the
 * execution store's `wait_tokens`). Absent in test runs: those steps then fail.
 */
export interface WaitTokenPort {
  /** The token of step `stepId` of this execution (made once; a rerun gets a new secret). */
  create(request: {
    stepId: string;
    timeoutMs: number;
    title: string | null;
    description: string | null;
    choices: string[] | null;
  }): Promise<{ id: string; url: string; expires_at: string }>;
  /** A token of this execution, or null. */
  get(id: string): Promise<WaitTokenState | null>;
  /** Marks a waiting token expired; false if it had moved on. */
  expire(id: string): Promise<boolean>;
}

/** A child execution as an `agent` step sees it. */
export interface ChildState {
  id: string;
  status: 'queued' | 'running' | 'waiting' | 'completed' | 'failed' | 'cancelled';
  output: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
}

/** What an `agent` step asks for: the child agent, its input, whether the parent waits. */
export interface ChildRequest {
  agentId: string;
  input: Record<string, unknown>;
  wait: boolean;
}

/**
 * The run's child executions (`agent` steps), kept by the service. `start` is idempotent per
 * `step` (the step's record id and attempt): a resumed run gets the child it started before.
 * It throws StepError `invalid_input`, `agent_paused`, `agent_depth_exceeded` or
 * `agent_failed` (the agent is gone) without creating anything. Absent in test runs.
 */
export interface ChildExecutionPort {
  start(request: ChildRequest & { step: string }): Promise<ChildState>;
  get(id: string): Promise<ChildState | null>;
  /**
   * Resolves true once child `id` finishes in this process (its end announced here), false
   * after `ms` or when `signal` aborts: a hint only, the child's row says what it ended as.
   */
  finishedHere(id: string, ms: number, signal: AbortSignal): Promise<boolean>;
  /** The `input_schema` of the account's agent `agentId` (null: none, or no such agent). */
  inputSchema(agentId: string): Promise<Record<string, unknown> | null>;
}

/** Makes the ChildExecutionPort of one execution's run (provided by the execution store). */
export interface ChildExecutions {
  port(parent: { executionId: string; accountId: string }): ChildExecutionPort;
}

/** The provider of ChildExecutions (global; absent in the CLI: `agent` steps then fail). */
export const CHILD_EXECUTIONS = Symbol('CHILD_EXECUTIONS');

/** Time, injectable so tests do not wait for retry intervals. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when it is aborted first. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    }),
};

export interface HttpRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Aborted on cancel and when the step's timeout passes. */
  signal: AbortSignal;
  /** Bytes of body to read at most; a longer body is reported as `truncated`. */
  maxBodyBytes: number;
  /** Tracing on: the parent of the request's client span (the step's, or a model call's). */
  trace?: TraceContext;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
}

/**
 * Sends one request. Throws on timeout/abort (the signal), on a refused target (an error
 * whose code, or a cause's, is `address_not_allowed`) and on network errors.
 */
export interface HttpClient {
  request(request: HttpRequest): Promise<HttpResponse>;
}

/** One model call, as the meter records it. */
export interface ModelCallUsage {
  /** The model the request named (the step's `model` or the operator's `LLM_MODEL`). */
  model: string;
  prompt_tokens: number;
  completion_tokens: number;
  latency_ms: number;
  /** Whether the provider answered (false: network error, timeout, 5xx after the retries). */
  ok: boolean;
}

/**
 * The account-level side of model calls: the monthly token allowance of the account's plan,
 * and the record of each call (usage by day and model, Prometheus counters). `llm` steps call
 * `check` before every model call and `record` after it.
 */
export interface ModelMeter {
  /** Throws StepError `budget_exceeded` when the account's monthly allowance is used up. */
  check(accountId: string): Promise<void>;
  record(accountId: string, usage: ModelCallUsage): void;
}

/**
 * The provider of the ModelMeter: UsageModule (src/usage/, above this module) provides it
 * globally; absent (the CLI), model calls are not metered.
 */
export const MODEL_METER = Symbol('MODEL_METER');

/** Where `llm` steps send model calls when they name no `base_url` (the operator's). */
export interface ModelDefaults {
  /** LLM_BASE_URL (may be a private address). */
  baseUrl: string;
  /** LLM_API_KEY (null: no Authorization header). */
  apiKey: string | null;
  /** LLM_MODEL (null: a step must name its model). */
  model: string | null;
  /** The client for `baseUrl`, outside the outbound policy (the operator chose the address). */
  http: HttpClient;
}

/** `{{secrets.NAME}}` → the account's value, or `undefined` when there is no such secret. */
export type SecretResolver = (name: string) => Promise<string | undefined>;

export interface WorkflowLogger {
  log(level: LogLevel, message: string, details?: Record<string, unknown>): void;
}

/** Everything a run needs from outside; the integrator builds one per execution. */
export interface WorkflowRunContext {
  execution: ExecutionInfo;
  accountId: string;
  input: unknown;
  signal: AbortSignal;
  logger: WorkflowLogger;
  checkpoint: Checkpoint;
  http: HttpClient;
  secrets: SecretResolver;
  clock?: Clock;
  /** Test runs (`POST /v2/agents/:id/test`): a step whose id is here is not run and yields this output. */
  mocks?: Record<string, unknown>;
  /** Model-call accounting (absent: no allowance, nothing recorded; test runs, the CLI). */
  meter?: ModelMeter;
  /** The operator's model defaults (absent: `llm` steps must name `base_url` and `model`). */
  models?: ModelDefaults;
  /**
   * Runs `work`, which only waits on the network, without holding a worker slot (the worker
   * may start another run meanwhile) and takes a slot again before resolving. Default: runs
   * `work` as is (test runs, the CLI).
   */
  idle?: <T>(work: () => Promise<T>) => Promise<T>;
  /** In [0, 1); jitter of retry delays. Default `Math.random`. */
  random?: () => number;
  /**
   * Whether the run may stop at a `wait` step and be resumed later (an execution's run, whose
   * steps are durable). Absent (test runs): a wait that would pause ends at once.
   */
  suspendable?: boolean;
  /** Wait tokens (absent in test runs). */
  tokens?: WaitTokenPort;
  /** Child executions of `agent` steps (absent in test runs). */
  children?: ChildExecutionPort;
  /** Tracing on: the run's context (the execution's span), the parent of its step spans. */
  trace?: TraceContext;
}

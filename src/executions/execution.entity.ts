import type { FailedAnswer } from '../common/outbound/failed-answer';
import { Entity, PrimaryColumn, Column, Index } from 'typeorm';
import { IdColumn, JsonColumn, TimestampColumn } from '../database/columns';
import type { LogLevel } from '../kinds/agent-kind';
import type { HeldReason } from '../agents/flow';

export const EXECUTION_STATUSES = [
  'queued',
  'running',
  'waiting',
  'completed',
  'failed',
  'cancelled',
] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
/**
 * The status column also holds `held`: a `queued` execution that flow control holds back
 * (docs/api.md, Flow control), which the claims of workers never see. Records show it as
 * `queued`; it is typed as a status so that the code above the store needs no second type,
 * and only the store and the record ask `isHeld`.
 */
export const HELD = 'held' as ExecutionStatus;
export const isHeld = (execution: Pick<Execution, 'status'>): boolean => execution.status === HELD;
/** The status a record shows. */
export const shownStatus = (status: ExecutionStatus): ExecutionStatus =>
  status === HELD ? 'queued' : status;
export const FINAL_STATUSES: readonly ExecutionStatus[] = ['completed', 'failed', 'cancelled'];
/**
 * The statuses a synchronous trigger stops waiting at: the final ones, and `waiting` (the run
 * paused at a `wait` step and holds nothing until it wakes).
 */
export const SETTLED_STATUSES: readonly ExecutionStatus[] = [...FINAL_STATUSES, 'waiting'];
export const EXECUTION_SOURCES = ['api', 'webhook', 'retry', 'schedule', 'mcp', 'agent'] as const;
export type ExecutionSource = (typeof EXECUTION_SOURCES)[number];

/** What a waiting execution waits for (its record's `waiting`). */
export interface ExecutionWaiting {
  /** The record id of the `wait` step. */
  step: string;
  /** When it wakes by itself (a time, or its token's expiry), ISO 8601. */
  until?: string;
  token_id?: string;
}

export interface LogEntry {
  timestamp: string;
  level: LogLevel;
  message: string;
}

export interface ExecutionError {
  code: string;
  message: string;
  /** A workflow's failing step (docs/api.md, Trigger and executions). */
  step?: string;
  /** An `http_error`'s answer: status, headers, body cut at 64 KiB. */
  response?: FailedAnswer;
}

@Entity('executions')
@Index('idx_executions_agent_created', ['agentId', 'createdAt', 'id'])
@Index('idx_executions_agent_status_created', ['agentId', 'status', 'createdAt', 'id'])
@Index('idx_executions_status_created', ['status', 'createdAt'])
@Index('idx_executions_status_account_queued', ['status', 'accountId', 'queuedAt', 'id'])
@Index('idx_executions_created', ['createdAt'])
@Index('idx_executions_wake_at', ['wakeAt'])
@Index('idx_executions_account_created', ['accountId', 'createdAt', 'id'])
@Index('idx_executions_bulk_action', ['bulkActionId', 'id'])
@Index('uq_executions_agent_idempotency', ['agentId', 'idempotencyKey'], { unique: true })
// One execution at most per schedule and fire time (docs/schedules.md, Exactly once).
@Index('uq_executions_schedule_fire', ['scheduleId', 'scheduledFor'], { unique: true })
// One child at most per step attempt of its parent (docs/workflows.md, Agents as steps).
@Index('uq_executions_parent_step', ['parentExecutionId', 'parentStep'], { unique: true })
// An execution's children, newest first, by keyset (`parent_execution_id=` of the lists).
@Index('idx_executions_parent_created', ['parentExecutionId', 'createdAt', 'id'])
export class Execution {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  @IdColumn({ name: 'agent_id' })
  agentId: string;

  /** The agent's kind when the execution was created (for metrics and for the runner). */
  @Column({ name: 'agent_kind', type: 'varchar', length: 64 })
  agentKind: string;

  /** The agent's `version` whose config this execution runs (current when it was created). */
  @Column({ name: 'agent_version', type: 'int', default: 1 })
  agentVersion: number;

  @Column({ type: 'varchar', length: 16 })
  status: ExecutionStatus;

  @Column({ type: 'varchar', length: 16 })
  source: ExecutionSource;

  @IdColumn({ name: 'retry_of', nullable: true })
  retryOf: string | null;

  @JsonColumn()
  input: Record<string, unknown>;

  @JsonColumn({ nullable: true })
  output: Record<string, unknown> | null;

  @JsonColumn({ nullable: true })
  error: ExecutionError | null;

  /** Written once, when the run ends: one column read for the detail route. */
  @JsonColumn({ nullable: true })
  logs: LogEntry[] | null;

  @Column({ name: 'callback_url', type: 'varchar', length: 2048, nullable: true })
  callbackUrl: string | null;

  /** Idempotency-Key (API) or delivery id (webhook); unique per agent while set. */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 255, nullable: true })
  idempotencyKey: string | null;

  /** SHA-256 of the request body that carried the idempotency key. */
  @Column({ name: 'request_hash', type: 'varchar', length: 64, nullable: true })
  requestHash: string | null;

  /** How many times a worker has started this execution. */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  /**
   * How many of those starts were resumptions after a wait (each resumption is a claim, and so
   * an attempt): `attempts - resumes` counts the starts that were not, which lease recovery
   * bounds.
   */
  @Column({ type: 'int', default: 0 })
  resumes: number;

  /** While running: until when the worker that claimed it is presumed alive. */
  @TimestampColumn({ name: 'leased_until', nullable: true })
  leasedUntil: Date | null;

  /** While waiting: what for (null otherwise). */
  @JsonColumn({ nullable: true })
  waiting: ExecutionWaiting | null;

  /**
   * While waiting: when the wait poller puts the row back in the queue (the wait's end, its
   * token's expiry, or the moment the token was completed). Null in every other status.
   */
  @TimestampColumn({ name: 'wake_at', nullable: true })
  wakeAt: Date | null;

  /** `source: "schedule"`: the schedule that fired it (null for other sources). */
  @IdColumn({ name: 'schedule_id', nullable: true })
  scheduleId: string | null;

  /** `source: "schedule"`: the nominal fire time, without jitter (null for other sources). */
  @TimestampColumn({ name: 'scheduled_for', nullable: true })
  scheduledFor: Date | null;
  /**
   * The bulk action that matched it to be retried (docs/api.md, Bulk retry), set once: a later
   * bulk action never matches it again. Null otherwise.
   */
  @IdColumn({ name: 'bulk_action_id', nullable: true })
  bulkActionId: string | null;

  /**
   * The W3C trace context its spans belong to (`traceparent` text: the trigger's server span,
   * or the caller's trace), kept so that every attempt, resumed anywhere, joins that trace.
   * Null when tracing is off (docs/operations.md, Tracing).
   */
  @Column({ name: 'trace_parent', type: 'varchar', length: 55, nullable: true })
  traceParent: string | null;

  /**
   * `source: "agent"`: the execution whose `agent` step started it, and the first execution
   * of that chain (null for other sources).
   */
  @IdColumn({ name: 'parent_execution_id', nullable: true })
  parentExecutionId: string | null;

  @IdColumn({ name: 'root_execution_id', nullable: true })
  rootExecutionId: string | null;

  /** `source: "agent"`: the parent's step record id and attempt (`route#1`), unique per parent. */
  @Column({ name: 'parent_step', type: 'varchar', length: 300, nullable: true })
  parentStep: string | null;

  /** `source: "agent"`: whether the parent waits for it (`wait: true`); false otherwise. */
  @Column({ name: 'parent_waits', type: 'boolean', default: false })
  parentWaits: boolean;

  /** How many `agent` steps lie between it and its root (0 for a root). */
  @Column({ name: 'agent_depth', type: 'int', default: 0 })
  agentDepth: number;

  /** Its tags (docs/api.md, Tags), null for none; the `execution_tags` rows index them. */
  @JsonColumn({ nullable: true })
  tags: string[] | null;

  /**
   * Flow control: the key this execution takes its turn in (`flow_runs.flow_key`), null for
   * an agent without `flow` (docs/api.md, Flow control).
   */
  @Column({ name: 'flow_key', type: 'varchar', length: 255, nullable: true })
  flowKey: string | null;

  /** While held by flow control: the control that holds it (`concurrency`, `throttle`, `debounce`). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  held: HeldReason | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  /**
   * Where it stands in the claims' line: its creation, or the moment flow control let it go
   * (so a key's next run queues behind the runs let go before it). Null on rows that ended
   * before the column existed.
   */
  @TimestampColumn({ name: 'queued_at', nullable: true })
  queuedAt: Date | null;

  @TimestampColumn({ name: 'started_at', nullable: true })
  startedAt: Date | null;

  @TimestampColumn({ name: 'completed_at', nullable: true })
  completedAt: Date | null;

  @Column({ name: 'duration_ms', type: 'int', nullable: true })
  durationMs: number | null;
}

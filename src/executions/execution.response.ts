import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { iso } from '../common/time';
import { traceIdOf } from '../tracing/tracing';
import {
  EXECUTION_SOURCES,
  EXECUTION_STATUSES,
  type Execution,
  isHeld,
  shownStatus,
} from './execution.entity';
import type { StoredStep } from './execution-steps';
import { ExecutionStepItem, FailedAnswerItem, StepUsageItem } from './execution-step.response';
import { PageMeta } from '../common/page-meta.response';

/**
 * The wire shape of an execution (docs/api.md, Trigger and executions); `logs` only in the detail,
 * `steps` for workflow executions only (given by the caller, read from `execution_steps`).
 */
export function toExecutionResponse(
  execution: Execution,
  options: { withLogs?: boolean; steps?: StoredStep[]; withUsage?: boolean } = {},
) {
  const body: Record<string, unknown> = {
    id: execution.id,
    agent_id: execution.agentId,
    status: shownStatus(execution.status),
    source: execution.source,
    retry_of: execution.retryOf,
    schedule_id: execution.scheduleId ?? null,
    scheduled_for: iso(execution.scheduledFor),
    parent_execution_id: execution.parentExecutionId ?? null,
    root_execution_id: execution.rootExecutionId ?? null,
    agent_version: execution.agentVersion,
    input: execution.input,
    output: execution.output,
    error: execution.error,
    waiting: execution.status === 'waiting' ? (execution.waiting ?? null) : null,
    held: isHeld(execution) ? (execution.held ?? null) : null,
    created_at: iso(execution.createdAt),
    started_at: iso(execution.startedAt),
    completed_at: iso(execution.completedAt),
    duration_ms: execution.durationMs,
    tags: execution.tags ?? [],
    trace_id: traceIdOf(execution.traceParent),
  };
  if (options.steps) body.steps = options.steps;
  if (options.withUsage) body.usage = executionUsage(options.steps);
  if (options.withLogs) body.logs = execution.logs ?? [];
  return body;
}

export type ExecutionResponse = ReturnType<typeof toExecutionResponse>;

/**
 * An execution's `usage`: the tokens of its steps' model calls summed (null when none made
 * one). Steps copied from the execution a resumed retry continues (`reused`) are not counted:
 * their tokens were spent, and are counted, there.
 */
export function executionUsage(
  steps: readonly StoredStep[] | undefined,
): { prompt_tokens: number; completion_tokens: number } | null {
  let usage: { prompt_tokens: number; completion_tokens: number } | null = null;
  for (const step of steps ?? []) {
    if (!step.usage || step.reused) continue;
    usage ??= { prompt_tokens: 0, completion_tokens: 0 };
    usage.prompt_tokens += step.usage.prompt_tokens;
    usage.completion_tokens += step.usage.completion_tokens;
  }
  return usage;
}

// The documented shapes (OpenAPI) of the execution responses built above and in the routes.

export class ExecutionErrorItem {
  @ApiProperty({
    description:
      '`invalid_input`, `timeout`, `agent_error`, `http_error`, `network_error`, `interrupted`; `llm` steps: `invalid_llm_output`, `llm_refused`, `llm_error`, `mcp_error`, `max_turns_exceeded`, `budget_exceeded`; …',
    example: 'invalid_input',
  })
  code: string;

  @ApiProperty({ example: 'No valid email address in the input' })
  message: string;

  @ApiPropertyOptional({
    description: 'Workflow executions: the id of the step that failed (`q[3]` inside a foreach)',
    example: 'post_to_crm',
  })
  step?: string;

  @ApiPropertyOptional({
    type: FailedAnswerItem,
    description:
      '`http_error` of an `http-request` agent or of the failing step: the answer (status, headers, body cut at 64 KiB)',
  })
  response?: FailedAnswerItem;
}

export class ExecutionWaitingItem {
  @ApiProperty({
    description: 'The id of the `wait` step (`q[3]` inside a foreach)',
    example: 'hold',
  })
  step: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'A wait for a time: when it ends',
    example: '2026-11-24T09:00:00.000Z',
  })
  until?: string;

  @ApiPropertyOptional({
    description: 'A wait for a token: its id',
    example: 'wtk_01jd8z6q8r0s2t4u6v8w0x2y4z',
  })
  token_id?: string;
}

export class LogEntryItem {
  @ApiProperty({ format: 'date-time', example: '2026-11-22T10:00:00.120Z' })
  timestamp: string;

  @ApiProperty({ enum: ['debug', 'info', 'warn', 'error'], example: 'info' })
  level: string;

  @ApiProperty({ example: 'Scored 80 (hot)' })
  message: string;
}

/** An execution as listed (no `logs`), and as sent in callbacks. */
export class ExecutionRecord {
  @ApiProperty({ example: 'exe_01jd8z4k9m2x7q3r5t6v8w0y1a' })
  id: string;

  @ApiProperty({ example: 'agt_01jd8z2c4v6b8n0m2k4j6h8g0f' })
  agent_id: string;

  @ApiProperty({ enum: EXECUTION_STATUSES, example: 'completed' })
  status: string;

  @ApiProperty({ enum: [...EXECUTION_SOURCES], example: 'api' })
  source: string;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'The execution this one retries',
    example: null,
  })
  retry_of: string | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: '`source: "schedule"`: the schedule that started it; null for other sources',
    example: null,
  })
  schedule_id: string | null;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description:
      '`source: "schedule"`: the nominal fire time (without jitter); null for other sources',
    example: null,
  })
  scheduled_for: string | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      '`source: "agent"`: the execution whose `agent` step started it; null for other sources',
    example: null,
  })
  parent_execution_id: string | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      '`source: "agent"`: the first execution of its chain of `agent` steps; null for other sources',
    example: null,
  })
  root_execution_id: string | null;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description:
      "The agent's `version` whose config this execution runs (current when it was created)",
    example: 1,
  })
  agent_version: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The input exactly as received',
    example: { email: 'jane@acme.io', company: 'Acme', message: 'Pricing for 50 seats?' },
  })
  input: Record<string, unknown>;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'Defined by the agent kind; null until completed',
    example: {
      qualified: true,
      score: 80,
      tier: 'hot',
      reasons: ['business_email', 'company', 'buying_intent'],
    },
  })
  output: Record<string, unknown> | null;

  @ApiProperty({ type: ExecutionErrorItem, nullable: true, example: null })
  error: ExecutionErrorItem | null;

  @ApiProperty({
    type: ExecutionWaitingItem,
    nullable: true,
    example: null,
    description: 'While `waiting`: what the run waits for; null otherwise',
  })
  waiting: ExecutionWaitingItem | null;

  @ApiProperty({
    type: 'string',
    enum: ['concurrency', 'throttle', 'debounce'],
    nullable: true,
    description:
      "While `queued` and held back by the agent's flow control: the control that holds it; null otherwise",
    example: null,
  })
  held: 'concurrency' | 'throttle' | 'debounce' | null;

  @ApiPropertyOptional({
    type: [ExecutionStepItem],
    description:
      'Workflow executions only: their steps in the order they started; absent for other kinds',
  })
  steps?: ExecutionStepItem[];

  @ApiPropertyOptional({
    type: StepUsageItem,
    nullable: true,
    description:
      'Tokens of the model calls of its `llm` steps, summed; null when no model was called. In `GET /v2/executions` and `GET /v2/executions/:id` (not in callbacks)',
    example: null,
  })
  usage?: StepUsageItem | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-22T10:00:00.000Z' })
  created_at: string;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    example: '2026-11-22T10:00:00.050Z',
  })
  started_at: string | null;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    example: '2026-11-22T10:00:00.130Z',
  })
  completed_at: string | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 80 })
  duration_ms: number | null;

  @ApiProperty({
    type: [String],
    description:
      'The tags given when it was triggered (`options.tags`, `X-Tags`); a retry keeps them',
    example: ['campaign:black-friday'],
  })
  tags: string[];

  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      'The OpenTelemetry trace id of its spans (32 hex digits): the trigger request’s trace, or the caller’s from its `traceparent`; null when tracing is off',
    example: null,
  })
  trace_id: string | null;
}

/** `GET /v2/executions/:id` and the cancel and retry answers: the record with its logs. */
export class ExecutionDetail extends ExecutionRecord {
  @ApiProperty({ type: [LogEntryItem] })
  logs: LogEntryItem[];
}

export class ExecutionListResponse {
  @ApiProperty({ type: [ExecutionRecord], description: 'Newest first' })
  data: ExecutionRecord[];

  @ApiProperty({ type: PageMeta })
  meta: PageMeta;
}

/** The trigger result (docs/api.md, Trigger and executions). */
export class TriggerResultResponse {
  @ApiProperty({ example: 'exe_01jd8z4k9m2x7q3r5t6v8w0y1a' })
  execution_id: string;

  @ApiProperty({ enum: EXECUTION_STATUSES, example: 'completed' })
  status: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    example: { qualified: true, score: 80, tier: 'hot' },
  })
  output: Record<string, unknown> | null;

  @ApiProperty({
    type: ExecutionErrorItem,
    nullable: true,
    description: "The execution's error: null unless `status` is `failed`",
    example: null,
  })
  error: ExecutionErrorItem | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 80 })
  duration_ms: number | null;
}

/**
 * The body POSTed to `options.callback_url` when the execution finishes (docs/api.md, Outgoing
 * webhooks (callbacks)).
 */
export class CallbackPayload {
  @ApiProperty({
    description: 'The delivery id; also `X-Webhook-Id`, the same on every retry',
    example: 'dlv_01jd8z6q8r0s2t4u6v8w0x2y4z',
  })
  id: string;

  @ApiProperty({
    enum: ['execution.completed', 'execution.failed', 'execution.cancelled'],
    example: 'execution.completed',
  })
  type: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-22T10:00:00.140Z' })
  created_at: string;

  @ApiProperty({ type: ExecutionRecord })
  data: ExecutionRecord;
}

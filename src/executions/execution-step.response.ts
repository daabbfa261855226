import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The answer of a request that failed with an HTTP status (`http_error`). */
export class FailedAnswerItem {
  @ApiProperty({ type: 'integer', example: 500 })
  status_code: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { 'content-type': 'application/json' },
  })
  headers: Record<string, string>;

  @ApiProperty({
    description:
      'JSON when the answer says so, is whole and parses; otherwise text, cut at 64 KiB. Secrets of the run are redacted',
    oneOf: [
      { type: 'object', additionalProperties: true },
      { type: 'array', items: {} },
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'null' },
    ],
    example: { error: 'database unavailable' },
  })
  body: unknown;

  @ApiProperty({ description: 'The body was cut at 64 KiB', example: false })
  truncated: boolean;
}

export class StepErrorItem {
  @ApiProperty({ example: 'http_error' })
  code: string;

  @ApiProperty({
    example:
      'POST https://crm.example.com/api/leads answered HTTP 500 after 3 attempts; last after 4 ms',
  })
  message: string;

  @ApiPropertyOptional({
    type: FailedAnswerItem,
    description:
      '`http_error` of an `http` step or an `http-request` step: the answer of the last attempt',
  })
  response?: FailedAnswerItem;
}

export class StepUsageItem {
  @ApiProperty({ type: 'integer' })
  prompt_tokens: number;

  @ApiProperty({ type: 'integer' })
  completion_tokens: number;
}

export class LlmToolCallItem {
  @ApiProperty({ example: 'call_1' })
  id: string;

  @ApiProperty({ example: 'lookup_customer' })
  name: string;

  @ApiProperty({ description: 'The arguments (the raw text when not a JSON object)' })
  arguments: unknown;

  @ApiProperty({ enum: ['pending', 'completed', 'failed'] })
  status: string;

  @ApiPropertyOptional({ type: 'integer', description: "The tool's HTTP status" })
  status_code?: number;

  @ApiProperty({ type: 'integer', nullable: true })
  duration_ms: number | null;

  @ApiPropertyOptional({ description: 'What went back to the model as the `tool` message' })
  result?: string;
}

export class LlmCallItem {
  @ApiProperty({ type: 'integer', description: '1-based turn of the conversation' })
  turn: number;

  @ApiProperty({ example: 'gpt-4o-mini' })
  model: string;

  @ApiProperty({ type: 'integer' })
  prompt_tokens: number;

  @ApiProperty({ type: 'integer' })
  completion_tokens: number;

  @ApiProperty({ type: 'integer' })
  latency_ms: number;

  @ApiProperty({ type: 'string', nullable: true, example: 'stop' })
  finish_reason: string | null;

  @ApiPropertyOptional({ description: 'The refusal text, when the model refused' })
  refusal?: string;

  @ApiPropertyOptional({
    description:
      'Made by the failed execution a resumed retry continues (not counted in this usage)',
  })
  reused?: boolean;

  @ApiPropertyOptional({ type: LlmToolCallItem, isArray: true })
  tool_calls?: LlmToolCallItem[];
}

export class LlmStepDetail {
  @ApiProperty({ type: LlmCallItem, isArray: true, description: 'Each model call, in order' })
  calls: LlmCallItem[];
}

/** One entry of a workflow execution's `steps` (docs/workflows.md, The definition). */
export class ExecutionStepItem {
  @ApiProperty({ description: 'The step id; `id[index]` inside a foreach', example: 'qualify' })
  id: string;

  @ApiProperty({ description: 'The step type', example: 'lead-qualification' })
  type: string;

  @ApiProperty({
    enum: ['running', 'waiting', 'completed', 'failed', 'skipped'],
    example: 'completed',
  })
  status: string;

  @ApiProperty({ type: 'integer', example: 1 })
  attempts: number;

  @ApiProperty({ format: 'date-time', example: '2026-11-22T10:00:00.051Z' })
  started_at: string;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    example: '2026-11-22T10:00:00.052Z',
  })
  completed_at: string | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 1 })
  duration_ms: number | null;

  @ApiProperty({
    description: 'The step output (any JSON; null until completed); secrets are `[redacted]`',
    nullable: true,
    example: { qualified: true, score: 80 },
  })
  output: unknown;

  @ApiProperty({ type: StepErrorItem, nullable: true, example: null })
  error: StepErrorItem | null;

  @ApiPropertyOptional({
    type: StepUsageItem,
    description: '`llm` steps: tokens summed over its model calls',
  })
  usage?: StepUsageItem;

  @ApiPropertyOptional({
    type: LlmStepDetail,
    description: '`llm` steps: each model call (turn, tokens, latency) and its tool calls',
  })
  llm?: LlmStepDetail;

  @ApiPropertyOptional({
    type: 'string',
    description: '`agent` steps: the child execution this step started',
    example: 'exe_01jd8z2c4v6b8n0m2k4j6h8g0f',
  })
  child_execution_id?: string;

  @ApiPropertyOptional({
    description: 'Copied from the failed execution a resumed retry continues',
    example: true,
  })
  reused?: boolean;
}

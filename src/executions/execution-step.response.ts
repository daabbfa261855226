import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class StepErrorItem {
  @ApiProperty({ example: 'http_error' })
  code: string;

  @ApiProperty({ example: 'The server answered 502' })
  message: string;
}

export class StepUsageItem {
  @ApiProperty({ type: 'integer' })
  prompt_tokens: number;

  @ApiProperty({ type: 'integer' })
  completion_tokens: number;
}

/** One entry of a workflow execution's `steps` (CONTRACT §6). */
export class ExecutionStepItem {
  @ApiProperty({ description: 'The step id; `id[index]` inside a foreach', example: 'qualify' })
  id: string;

  @ApiProperty({ description: 'The step type', example: 'lead-qualification' })
  type: string;

  @ApiProperty({ enum: ['running', 'completed', 'failed', 'skipped'], example: 'completed' })
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

  @ApiPropertyOptional({ type: StepUsageItem, description: '`llm` steps' })
  usage?: StepUsageItem;

  @ApiPropertyOptional({
    description: 'Copied from the failed execution a resumed retry continues',
    example: true,
  })
  reused?: boolean;
}

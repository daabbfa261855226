import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  Allow,
  IsBoolean,
  IsDefined,
  IsInt,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { Optional } from '../common/validation';
import { MAX_TAGS, TAG_MAX_LENGTH, TAG_PATTERN } from '../executions/tags';
import { BULK_ACTION_STATUSES } from './bulk-action.entity';

export const BULK_LIMIT_DEFAULT = 1000;
export const BULK_LIMIT_MAX = 10_000;
export const RETRYABLE_STATUSES = ['failed', 'cancelled'] as const;

const DATE_OR_TIMESTAMP = [
  { type: 'string', format: 'date' },
  { type: 'string', format: 'date-time' },
];
const RETRYABLE = `(?:${RETRYABLE_STATUSES.join('|')})`;
const TAG_ITEM = {
  type: 'string',
  minLength: 1,
  maxLength: TAG_MAX_LENGTH,
  pattern: TAG_PATTERN.source,
};

/**
 * `POST /v2/executions/bulk-retry` (docs/api.md, Bulk retry). `status` and `tag` take a string or
 * an array; the service reads them (bulk-actions.service.ts) and names the offending field.
 */
export class BulkRetryDto {
  @ApiPropertyOptional({
    description: 'Only the executions of this agent (`agt_…`); one of another account matches none',
    maxLength: 40,
  })
  @Optional()
  @IsString({ message: '$property must be an agent id' })
  @MaxLength(40, { message: '$property must be an agent id' })
  agent_id?: string;

  @ApiProperty({
    description:
      'The statuses to retry: `failed`, `cancelled`, or both (an array, or a comma list as the executions lists take it)',
    anyOf: [
      { type: 'string', pattern: `^\\s*${RETRYABLE}\\s*(?:,\\s*${RETRYABLE}\\s*)*$` },
      { type: 'array', items: { enum: [...RETRYABLE_STATUSES] }, minItems: 1 },
    ],
    example: ['failed'],
  })
  @IsDefined({ message: 'status is required: failed, cancelled, or both' })
  status: string | string[];

  @ApiPropertyOptional({
    description:
      '`created_at` from: a date (the whole UTC day, inclusive) or a timestamp. After `to`: nothing matches',
    anyOf: DATE_OR_TIMESTAMP,
    example: '2026-12-01T09:00:00.000Z',
  })
  @Optional()
  @IsString({ message: '$property must be a date (YYYY-MM-DD) or an ISO 8601 timestamp' })
  from?: string;

  @ApiPropertyOptional({
    description: '`created_at` up to: a date (the whole UTC day, inclusive) or a timestamp',
    anyOf: DATE_OR_TIMESTAMP,
    example: '2026-12-01T10:00:00.000Z',
  })
  @Optional()
  @IsString({ message: '$property must be a date (YYYY-MM-DD) or an ISO 8601 timestamp' })
  to?: string;

  @ApiPropertyOptional({
    description: 'Only the executions whose `error.code` is this one',
    example: 'http_error',
    minLength: 1,
    maxLength: 64,
    pattern: '^[a-z0-9_]+$',
  })
  @Optional()
  @IsString({ message: '$property must be an error code' })
  @MinLength(1, { message: '$property must be an error code' })
  @MaxLength(64, { message: '$property must be an error code' })
  @Matches(/^[a-z0-9_]+$/, { message: '$property must be an error code' })
  error_code?: string;

  @ApiPropertyOptional({
    description: 'Only the executions carrying this tag (an array: all of them)',
    anyOf: [TAG_ITEM, { type: 'array', items: TAG_ITEM, minItems: 1, maxItems: MAX_TAGS }],
    example: 'campaign:black-friday',
  })
  @Optional()
  @Allow()
  tag?: string | string[];

  @ApiPropertyOptional({
    default: false,
    description:
      'Retry as `POST /v2/executions/:id/retry` with `{"resume": true}`: failed `workflow` executions start from the failed step; any other match counts as `failed`',
  })
  @Optional()
  @IsBoolean({ message: '$property must be a boolean' })
  resume?: boolean;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: BULK_LIMIT_MAX,
    default: BULK_LIMIT_DEFAULT,
    description: 'At most this many executions are matched, oldest first',
  })
  @Optional()
  @IsInt({ message: `$property must be an integer between 1 and ${BULK_LIMIT_MAX}` })
  @Min(1, { message: `$property must be an integer between 1 and ${BULK_LIMIT_MAX}` })
  @Max(BULK_LIMIT_MAX, { message: `$property must be an integer between 1 and ${BULK_LIMIT_MAX}` })
  limit?: number;

  @ApiPropertyOptional({
    default: false,
    description:
      'Count only: answers 200 `{matched}`, how many executions the same request would retry now, and retries nothing',
  })
  @Optional()
  @IsBoolean({ message: '$property must be a boolean' })
  dry_run?: boolean;
}

/** A bulk action and its progress. */
export class BulkActionResponse {
  @ApiProperty({ example: 'blk_01jd8z6q8r0s2t4u6v8w0x2y4z' })
  id: string;

  @ApiProperty({
    enum: BULK_ACTION_STATUSES,
    description: '`running` until every match is handled, then `completed`',
    example: 'running',
  })
  status: string;

  @ApiProperty({ type: 'integer', description: 'Executions matched (at most `limit`)' })
  matched: number;

  @ApiProperty({ type: 'integer', description: 'Matches retried so far' })
  retried: number;

  @ApiProperty({
    type: 'integer',
    description:
      'Matches that could not be retried (their agent deleted or paused; `resume` on an execution that cannot resume)',
  })
  failed: number;
}

/** `dry_run: true`: what the request would match now. */
export class BulkRetryPreview {
  @ApiProperty({ type: 'integer', description: 'Executions the request would match now' })
  matched: number;
}

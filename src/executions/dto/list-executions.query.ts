import { PAGE_BUDGET_BYTES } from '../../common/json-page';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Matches } from 'class-validator';
import { CursorQuery, IntegerQuery } from '../../common/query-params';
import { EXECUTION_STATUSES } from '../execution.entity';
import { MAX_TAGS, TAG_MAX_LENGTH, TAG_PATTERN, TAG_RULE } from '../tags';

const STATUS = `(?:${EXECUTION_STATUSES.join('|')})`;

export const LIMIT_DEFAULT = 20;
export const LIMIT_MAX = 100;

/** Bytes of HMAC-SHA256 kept in a cursor: 128 bits (22 base64url characters). */
/** `from` / `to`: a whole UTC day or an instant (execution-list.ts parseBound). */
const DATE_OR_TIMESTAMP = [
  { type: 'string', format: 'date' },
  { type: 'string', format: 'date-time' },
];

/** Bytes of HMAC-SHA256 kept in a cursor: 128 bits (22 base64url characters). */
export const CURSOR_MAC_BYTES = 16;
/** Longest cursor payload (base64url): the longest real one is about 300 characters. */
export const CURSOR_MAX_PAYLOAD = 1024;
/** A cursor: base64url payload, a dot, base64url MAC (execution-list.ts). */
export const CURSOR_PATTERN = new RegExp(
  `^([A-Za-z0-9_-]{1,${CURSOR_MAX_PAYLOAD}})\\.([A-Za-z0-9_-]{22})$`,
);
export const CURSOR_MAX_LENGTH = CURSOR_MAX_PAYLOAD + 1 + 22;
/** An execution id as a filter (`exe_` and a lowercase ULID, as ids are made). */
export const EXECUTION_ID_PATTERN = /^exe_[0-9a-z]{1,36}$/;

/**
 * `GET /v2/agents/:id/executions` (docs/api.md, Trigger and executions). The values are parsed by
 * the service (`execution-list.ts`), which names the offending parameter.
 */
export class ListExecutionsQuery {
  @ApiPropertyOptional({
    description:
      'One status or a comma list: `queued`, `running`, `completed`, `failed`, `cancelled`',
    example: 'failed,cancelled',
    // The list as the server reads it (execution-list.ts: items trimmed), so that a value the
    // document allows is never refused.
    pattern: `^\\s*${STATUS}\\s*(?:,\\s*${STATUS}\\s*)*$`,
  })
  @IsOptional()
  @IsString({ message: '$property must be one status or a comma list of statuses' })
  status?: string;

  @ApiPropertyOptional({
    description: '`created_at` from: a date (the whole UTC day, inclusive) or a timestamp',
    example: '2026-11-01',
    anyOf: DATE_OR_TIMESTAMP,
  })
  @IsOptional()
  @IsString({ message: '$property must be a date (YYYY-MM-DD) or an ISO 8601 timestamp' })
  from?: string;

  @ApiPropertyOptional({
    description: '`created_at` up to: a date (the whole UTC day, inclusive) or a timestamp',
    example: '2026-11-22T23:59:59.999Z',
    anyOf: DATE_OR_TIMESTAMP,
  })
  @IsOptional()
  @IsString({ message: '$property must be a date (YYYY-MM-DD) or an ISO 8601 timestamp' })
  to?: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', minLength: 1, maxLength: TAG_MAX_LENGTH, pattern: TAG_PATTERN.source },
    maxItems: MAX_TAGS,
    description:
      'Only executions carrying this tag; repeat it (`tag=a&tag=b`) for those carrying all of them',
    example: ['campaign:black-friday'],
  })
  @IsOptional()
  // One `tag=` is a string, several an array (the simple query parser).
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value), {
    toClassOnly: true,
  })
  @IsArray({ message: '$property must be a tag, repeated for several' })
  @ArrayMaxSize(MAX_TAGS, { message: `$property may be given at most ${MAX_TAGS} times` })
  @IsString({ each: true, message: `$property must be ${TAG_RULE}` })
  @Matches(TAG_PATTERN, { each: true, message: `$property must be ${TAG_RULE}` })
  tag?: string[];

  @ApiPropertyOptional({
    description:
      'Only the children of this execution: the executions its `agent` steps and agent tools started (`source: "agent"`)',
    example: 'exe_01jd8z6q8r0s2t4u6v8w0x2y4z',
    maxLength: 40,
    pattern: EXECUTION_ID_PATTERN.source,
  })
  @IsOptional()
  @IsString({ message: '$property must be an execution id (exe_…)' })
  @Matches(EXECUTION_ID_PATTERN, { message: '$property must be an execution id (exe_…)' })
  parent_execution_id?: string;

  @IntegerQuery({
    minimum: 1,
    maximum: LIMIT_MAX,
    default: LIMIT_DEFAULT,
    description: `Items per page at most. A page also ends early, after at least one item, once its items pass ${PAGE_BUDGET_BYTES / 1024 / 1024} MiB of JSON (\`has_more\` is then true).`,
  })
  limit?: number;

  @CursorQuery({
    description:
      '`meta.next_cursor` of the previous page, unchanged (signed: an edited cursor, another agent’s, or one sent with other filters is 400)',
    maxLength: CURSOR_MAX_LENGTH,
    pattern: CURSOR_PATTERN,
  })
  cursor?: string;
}

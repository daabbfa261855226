import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

export const LIMIT_DEFAULT = 20;
export const LIMIT_MAX = 100;

/** Only plain decimal digits count as an integer; anything else (arrays too) stays invalid. */
const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;

/**
 * `GET /v2/agents/:id/executions` (CONTRACT §4). The values are parsed by the service
 * (`execution-list.ts`), which names the offending parameter.
 */
export class ListExecutionsQuery {
  @ApiPropertyOptional({
    description:
      'One status or a comma list: `queued`, `running`, `completed`, `failed`, `cancelled`',
    example: 'failed,cancelled',
  })
  @IsOptional()
  @IsString({ message: '$property must be one status or a comma list of statuses' })
  status?: string;

  @ApiPropertyOptional({
    description: '`created_at` from: a date (the whole UTC day, inclusive) or a timestamp',
    example: '2026-11-01',
  })
  @IsOptional()
  @IsString({ message: '$property must be a date (YYYY-MM-DD) or an ISO 8601 timestamp' })
  from?: string;

  @ApiPropertyOptional({
    description: '`created_at` up to: a date (the whole UTC day, inclusive) or a timestamp',
    example: '2026-11-22T23:59:59.999Z',
  })
  @IsOptional()
  @IsString({ message: '$property must be a date (YYYY-MM-DD) or an ISO 8601 timestamp' })
  to?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: LIMIT_MAX, default: LIMIT_DEFAULT })
  @IsOptional()
  @Transform(toInteger, { toClassOnly: true })
  @IsInt({ message: `$property must be an integer between 1 and ${LIMIT_MAX}` })
  @Min(1, { message: `$property must be an integer between 1 and ${LIMIT_MAX}` })
  @Max(LIMIT_MAX, { message: `$property must be an integer between 1 and ${LIMIT_MAX}` })
  limit?: number;

  @ApiPropertyOptional({
    description:
      '`meta.next_cursor` of the previous page, unchanged (signed: an edited cursor, another agent’s, or one sent with other filters is 400)',
  })
  @IsOptional()
  @IsString({ message: '$property must be a cursor from meta.next_cursor' })
  cursor?: string;
}

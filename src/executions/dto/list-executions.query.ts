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
  @IsOptional()
  @IsString({ message: '$property must be one status or a comma list of statuses' })
  status?: string;

  @IsOptional()
  @IsString({ message: '$property must be a date (YYYY-MM-DD) or an ISO 8601 timestamp' })
  from?: string;

  @IsOptional()
  @IsString({ message: '$property must be a date (YYYY-MM-DD) or an ISO 8601 timestamp' })
  to?: string;

  @IsOptional()
  @Transform(toInteger, { toClassOnly: true })
  @IsInt({ message: `$property must be an integer between 1 and ${LIMIT_MAX}` })
  @Min(1, { message: `$property must be an integer between 1 and ${LIMIT_MAX}` })
  @Max(LIMIT_MAX, { message: `$property must be an integer between 1 and ${LIMIT_MAX}` })
  limit?: number;

  @IsOptional()
  @IsString({ message: '$property must be a cursor from meta.next_cursor' })
  cursor?: string;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const STATS_DAYS_DEFAULT = 14;
export const STATS_DAYS_MAX = 90;

const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;

/** `GET /v2/stats` and `GET /v2/agents/:id/stats`. */
export class StatsQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: STATS_DAYS_MAX,
    default: STATS_DAYS_DEFAULT,
    description: 'How many UTC days, today included',
  })
  @IsOptional()
  @Transform(toInteger, { toClassOnly: true })
  @IsInt({ message: `$property must be an integer between 1 and ${STATS_DAYS_MAX}` })
  @Min(1, { message: `$property must be an integer between 1 and ${STATS_DAYS_MAX}` })
  @Max(STATS_DAYS_MAX, { message: `$property must be an integer between 1 and ${STATS_DAYS_MAX}` })
  days?: number;
}

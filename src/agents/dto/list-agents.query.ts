import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

export const PER_PAGE_DEFAULT = 20;
export const PER_PAGE_MAX = 100;

/** Only plain decimal digits count as an integer; anything else (arrays too) stays invalid. */
const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;

/** `GET /v2/agents?page=&per_page=` (CONTRACT §3). */
export class ListAgentsQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 1 })
  @Transform(toInteger, { toClassOnly: true })
  @IsInt({ message: 'page must be an integer >= 1' })
  @Min(1, { message: 'page must be an integer >= 1' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'page is too large' })
  page: number = 1;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: PER_PAGE_MAX,
    default: PER_PAGE_DEFAULT,
  })
  @Transform(toInteger, { toClassOnly: true })
  @IsInt({ message: `per_page must be an integer between 1 and ${PER_PAGE_MAX}` })
  @Min(1, { message: `per_page must be an integer between 1 and ${PER_PAGE_MAX}` })
  @Max(PER_PAGE_MAX, { message: `per_page must be an integer between 1 and ${PER_PAGE_MAX}` })
  per_page: number = PER_PAGE_DEFAULT;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

export const LIMIT_DEFAULT = 20;
export const LIMIT_MAX = 100;

const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;

const LIMIT_MESSAGE = `$property must be an integer between 1 and ${LIMIT_MAX}`;

/** `?limit=&cursor=` of the endpoint lists (newest first). */
export class CursorPageQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: LIMIT_MAX, default: LIMIT_DEFAULT })
  @IsOptional()
  @Transform(toInteger, { toClassOnly: true })
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(LIMIT_MAX, { message: LIMIT_MESSAGE })
  limit?: number;

  @ApiPropertyOptional({
    description: '`meta.next_cursor` of the previous page, unchanged',
    maxLength: 40,
    pattern: '^[a-z]{3}_[0-9a-z]{26}$',
  })
  @IsOptional()
  @IsString({ message: '$property must be a cursor from meta.next_cursor' })
  @Matches(/^[a-z]{3}_[0-9a-z]{26}$/, {
    message: '$property must be a cursor from meta.next_cursor',
  })
  cursor?: string;
}

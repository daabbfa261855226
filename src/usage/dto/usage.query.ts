import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/** `GET /v2/usage`. The dates are parsed by UsageService, which names the offending one. */
export class UsageQuery {
  @ApiPropertyOptional({
    description: 'First UTC day, included (`YYYY-MM-DD`); default: the first day of this month',
    example: '2026-11-01',
    format: 'date',
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  })
  @IsOptional()
  @IsString({ message: '$property must be a date (YYYY-MM-DD)' })
  from?: string;

  @ApiPropertyOptional({
    description:
      'Last UTC day, included (`YYYY-MM-DD`); default: the last day of this month. At most 366 days after `from`.',
    example: '2026-11-30',
    format: 'date',
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  })
  @IsOptional()
  @IsString({ message: '$property must be a date (YYYY-MM-DD)' })
  to?: string;
}

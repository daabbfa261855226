import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CATCH_UP_POLICIES, OVERLAP_POLICIES } from '../schedule.entity';
import {
  CatchUpField,
  CRON_MAX_LENGTH,
  CronField,
  DESCRIPTIONS,
  EnabledField,
  EXTERNAL_ID_MAX_LENGTH,
  ExternalIdField,
  JITTER_MS_MAX,
  JitterField,
  JsonObjectField,
  Optional,
  OverlapField,
  TIMEZONE_MAX_LENGTH,
  TimezoneField,
} from './schedule-fields';
import { IsDefined } from 'class-validator';

/** `POST /v2/agents/:id/schedules`. Unknown fields: 400. */
export class CreateScheduleDto {
  @ApiProperty({
    minLength: 1,
    maxLength: CRON_MAX_LENGTH,
    description: DESCRIPTIONS.cron,
    example: '0 9 * * MON-FRI',
  })
  @IsDefined({ message: 'cron is required' })
  @CronField()
  cron: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: TIMEZONE_MAX_LENGTH,
    default: 'UTC',
    description: DESCRIPTIONS.timezone,
    example: 'Europe/Berlin',
  })
  @Optional()
  @TimezoneField()
  timezone?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    default: {},
    description: DESCRIPTIONS.input,
    example: { report: 'weekly' },
  })
  @Optional()
  @JsonObjectField()
  input?: Record<string, unknown>;

  @ApiPropertyOptional({
    enum: OVERLAP_POLICIES,
    default: 'skip',
    description: DESCRIPTIONS.overlap,
  })
  @Optional()
  @OverlapField()
  overlap?: (typeof OVERLAP_POLICIES)[number];

  @ApiPropertyOptional({
    enum: CATCH_UP_POLICIES,
    default: 'last',
    description: DESCRIPTIONS.catch_up,
  })
  @Optional()
  @CatchUpField()
  catch_up?: (typeof CATCH_UP_POLICIES)[number];

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: JITTER_MS_MAX,
    default: 0,
    description: DESCRIPTIONS.jitter_ms,
  })
  @Optional()
  @JitterField()
  jitter_ms?: number;

  @ApiPropertyOptional({ default: true, description: DESCRIPTIONS.enabled })
  @Optional()
  @EnabledField()
  enabled?: boolean;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: EXTERNAL_ID_MAX_LENGTH,
    description: DESCRIPTIONS.external_id,
    example: 'customer-4711',
  })
  @Optional()
  @ExternalIdField()
  external_id?: string;
}

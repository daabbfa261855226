import { ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateIf } from 'class-validator';
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

/**
 * `PATCH /v2/schedules/:id`: at least one field (checked by the service), the rules of
 * create; `external_id: null` clears it.
 */
export class UpdateScheduleDto {
  @ApiPropertyOptional({
    minLength: 1,
    maxLength: CRON_MAX_LENGTH,
    description: `${DESCRIPTIONS.cron}. Applies from the next fire time`,
  })
  @Optional()
  @CronField()
  cron?: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: TIMEZONE_MAX_LENGTH,
    description: `${DESCRIPTIONS.timezone}. Applies from the next fire time`,
  })
  @Optional()
  @TimezoneField()
  timezone?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: DESCRIPTIONS.input,
  })
  @Optional()
  @JsonObjectField()
  input?: Record<string, unknown>;

  @ApiPropertyOptional({ enum: OVERLAP_POLICIES, description: DESCRIPTIONS.overlap })
  @Optional()
  @OverlapField()
  overlap?: (typeof OVERLAP_POLICIES)[number];

  @ApiPropertyOptional({ enum: CATCH_UP_POLICIES, description: DESCRIPTIONS.catch_up })
  @Optional()
  @CatchUpField()
  catch_up?: (typeof CATCH_UP_POLICIES)[number];

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: JITTER_MS_MAX,
    description: DESCRIPTIONS.jitter_ms,
  })
  @Optional()
  @JitterField()
  jitter_ms?: number;

  @ApiPropertyOptional({ description: DESCRIPTIONS.enabled })
  @Optional()
  @EnabledField()
  enabled?: boolean;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    minLength: 1,
    maxLength: EXTERNAL_ID_MAX_LENGTH,
    description: `${DESCRIPTIONS.external_id}; null clears it`,
  })
  @ValidateIf((_object: object, value: unknown) => value !== undefined && value !== null)
  @ExternalIdField()
  external_id?: string | null;
}

import { applyDecorators } from '@nestjs/common';
import { IsBoolean, IsIn, IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { CATCH_UP_POLICIES, OVERLAP_POLICIES } from '../schedule.entity';

export { Optional } from '../../common/validation';
export { JsonObjectField } from '../../agents/dto/agent-fields';

export const CRON_MAX_LENGTH = 255;
export const TIMEZONE_MAX_LENGTH = 64;
export const JITTER_MS_MAX = 3_600_000;
export const EXTERNAL_ID_MAX_LENGTH = 255;

export const CronField = () =>
  applyDecorators(
    IsString({ message: '$property must be a string' }),
    MinLength(1, { message: '$property must not be empty' }),
    MaxLength(CRON_MAX_LENGTH, {
      message: `$property must be at most ${CRON_MAX_LENGTH} characters`,
    }),
  );

export const TimezoneField = () =>
  applyDecorators(
    IsString({ message: '$property must be an IANA time zone name' }),
    MinLength(1, { message: '$property must be an IANA time zone name' }),
    MaxLength(TIMEZONE_MAX_LENGTH, {
      message: `$property must be at most ${TIMEZONE_MAX_LENGTH} characters`,
    }),
  );

export const OverlapField = () =>
  IsIn(OVERLAP_POLICIES, { message: `$property must be one of: ${OVERLAP_POLICIES.join(', ')}` });

export const CatchUpField = () =>
  IsIn(CATCH_UP_POLICIES, {
    message: `$property must be one of: ${CATCH_UP_POLICIES.join(', ')}`,
  });

export const JitterField = () =>
  applyDecorators(
    IsInt({ message: '$property must be an integer (milliseconds)' }),
    Min(0, { message: `$property must be between 0 and ${JITTER_MS_MAX}` }),
    Max(JITTER_MS_MAX, { message: `$property must be between 0 and ${JITTER_MS_MAX}` }),
  );

export const EnabledField = () => IsBoolean({ message: '$property must be true or false' });

export const ExternalIdField = () =>
  applyDecorators(
    IsString({ message: '$property must be a string' }),
    MinLength(1, { message: '$property must not be empty' }),
    MaxLength(EXTERNAL_ID_MAX_LENGTH, {
      message: `$property must be at most ${EXTERNAL_ID_MAX_LENGTH} characters`,
    }),
  );

/** The OpenAPI descriptions shared by create and update. */
export const DESCRIPTIONS = {
  cron: 'Five fields (minute precision), six with a seconds field first, or `@hourly`, `@daily`, `@weekly`, `@monthly`, `@yearly`; names, ranges, lists and steps as in crontab(5)',
  timezone:
    'An IANA zone name; fire times follow its wall clock (a local time that a DST change skips does not run that day; one that occurs twice runs once)',
  input: 'The input of every execution this schedule starts',
  overlap:
    '`skip`: a fire while the previous execution of this schedule is still queued, running or waiting starts nothing; `allow`: it starts anyway',
  catch_up:
    'Fire times missed (no worker ran, or more than 60 s late): `none` drops them, `last` runs the most recent once, `all` runs every one of the last 24 h, oldest first, at most 100',
  jitter_ms: 'Each fire is delayed by a random amount in [0, jitter_ms]',
  enabled: 'A disabled schedule fires nothing; times that pass meanwhile are not caught up',
  external_id:
    "The caller's own key (one schedule per customer of theirs): unique among the agent's schedules",
} as const;

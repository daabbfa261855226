import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsObject, IsString, Max, MaxLength, Min } from 'class-validator';
import { OpaqueJson } from '../../common/validation';
import { AGENT_STATUSES, WEBHOOK_AUTH_MODES } from '../agent.entity';

/** Bounds of `timeout_ms` (how long one run of the agent may take). */
export const TIMEOUT_MS_MIN = 1_000;
export const TIMEOUT_MS_MAX = 600_000;
export const TIMEOUT_MS_DEFAULT = 30_000;
export const NAME_MAX_LENGTH = 200;
/** A name has a character other than white space (it is trimmed, then must not be empty). */
export const NAME_PATTERN = '\\S';

export { Optional } from '../../common/validation';

/** A display name: a string, trimmed, 1..200 characters. */
export const AgentName = () =>
  applyDecorators(
    Transform(({ value }) => (typeof value === 'string' ? value.trim() : value), {
      toClassOnly: true,
    }),
    IsString({ message: '$property must be a string' }),
    IsNotEmpty({ message: '$property must not be empty' }),
    MaxLength(NAME_MAX_LENGTH, {
      message: `$property must be at most ${NAME_MAX_LENGTH} characters`,
    }),
  );

export const AgentStatusField = () =>
  IsIn(AGENT_STATUSES, { message: `$property must be one of: ${AGENT_STATUSES.join(', ')}` });

export const WebhookAuthField = () =>
  IsIn(WEBHOOK_AUTH_MODES, {
    message: `$property must be one of: ${WEBHOOK_AUTH_MODES.join(', ')}`,
  });

export const TimeoutMsField = () =>
  applyDecorators(
    IsInt({ message: '$property must be an integer (milliseconds)' }),
    Min(TIMEOUT_MS_MIN, {
      message: `$property must be between ${TIMEOUT_MS_MIN} and ${TIMEOUT_MS_MAX}`,
    }),
    Max(TIMEOUT_MS_MAX, {
      message: `$property must be between ${TIMEOUT_MS_MIN} and ${TIMEOUT_MS_MAX}`,
    }),
  );

/**
 * A JSON object (not an array), taken exactly as received: no class-transformer copy, and
 * keys such as "__proto__" or "constructor" stay data (see `OpaqueJson`).
 */
export const JsonObjectField = () =>
  applyDecorators(
    OpaqueJson(),
    Transform(({ obj, key }) => (obj as Record<string, unknown>)[key], { toClassOnly: true }),
    IsObject({ message: '$property must be a JSON object' }),
  );

import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';
import { OpaqueJson } from '../../common/validation';
import { AGENT_STATUSES, WEBHOOK_AUTH_MODES, WEBHOOK_SIGNATURE_FORMATS } from '../agent.entity';

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

/** Why `value` is not a valid `webhook_signature_formats`, or null when it is. */
export function webhookSignatureFormatsProblem(value: unknown): string | null {
  const allowed = WEBHOOK_SIGNATURE_FORMATS.join(', ');
  if (!Array.isArray(value) || value.length === 0) {
    return `must be a non-empty list of: ${allowed}`;
  }
  for (const format of value) {
    if (!(WEBHOOK_SIGNATURE_FORMATS as readonly unknown[]).includes(format)) {
      return `must list only: ${allowed}`;
    }
  }
  if (new Set(value).size !== value.length) return 'must not list a format twice';
  if (!value.includes('standard_webhooks')) {
    return 'must include standard_webhooks (the timestamped, replay-proof form): ["sha256", "standard_webhooks"] or ["standard_webhooks"]';
  }
  return null;
}

/** The values `webhook_signature_formats` takes (as the OpenAPI document lists them). */
export const SIGNATURE_FORMAT_CHOICES = [
  ['sha256', 'standard_webhooks'],
  ['standard_webhooks', 'sha256'],
  ['standard_webhooks'],
] as const;

/** `["sha256", "standard_webhooks"]` (either order) or `["standard_webhooks"]`. */
export const WebhookSignatureFormatsField = () =>
  ValidateBy({
    name: 'webhookSignatureFormats',
    validator: {
      validate: (value: unknown) => webhookSignatureFormatsProblem(value) === null,
      defaultMessage: (args) =>
        `${args?.property ?? 'webhook_signature_formats'} ${webhookSignatureFormatsProblem(args?.value)}`,
    },
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

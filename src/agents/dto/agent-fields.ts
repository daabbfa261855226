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

/** The OpenAPI schema of `flow` (checked by `checkFlow`, which names the bad field). */
export const FLOW_SCHEMA = {
  type: 'object',
  nullable: true,
  additionalProperties: false,
  description:
    'Flow control (docs: Flow control): `concurrency`, `throttle`, `debounce`, each with an optional `key`, a value over `$input` (`"{% $input.customer_id %}"`); null removes it',
  properties: {
    concurrency: {
      type: 'object',
      additionalProperties: false,
      required: ['limit'],
      description:
        'At most `limit` executions running at once, per key (waiting ones do not count)',
      properties: {
        limit: { type: 'integer', minimum: 1, maximum: 1000 },
        key: { description: 'A value over `$input`; failing or null: the null key' },
      },
    },
    throttle: {
      type: 'object',
      additionalProperties: false,
      required: ['limit', 'period_ms'],
      description: 'At most `limit` executions start in any `period_ms` window, per key',
      properties: {
        limit: { type: 'integer', minimum: 1, maximum: 10000 },
        period_ms: { type: 'integer', minimum: 1000, maximum: 86400000 },
        key: { description: 'A value over `$input`; failing or null: the null key' },
      },
    },
    debounce: {
      type: 'object',
      additionalProperties: false,
      required: ['period_ms'],
      description:
        'One pending execution per key: a trigger within `period_ms` replaces its input and restarts the period; it starts `period_ms` after the last trigger, or `max_wait_ms` after the first',
      properties: {
        period_ms: { type: 'integer', minimum: 100, maximum: 3600000 },
        key: { description: 'A value over `$input`; failing or null: the null key' },
        max_wait_ms: { type: 'integer', minimum: 100, maximum: 86400000 },
      },
    },
  },
  example: { concurrency: { limit: 1, key: '{% $input.customer_id %}' } },
} as const;

/** `flow`: a JSON object or null, taken as received (its fields are checked by the service). */
export const FlowField = () =>
  applyDecorators(
    OpaqueJson(),
    Transform(({ obj, key }) => (obj as Record<string, unknown>)[key], { toClassOnly: true }),
    ValidateBy({
      name: 'flowObject',
      validator: {
        validate: (value: unknown) =>
          value === null || (typeof value === 'object' && !Array.isArray(value)),
        defaultMessage: () => 'flow must be a JSON object or null',
      },
    }),
  );

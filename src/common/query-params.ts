import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

/** Only plain decimal digits count as an integer; anything else (arrays too) stays invalid. */
const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;

/**
 * An integer query parameter whose bounds are declared once: the same numbers drive the validation
 * (400 `invalid_request` naming the parameter) and the OpenAPI parameter's `minimum`, `maximum` and
 * `default` (docs/api.md, What the OpenAPI document states), so the two cannot drift.
 */
export function IntegerQuery(options: {
  minimum: number;
  maximum: number;
  default?: number;
  description?: string;
  /** Defaults to `<name> must be an integer between <minimum> and <maximum>`. */
  message?: string;
}): PropertyDecorator {
  const message =
    options.message ??
    `$property must be an integer between ${options.minimum} and ${options.maximum}`;
  return applyDecorators(
    ApiPropertyOptional({
      type: 'integer',
      minimum: options.minimum,
      maximum: options.maximum,
      ...(options.default !== undefined ? { default: options.default } : {}),
      ...(options.description ? { description: options.description } : {}),
    }),
    IsOptional(),
    Transform(toInteger, { toClassOnly: true }),
    IsInt({ message }),
    Min(options.minimum, { message }),
    Max(options.maximum, { message }),
  );
}

/**
 * A `cursor` query parameter: its `maxLength` and `pattern` are declared once, for the
 * validation and the OpenAPI parameter alike. What the pattern cannot check (a signature, the
 * cursor's own content) stays with the service, which answers 400 with `field: "cursor"` too.
 */
export function CursorQuery(options: {
  maxLength: number;
  minLength?: number;
  pattern: RegExp;
  description: string;
}): PropertyDecorator {
  const message = '$property must be a cursor from meta.next_cursor';
  return applyDecorators(
    ApiPropertyOptional({
      type: 'string',
      description: options.description,
      maxLength: options.maxLength,
      ...(options.minLength !== undefined ? { minLength: options.minLength } : {}),
      pattern: options.pattern.source,
    }),
    IsOptional(),
    IsString({ message }),
    MaxLength(options.maxLength, {
      message: `$property must be at most ${options.maxLength} characters (a meta.next_cursor value)`,
    }),
    Matches(options.pattern, { message }),
  );
}

import { ValidationError, ValidationPipe } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ApiError } from './api-error';

/** The first offending field of a validation result, dotted for nested ones. */
function firstError(
  errors: ValidationError[],
  parent = '',
): { field: string; message: string } | null {
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints && Object.keys(error.constraints).length > 0) {
      const [kind, message] = Object.entries(error.constraints)[0];
      if (kind === 'whitelistValidation') return { field, message: `Unknown field "${field}"` };
      return { field, message: message.replace(error.property, field) };
    }
    const nested = firstError(error.children ?? [], field);
    if (nested) return nested;
  }
  return null;
}

export function validationException(errors: ValidationError[]): ApiError {
  const first = firstError(errors) ?? { field: undefined, message: 'Invalid request' };
  return new ApiError('invalid_request', first.message, first.field);
}

/** Strict DTO validation: unknown fields are errors, values are converted to DTO types. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: validationException,
  });
}

/**
 * Validates a plain object against a DTO class with the same rules as the global pipe (for
 * callers outside HTTP, such as the CLI); throws the same 400 naming the first bad field.
 */
export async function validateDto<T extends object>(
  dto: new () => T,
  plain: Record<string, unknown>,
): Promise<T> {
  const instance = plainToInstance(dto, plain);
  const errors = await validate(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    stopAtFirstError: true,
  });
  if (errors.length > 0) throw validationException(errors);
  return instance;
}

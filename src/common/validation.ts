import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, ValidateIf } from 'class-validator';
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

/**
 * The field is optional, but when present it must be valid: unlike `@IsOptional()`, an
 * explicit `null` is a bad value (400 naming the field), not an absent field.
 */
export const Optional = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** Keys that name an object's prototype machinery rather than data. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** DTO properties whose value is JSON data taken as received (`input`, `config`). */
const OPAQUE_FIELDS = new Map<Function, Set<string>>();

/**
 * Marks a DTO property as JSON data to keep exactly as received: validated for its shape
 * (an object), never copied or rewritten by class-transformer or the pipe (see
 * `JsonObjectField`).
 */
export function OpaqueJson(): PropertyDecorator {
  return (target, property) => {
    const fields = OPAQUE_FIELDS.get(target.constructor) ?? new Set<string>();
    fields.add(String(property));
    OPAQUE_FIELDS.set(target.constructor, fields);
  };
}

/**
 * Runs `validate` on `plain` with its opaque JSON values (objects and arrays) swapped for
 * empty ones of the same kind, then gives them back to `plain` and to the result.
 * class-transformer would otherwise walk into them and take a key named "constructor" for
 * the class to build (a 500), and Nest's pipe deletes prototype keys from them in place
 * (silently rewriting the data). A top-level prototype key is an unknown field (400); below
 * the top, Nest's pipe strips them from everything that is not opaque data.
 */
async function withOpaqueJsonHeld<T>(
  dto: Function | undefined,
  plain: unknown,
  validate: () => Promise<T>,
): Promise<T> {
  if (plain === null || typeof plain !== 'object' || Array.isArray(plain)) return validate();
  for (const key of PROTOTYPE_KEYS) {
    if (Object.prototype.hasOwnProperty.call(plain, key)) {
      throw ApiError.invalid(key, `Unknown field "${key}"`);
    }
  }
  const record = plain as Record<string, unknown>;
  const opaque = (dto && OPAQUE_FIELDS.get(dto)) ?? new Set<string>();
  for (const [field, value] of Object.entries(record)) {
    if (!opaque.has(field)) refusePrototypeKeys(value, field);
  }
  const held = new Map<string, unknown>();
  for (const field of opaque) {
    const value = record[field];
    if (value === null || typeof value !== 'object') continue;
    held.set(field, value);
    record[field] = Array.isArray(value) ? [] : {};
  }
  try {
    const result = await validate();
    if (result && typeof result === 'object') {
      for (const [field, value] of held) (result as Record<string, unknown>)[field] = value;
    }
    return result;
  } finally {
    for (const [field, value] of held) record[field] = value;
  }
}

/**
 * Nest's pipe would delete a prototype key below the top of a body (`options.__proto__`) and
 * go on as if it had not been sent, where any other unknown field is 400: refuse it the same
 * way, naming its path. Opaque JSON data (`input`, `config`) is not walked: it is kept as sent.
 */
function refusePrototypeKeys(value: unknown, path: string): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => refusePrototypeKeys(item, `${path}[${index}]`));
    return;
  }
  for (const key of PROTOTYPE_KEYS) {
    if (Object.prototype.hasOwnProperty.call(value, key)) {
      throw ApiError.invalid(`${path}.${key}`, `Unknown field "${path}.${key}"`);
    }
  }
  for (const [key, child] of Object.entries(value)) refusePrototypeKeys(child, `${path}.${key}`);
}

class StrictValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (!metadata.metatype || !['body', 'query'].includes(metadata.type)) {
      return super.transform(value, metadata);
    }
    return withOpaqueJsonHeld(metadata.metatype, value, () => super.transform(value, metadata));
  }
}

/** Strict DTO validation: unknown fields are errors, values are converted to DTO types. */
export function createValidationPipe(): ValidationPipe {
  return new StrictValidationPipe({
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
  return withOpaqueJsonHeld(dto, plain, async () => {
    const instance = plainToInstance(dto, plain);
    const errors = await validate(instance, {
      whitelist: true,
      forbidNonWhitelisted: true,
      stopAtFirstError: true,
    });
    if (errors.length > 0) throw validationException(errors);
    return instance;
  });
}

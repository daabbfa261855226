import type { Type } from '@nestjs/common';
import { generateSchema, type SchemaObject } from '@nestjs/swagger';
import {
  getMetadataStorage,
  registerDecorator,
  validateSync,
  type ValidationError,
} from 'class-validator';
import { ConfigValidationError } from './agent-kind';

/**
 * An agent's `config` is an object of its kind's config class: a class whose properties carry
 * class-validator decorators (the rules) and `@ApiProperty()` (the documentation), like the
 * API's DTOs. Defaults are property initialisers.
 *
 * class-transformer is not used to build it: a config is user JSON in which a key such as
 * "constructor" is data (`{"headers": {"constructor": "x"}}`), and class-transformer takes that
 * key for the class to build (see `OpaqueJson` in common/validation.ts). The config's own
 * fields are copied onto a new instance instead, validated in place, then normalised
 * (`@Normalize()`).
 */

/** The normal form of a config field's value, once it is valid. */
type Normalizer = (value: never) => unknown;

/**
 * A check of a value that can name the part at fault: a message, or a message and a path
 * below the field (`{path: "X-A", ...}` on `headers` is reported as `config.headers.X-A`).
 */
export type ConfigProblem = string | { path: string; message: string } | undefined;
type Check = (value: unknown, field: string) => ConfigProblem;

const NORMALIZERS = new WeakMap<Function, Map<string, Normalizer>>();
const CHECKS = new WeakMap<Function, Map<string, Check>>();
const CONFIG_CHECK = 'configCheck';

function fieldMap<T>(store: WeakMap<Function, Map<string, T>>, target: Function): Map<string, T> {
  let map = store.get(target);
  if (!map) store.set(target, (map = new Map()));
  return map;
}

/**
 * Rewrites a field's value once it is valid (trim, lower-case...): what is stored with the
 * agent and what the kind's `run` receives. It sees only values that passed the field's
 * validators, and never a default.
 */
export function Normalize<T>(normalize: (value: T) => unknown): PropertyDecorator {
  return (target, property) => {
    fieldMap(NORMALIZERS, target.constructor).set(String(property), normalize as Normalizer);
  };
}

/**
 * A class-validator rule written as one function, for checks the built-in decorators cannot
 * express: it answers `undefined` when the value is valid, else what is wrong (and where).
 */
export function ConfigCheck(check: Check): PropertyDecorator {
  return (target, property) => {
    fieldMap(CHECKS, target.constructor).set(String(property), check);
    registerDecorator({
      name: CONFIG_CHECK,
      target: target.constructor,
      propertyName: String(property),
      validator: {
        validate: (value: unknown) => check(value, String(property)) === undefined,
        defaultMessage: (args) => problemOf(check(args?.value, String(property))).message,
      },
    });
  };
}

function problemOf(problem: ConfigProblem): { path?: string; message: string } {
  if (problem === undefined) return { message: 'invalid value' };
  return typeof problem === 'string' ? { message: problem } : problem;
}

/** The fields of a config class: the properties that carry a class-validator decorator. */
export function configFields(configClass: Type<object>): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(configClass, '', true, false);
  return [...new Set(metadata.map((entry) => entry.propertyName))];
}

/**
 * Validates a raw config against the kind's config class and returns it normalised, with
 * its defaults: a plain object of the fields that have a value. Throws
 * `ConfigValidationError` naming the first offending field (unknown fields first, then the
 * fields in the order the class declares them).
 */
export function parseKindConfig<T extends object>(
  configClass: Type<T>,
  raw: Record<string, unknown>,
): T {
  const fields = configFields(configClass);
  for (const key of Object.keys(raw)) {
    if (!fields.includes(key)) {
      throw new ConfigValidationError(
        key,
        `Unknown config field "${key}"; allowed: ${fields.join(', ')}`,
      );
    }
  }
  const config = new configClass() as Record<string, unknown>;
  const given = fields.filter((field) => Object.prototype.hasOwnProperty.call(raw, field));
  for (const field of given) config[field] = raw[field];
  const errors = validateSync(config, { stopAtFirstError: true, forbidUnknownValues: false });
  if (errors.length > 0) throw toConfigError(configClass, config, errors[0]);
  const normalizers = NORMALIZERS.get(configClass);
  for (const field of given) {
    const normalize = normalizers?.get(field);
    if (normalize && config[field] !== undefined) config[field] = normalize(config[field] as never);
  }
  return Object.fromEntries(
    Object.entries(config).filter(([, value]) => value !== undefined),
  ) as unknown as T;
}

/** The first failure of a validation error (nested ones dotted) as a ConfigValidationError. */
function toConfigError(
  configClass: Function,
  config: Record<string, unknown>,
  error: ValidationError,
  parent = '',
): ConfigValidationError {
  const path = parent ? `${parent}.${error.property}` : error.property;
  const [constraint, message] = Object.entries(error.constraints ?? {})[0] ?? [];
  if (constraint === CONFIG_CHECK && !parent) {
    const check = CHECKS.get(configClass)?.get(error.property);
    const problem = problemOf(check?.(config[error.property], error.property));
    return new ConfigValidationError(
      problem.path === undefined ? path : `${path}.${problem.path}`,
      message,
    );
  }
  if (message !== undefined) return new ConfigValidationError(path, message);
  const child = error.children?.[0];
  return child
    ? toConfigError(configClass, config, child, path)
    : new ConfigValidationError(path, `${path} is invalid`);
}

/**
 * The JSON Schema of a config class, from its `@ApiProperty()` decorators (the generator
 * `@nestjs/swagger` builds the OpenAPI document with). Unknown fields are refused, so the
 * schema says `additionalProperties: false`. `schemas` holds it under the class's name, with
 * any class it refers to.
 */
export function configSchemaOf(configClass: Type<object>): {
  schema: SchemaObject;
  schemas: Record<string, SchemaObject>;
} {
  const { schema, schemas } = generateSchema(configClass);
  const closed: SchemaObject = { ...schema, additionalProperties: false };
  return { schema: closed, schemas: { ...schemas, [configClass.name]: closed } };
}

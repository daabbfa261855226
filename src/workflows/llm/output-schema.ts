import type { default as Ajv, ValidateFunction } from 'ajv';
import { ConfigValidationError } from '../../kinds/agent-kind';
import { childPath, setOwn } from '../expressions/value';
import { isPlainObject } from '../fields';

/**
 * An `llm` step's `output_schema`, normalised to what OpenAI's strict structured output
 * accepts (docs/workflows.md "llm steps"), and its ajv validator, both made once per agent
 * version when the workflow is compiled.
 *
 * The rule: the root is an object; every object gets `additionalProperties: false` (any other
 * value is refused) and lists all its properties in `required`, a property that was optional
 * becoming nullable (`"type": "string"` → `["string", "null"]`, else `anyOf` with `null`);
 * a keyword outside KEYWORDS is refused at its path; at most 10 levels and 5000 properties.
 */
export interface OutputSchema {
  /** What the request carries as `response_format.json_schema.schema`. */
  readonly schema: Record<string, unknown>;
  readonly validate: ValidateFunction;
}

const KEYWORDS = new Set([
  '$schema',
  '$defs',
  'definitions',
  '$ref',
  'type',
  'title',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;

let instance: Ajv | undefined;

/**
 * The one ajv instance, made on the first schema: loading ajv costs the process about 8 MB,
 * which a service without `llm` steps (most, and every idle one) should not pay.
 */
function ajv(): Ajv {
  if (!instance) {
    // A synchronous, deferred load: schemas are compiled while a config is validated (sync).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { default: AjvClass } = require('ajv') as typeof import('ajv');
    instance = new AjvClass({ strict: false, validateFormats: false, allErrors: false });
  }
  return instance;
}

/**
 * A tool's `parameters` (any JSON Schema the provider accepts; not normalised): compiled once
 * per version to check the model's arguments before the tool is called.
 */
export function compileParameters(raw: Record<string, unknown>, path: string): ValidateFunction {
  try {
    return ajv().compile(raw);
  } catch (error) {
    throw new ConfigValidationError(
      path,
      `parameters is not a valid JSON Schema: ${(error as Error).message}`,
    );
  } finally {
    ajv().removeSchema(raw);
  }
}

export function compileOutputSchema(raw: unknown, path: string): OutputSchema {
  if (!isPlainObject(raw)) {
    throw new ConfigValidationError(path, 'output_schema must be a JSON Schema object');
  }
  if (raw.type !== 'object') {
    throw new ConfigValidationError(
      childPath(path, 'type'),
      'The root of output_schema must be "type": "object" (strict structured output)',
    );
  }
  const counter = { properties: 0 };
  const schema = normalise(raw, path, 0, counter);
  delete schema.$schema;
  let validate: ValidateFunction;
  try {
    validate = ajv().compile(schema);
  } catch (error) {
    throw new ConfigValidationError(
      path,
      `output_schema is not a valid JSON Schema: ${(error as Error).message}`,
    );
  } finally {
    // The validator stays usable; the instance must not keep every version's schema.
    ajv().removeSchema(schema);
  }
  return { schema, validate };
}

function normalise(
  raw: unknown,
  path: string,
  depth: number,
  counter: { properties: number },
): Record<string, unknown> {
  if (!isPlainObject(raw)) throw new ConfigValidationError(path, 'A schema must be an object');
  if (depth > MAX_DEPTH) {
    throw new ConfigValidationError(path, `output_schema may nest at most ${MAX_DEPTH} levels`);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!KEYWORDS.has(key)) {
      throw new ConfigValidationError(
        childPath(path, key),
        `"${key}" is not supported by strict structured output; supported: ${[...KEYWORDS].join(', ')}`,
      );
    }
    setOwn(out, key, value);
  }
  checkType(raw.type, childPath(path, 'type'));
  const sub = (value: unknown, at: string) => normalise(value, at, depth + 1, counter);
  for (const defs of ['$defs', 'definitions']) {
    if (raw[defs] === undefined) continue;
    if (!isPlainObject(raw[defs])) {
      throw new ConfigValidationError(childPath(path, defs), `${defs} must be an object`);
    }
    const normalised: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(raw[defs])) {
      setOwn(normalised, name, sub(value, childPath(childPath(path, defs), name)));
    }
    out[defs] = normalised;
  }
  if (raw.anyOf !== undefined) {
    if (!Array.isArray(raw.anyOf) || raw.anyOf.length === 0) {
      throw new ConfigValidationError(childPath(path, 'anyOf'), 'anyOf must be a non-empty array');
    }
    out.anyOf = raw.anyOf.map((value, index) =>
      sub(value, childPath(childPath(path, 'anyOf'), index)),
    );
  }
  if (raw.items !== undefined) out.items = sub(raw.items, childPath(path, 'items'));
  const isObject =
    raw.type === 'object' || (Array.isArray(raw.type) && raw.type.includes('object'));
  if (isObject || raw.properties !== undefined) normaliseObject(raw, out, path, sub, counter);
  return out;
}

function normaliseObject(
  raw: Record<string, unknown>,
  out: Record<string, unknown>,
  path: string,
  sub: (value: unknown, at: string) => Record<string, unknown>,
  counter: { properties: number },
): void {
  if (raw.additionalProperties !== undefined && raw.additionalProperties !== false) {
    throw new ConfigValidationError(
      childPath(path, 'additionalProperties'),
      'additionalProperties must be false (or left out) in strict structured output',
    );
  }
  const propertiesPath = childPath(path, 'properties');
  const properties = raw.properties ?? {};
  if (!isPlainObject(properties)) {
    throw new ConfigValidationError(propertiesPath, 'properties must be an object');
  }
  const required = raw.required ?? [];
  if (!Array.isArray(required) || required.some((name) => typeof name !== 'string')) {
    throw new ConfigValidationError(
      childPath(path, 'required'),
      'required must be an array of names',
    );
  }
  const normalised: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(properties)) {
    if (++counter.properties > MAX_PROPERTIES) {
      throw new ConfigValidationError(
        propertiesPath,
        `output_schema has more than ${MAX_PROPERTIES} properties`,
      );
    }
    if (name === '__proto__') {
      // ajv cannot validate it (it counts as an additional property).
      throw new ConfigValidationError(
        childPath(propertiesPath, name),
        'A property may not be named __proto__',
      );
    }
    const schema = sub(value, childPath(propertiesPath, name));
    setOwn(normalised, name, required.includes(name) ? schema : nullable(schema));
  }
  for (const name of required as string[]) {
    if (!Object.hasOwn(properties, name)) {
      throw new ConfigValidationError(
        childPath(path, 'required'),
        `"${name}" is required but not in properties`,
      );
    }
  }
  out.properties = normalised;
  out.required = Object.keys(normalised);
  out.additionalProperties = false;
}

/** An optional property as strict mode writes it: required, and null allowed. */
function nullable(schema: Record<string, unknown>): Record<string, unknown> {
  const type = schema.type;
  if (typeof type === 'string' && schema.enum === undefined && schema.const === undefined) {
    return type === 'null' ? schema : { ...schema, type: [type, 'null'] };
  }
  if (Array.isArray(type) && schema.enum === undefined && schema.const === undefined) {
    return type.includes('null') ? schema : { ...schema, type: [...(type as string[]), 'null'] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

function checkType(type: unknown, path: string): void {
  if (type === undefined) return;
  const list = Array.isArray(type) ? type : [type];
  if (list.length === 0 || list.some((name) => typeof name !== 'string' || !TYPES.has(name))) {
    throw new ConfigValidationError(
      path,
      `type must be one of ${[...TYPES].join(', ')} (or a list of them)`,
    );
  }
}

/**
 * The first problem of `value` against the schema, as `field: message` (for the step's
 * `invalid_llm_output` error; the value itself is never in it).
 */
export function describeSchemaError(validate: ValidateFunction): string {
  const error = validate.errors?.[0];
  if (!error) return 'the answer does not match output_schema';
  let at = error.instancePath;
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (params.missingProperty) at += `/${params.missingProperty}`;
  if (params.additionalProperty) at += `/${params.additionalProperty}`;
  return `${at === '' ? '(root)' : at} ${error.message ?? 'is invalid'}`;
}

import type { default as Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { ApiError } from '../common/api-error';
import { canonicalJson } from '../common/canonical-json';
import { growingLru } from '../common/growing-lru';

/**
 * An agent's `input_schema` (docs/api.md, Agents API): a JSON Schema of `"type": "object"`
 * that every input must satisfy, on every way in (REST trigger, webhook, MCP). It is checked
 * as a schema on create and update (ajv's meta-schema, then a compile, which also catches a
 * `$ref` that resolves nowhere); inputs are checked by a validator compiled once per distinct
 * schema and kept in a bounded cache.
 */

/**
 * The default of `lead-qualification` agents: the five canonical fields, none required and
 * none typed (the kind skips values that are not strings, and fails a run without an e-mail
 * with `invalid_input`), other properties allowed (the kind's aliases).
 */
export const LEAD_QUALIFICATION_INPUT_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  properties: {
    email: { description: "The lead's e-mail address (aliases: email_address, user_email)" },
    name: { description: "The lead's name (aliases: full_name, contact_name)" },
    company: { description: "The lead's company (aliases: company_name, organization)" },
    phone: { description: "The lead's phone number (aliases: phone_number, tel)" },
    message: { description: "The lead's message (aliases: content, body, inquiry)" },
  },
  additionalProperties: true,
};

/** The default `input_schema` of a new agent of `kind` (null: none). */
export function defaultInputSchema(kind: string): Record<string, unknown> | null {
  return kind === 'lead-qualification' ? structuredClone(LEAD_QUALIFICATION_INPUT_SCHEMA) : null;
}

/** Largest `input_schema` accepted, as JSON text. */
export const INPUT_SCHEMA_MAX_BYTES = 64 * 1024;
const CACHED_VALIDATORS = 1000;

let instance: Ajv | undefined;
const validators = growingLru<string, ValidateFunction>(CACHED_VALIDATORS);

/** One ajv instance, loaded on first use (about 8 MB a service without schemas never pays). */
function ajv(): Ajv {
  if (!instance) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { default: AjvClass } = require('ajv') as typeof import('ajv');
    instance = new AjvClass({ strict: false, validateFormats: false, allErrors: false });
  }
  return instance;
}

/**
 * `value` as an agent's `input_schema`: null, or a valid JSON Schema object whose root is
 * `"type": "object"` (an input is always an object, and MCP clients require it of a tool's
 * `inputSchema`). Anything else: 400 `invalid_request` with `field: "input_schema"`.
 */
export function checkInputSchema(value: unknown): Record<string, unknown> | null {
  if (value === null) return null;
  const refuse = (message: string) => ApiError.invalid('input_schema', message);
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw refuse('input_schema must be a JSON Schema object or null');
  }
  const schema = value as Record<string, unknown>;
  const text = JSON.stringify(schema);
  if (Buffer.byteLength(text) > INPUT_SCHEMA_MAX_BYTES) {
    throw refuse(`input_schema must be at most ${INPUT_SCHEMA_MAX_BYTES / 1024} KiB of JSON`);
  }
  if (schema.type !== 'object') {
    throw refuse('input_schema must have "type": "object" at its root (an input is an object)');
  }
  if (!ajv().validateSchema(schema)) {
    throw refuse(`input_schema is not a valid JSON Schema: ${ajv().errorsText(ajv().errors)}`);
  }
  compiled(schema);
  return schema;
}

/**
 * Checks `input` against the agent's schema (none: everything passes): 400
 * `invalid_request` with `field` `input` or `input.<path>` of the first problem.
 */
export function assertInputMatches(
  schema: Record<string, unknown> | null,
  input: Record<string, unknown>,
): void {
  const problem = inputProblem(schema, input);
  if (problem) throw ApiError.invalid(problem.field, problem.message);
}

/** The first problem of `input` against `schema` (`field`, `message`), or null. */
export function inputProblem(
  schema: Record<string, unknown> | null,
  input: Record<string, unknown>,
): { field: string; message: string } | null {
  if (schema === null) return null;
  const validate = compiled(schema);
  if (validate(input)) return null;
  const error = validate.errors?.[0];
  const field = error ? fieldOf(error) : 'input';
  return {
    field,
    message: `${field} ${error?.message ?? 'does not match the agent\u2019s input_schema'} (input_schema)`,
  };
}

function compiled(schema: Record<string, unknown>): ValidateFunction {
  const key = canonicalJson(schema);
  let validate = validators.get(key);
  if (!validate) {
    try {
      validate = ajv().compile(schema);
    } catch (error) {
      throw ApiError.invalid(
        'input_schema',
        `input_schema is not a valid JSON Schema: ${(error as Error).message}`,
      );
    } finally {
      // The validator stays usable; the instance must not keep every schema it compiled.
      ajv().removeSchema(schema);
    }
    validators.set(key, validate);
  }
  return validate;
}

/** `input.a.b[2]` for ajv's `/a/b/2` (and the property a `required` or `additionalProperties` names). */
function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const extra = params.missingProperty ?? params.additionalProperty;
  if (extra !== undefined) segments.push(extra);
  let field = 'input';
  for (const segment of segments) {
    field += /^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`;
  }
  return field;
}

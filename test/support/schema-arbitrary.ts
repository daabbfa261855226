import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schema 2020-12 subset the OpenAPI document uses
 * (`type` and type unions, `enum`, `const`, bounds, lengths, `pattern`, the formats `uri`,
 * `date`, `date-time`, objects with `required` and `additionalProperties`, arrays with
 * `minItems`/`maxItems`/`uniqueItems`, `oneOf`/`anyOf`, local `$ref`). Written here for want of
 * a maintained schema-to-fast-check package that installs on this stack (STACK-NOTES lists
 * none); the values are meant to be valid, and the property test checks each one with ajv
 * against the same schema before sending it, so a generator bug shows as a failed check,
 * never as a false verdict on the server.
 */
// Schemas are untyped JSON, read by keyword.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Schema = Record<string, any>;

const LOCAL = '#/components/schemas/';
/** Generated strings and arrays stay short: bounds are probed by openapi-constraints. */
const MAX_STRING = 24;
const MAX_ITEMS = 3;
/** How deep `$ref`s are followed (recursive schemas, such as workflow steps). */
const MAX_DEPTH = 6;

const json = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
/** Any small JSON object (an opaque `input`, `config` or payload). */
export const anyObject = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), json, {
  maxKeys: 4,
});

const date = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2099-12-31T00:00:00Z'),
  noInvalidDate: true,
});

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING));
  const fits = (value: string) =>
    value.length >= minLength && value.length <= (schema.maxLength ?? Infinity);
  switch (schema.format) {
    case 'uri':
      return fc.webUrl({ size: 'small' }).filter(fits);
    case 'date':
      return date.map((value) => value.toISOString().slice(0, 10));
    case 'date-time':
      return date.map((value) => value.toISOString());
  }
  if (schema.pattern) return matching(schema.pattern).filter(fits);
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

function numberOf(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.exclusiveMinimum ?? schema.minimum;
  const max = schema.exclusiveMaximum ?? schema.maximum;
  if (integer) {
    return fc
      .integer({
        min: min === undefined ? -1e6 : Math.ceil(min),
        max: max === undefined ? 1e6 : Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER),
      })
      .filter((value) => value !== schema.exclusiveMinimum && value !== schema.exclusiveMaximum);
  }
  return fc
    .double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true })
    .filter((value) => value !== schema.exclusiveMinimum && value !== schema.exclusiveMaximum)
    .map((value) => (Object.is(value, -0) ? 0 : value));
}

/**
 * Valid values of `schema`; `null` when none can be made within the depth budget (a required
 * recursive part), so a `oneOf` drops that alternative.
 */
export function arbitraryOf(
  schema: Schema,
  schemas: Record<string, Schema>,
  depth = 0,
): fc.Arbitrary<unknown> | null {
  if (typeof schema.$ref === 'string') {
    if (depth >= MAX_DEPTH) return null;
    return arbitraryOf(schemas[schema.$ref.slice(LOCAL.length)], schemas, depth + 1);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(alternatives)) {
    const options = alternatives
      .map((alternative: Schema) => arbitraryOf(alternative, schemas, depth))
      .filter((option): option is fc.Arbitrary<unknown> => option !== null);
    return options.length > 0 ? fc.oneof(...options) : null;
  }
  const types: string[] = Array.isArray(schema.type)
    ? schema.type
    : schema.type
      ? [schema.type]
      : schema.properties
        ? ['object']
        : [];
  if (types.length === 0) return json; // any JSON value
  const options = types
    .map((type) => arbitraryOfType(type, schema, schemas, depth))
    .filter((option): option is fc.Arbitrary<unknown> => option !== null);
  return options.length > 0 ? fc.oneof(...options) : null;
}

function arbitraryOfType(
  type: string,
  schema: Schema,
  schemas: Record<string, Schema>,
  depth: number,
): fc.Arbitrary<unknown> | null {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringOf(schema);
    case 'integer':
    case 'number':
      return numberOf(schema, type === 'integer');
    case 'array': {
      const items = schema.items ? arbitraryOf(schema.items, schemas, depth) : json;
      const minLength = schema.minItems ?? 0;
      if (!items) return minLength === 0 ? fc.constant([]) : null;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS));
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema, schemas, depth);
    default:
      throw new Error(`no arbitrary for type ${type}`);
  }
}

function objectOf(
  schema: Schema,
  schemas: Record<string, Schema>,
  depth: number,
): fc.Arbitrary<unknown> | null {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set<string>(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    const arbitrary = arbitraryOf(property, schemas, depth);
    if (arbitrary) model[name] = arbitrary;
    else if (required.has(name)) return null;
  }
  if (Object.keys(properties).length === 0 && schema.additionalProperties !== false) {
    const values =
      typeof schema.additionalProperties === 'object'
        ? arbitraryOf(schema.additionalProperties, schemas, depth)
        : json;
    if (!values) return null;
    const keys = schema.propertyNames?.pattern
      ? matching(schema.propertyNames.pattern).filter((key) => key.length <= 16)
      : fc.string({ minLength: 1, maxLength: 8 });
    return fc.dictionary(keys, values, {
      minKeys: schema.minProperties ?? 0,
      maxKeys: 4,
    });
  }
  return fc
    .record(model, { requiredKeys: [...required].filter((name) => name in model) })
    .filter((value) => Object.keys(value).length >= (schema.minProperties ?? 0));
}

/**
 * Strings matching `pattern`. fast-check cannot generate from a lookahead, so a leading
 * `^(?!…)` (a pattern that excludes some names) is applied as a filter on the rest.
 */
function matching(pattern: string): fc.Arbitrary<string> {
  const full = new RegExp(pattern);
  const lookahead = /^\^\(\?!(?:[^()]|\([^()]*\))*\)/.exec(pattern);
  if (!lookahead) return fc.stringMatching(full);
  const rest = new RegExp(`^${pattern.slice(lookahead[0].length)}`);
  return fc.stringMatching(rest).filter((value) => full.test(value));
}

import fc from 'fast-check';
import { arbitraryOf, type Schema } from './schema-arbitrary';

/**
 * What the OpenAPI property test sends: for one operation of the document, requests the
 * document allows (query and JSON body generated from its schemas) and variants of them the
 * document forbids, each with the field the server must name.
 */
const LOCAL = '#/components/schemas/';

export interface Operation {
  method: string;
  path: string;
  op: Schema;
  /** The JSON body's schema, references resolved one level (closed objects, `oneOf`). */
  body?: Schema;
  query: { name: string; required: boolean; schema: Schema }[];
}

export interface Request {
  /** An array parameter's values are sent as the parameter repeated (`tag=a&tag=b`). */
  query: Record<string, string | string[]>;
  body?: unknown;
}

export interface Forbidden extends Request {
  what: string;
  /** The field the 400 names (dotted for nested ones). */
  field: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of `paths` that takes a JSON body or query parameters. */
export function operationsWithInput(doc: Schema): Operation[] {
  const list: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Schema)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const body = op.requestBody?.content?.['application/json']?.schema;
      const query = (op.parameters ?? [])
        .filter((parameter: Schema) => parameter.in === 'query')
        .map((parameter: Schema) => ({
          name: parameter.name,
          required: parameter.required === true,
          schema: parameter.schema,
        }));
      if (body || query.length > 0) list.push({ method, path, op, body, query });
    }
  }
  return list;
}

export const resolve = (schema: Schema, schemas: Record<string, Schema>): Schema =>
  typeof schema?.$ref === 'string'
    ? resolve(schemas[schema.$ref.slice(LOCAL.length)], schemas)
    : schema;

/** Query strings are text: generated values become their JSON text (strings as is). */
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Requests the document allows for `operation` (`omit`: query parameters left out). */
export function allowedRequests(
  operation: Operation,
  schemas: Record<string, Schema>,
  omit: string[] = [],
): fc.Arbitrary<Request> {
  const query: Record<string, fc.Arbitrary<string | string[]>> = {};
  const required: string[] = [];
  for (const parameter of operation.query) {
    if (omit.includes(parameter.name)) continue;
    const arbitrary = arbitraryOf(parameter.schema, schemas);
    if (!arbitrary) throw new Error(`no values for query ${parameter.name}`);
    query[parameter.name] =
      parameter.schema.type === 'array'
        ? arbitrary.map((values) => (values as unknown[]).map(text))
        : arbitrary.map(text);
    if (parameter.required) required.push(parameter.name);
  }
  const body = operation.body ? arbitraryOf(operation.body, schemas) : fc.constant(undefined);
  if (!body) throw new Error(`no values for the body of ${operation.path}`);
  return fc.record({
    query: fc.record(query, { requiredKeys: required }) as fc.Arbitrary<
      Record<string, string | string[]>
    >,
    body,
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A query as sent: each value of an array parameter as the parameter repeated. */
export function queryString(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  }
  return params.toString();
}

/** Values of the wrong JSON type, and past each bound, for a property's schema. */
function spoiled(schema: Schema): { what: string; value: unknown }[] {
  const values: { what: string; value: unknown }[] = [
    { what: 'null', value: null },
    { what: 'a string', value: 'x' },
    { what: 'a number', value: 1.5 },
    { what: 'a boolean', value: true },
    { what: 'an array', value: [] },
    { what: 'an object', value: { x: 1 } },
  ];
  if (typeof schema.maximum === 'number')
    values.push({ what: 'over maximum', value: schema.maximum + 1 });
  if (typeof schema.minimum === 'number')
    values.push({ what: 'under minimum', value: schema.minimum - 1 });
  if (typeof schema.maxLength === 'number') {
    values.push({ what: 'over maxLength', value: 'x'.repeat(schema.maxLength + 1) });
  }
  if (typeof schema.minLength === 'number' && schema.minLength > 0) {
    values.push({ what: 'under minLength', value: 'x'.repeat(schema.minLength - 1) });
  }
  if (Array.isArray(schema.enum)) values.push({ what: 'not in enum', value: 'not-a-value' });
  if (typeof schema.minItems === 'number' && schema.minItems > 0) {
    values.push({ what: 'under minItems', value: [] });
  }
  if (schema.format === 'uri') values.push({ what: 'not a URI', value: 'not a uri' });
  return values;
}

/**
 * Variants of a valid body the document forbids (the caller keeps those ajv also finds
 * invalid): an unknown property in a closed object, each required property missing, each
 * property of the wrong type or past a bound. Nested closed objects (`options`) too.
 */
export function forbiddenBodies(
  body: unknown,
  schema: Schema,
  schemas: Record<string, Schema>,
  prefix = '',
): Forbidden[] {
  const resolved = resolve(schema, schemas);
  if (!isObject(body) || !resolved?.properties) return [];
  const list: Forbidden[] = [];
  const at = (name: string) => `${prefix}${name}`;
  if (resolved.additionalProperties === false) {
    list.push({
      what: 'unknown property',
      field: at('unexpected_field'),
      query: {},
      body: { ...body, unexpected_field: 1 },
    });
  }
  for (const name of resolved.required ?? []) {
    const { [name]: _dropped, ...rest } = body;
    list.push({ what: `missing ${name}`, field: at(name), query: {}, body: rest });
  }
  for (const [name, property] of Object.entries(resolved.properties as Record<string, Schema>)) {
    const target = resolve(property, schemas);
    for (const { what, value } of spoiled(target ?? {})) {
      list.push({
        what: `${name} ${what}`,
        field: at(name),
        query: {},
        body: { ...body, [name]: value },
      });
    }
    if (isObject(body[name]) && target?.additionalProperties === false) {
      for (const nested of forbiddenBodies(body[name], target, schemas, `${at(name)}.`)) {
        list.push({ ...nested, body: { ...body, [name]: nested.body } });
      }
    }
  }
  return list;
}

/** Query values the document forbids, per parameter: past its bounds, the wrong type. */
export function forbiddenQueries(operation: Operation): Forbidden[] {
  const list: Forbidden[] = [];
  for (const { name, schema } of operation.query) {
    const values: string[] = ['', 'not a value'];
    if (schema.type === 'integer') values.push('1.5', '1e400', '0x10');
    if (typeof schema.maximum === 'number') values.push(String(schema.maximum + 1));
    if (typeof schema.minimum === 'number') values.push(String(schema.minimum - 1));
    if (typeof schema.maxLength === 'number') values.push('A'.repeat(schema.maxLength + 1));
    for (const value of values) {
      list.push({ what: `${name}=${value.slice(0, 20)}`, field: name, query: { [name]: value } });
    }
  }
  return list;
}

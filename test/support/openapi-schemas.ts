import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

/**
 * The Schema Objects of an OpenAPI 3.1 document as JSON Schema 2020-12 (its dialect), checked
 * and used with ajv: swagger-parser validates the document's structure against the official
 * 3.1 schema, which leaves Schema Objects unchecked. ajv in strict mode refuses keywords
 * outside 2020-12 and the OpenAPI vocabulary (`discriminator`, `xml`, `externalDocs`,
 * `example`), so a 3.0 leftover (`nullable`) is reported instead of silently ignored.
 */
// The document is untyped JSON, read by path.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const BASE = 'https://openapi.invalid/components/schemas/';
const LOCAL = '#/components/schemas/';
const OPENAPI_KEYWORDS = ['discriminator', 'xml', 'externalDocs', 'example'];
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose value is data (never a schema), and those whose value maps names to schemas. */
const DATA = new Set(['enum', 'const', 'default', 'example', 'examples']);
const NAMED = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/** A copy of a schema with the document's local references made absolute for ajv. */
function absolute(node: unknown, named = false): unknown {
  if (Array.isArray(node)) return node.map((item) => absolute(item));
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (named) return [key, absolute(value)];
      if (key === '$ref' && typeof value === 'string' && value.startsWith(LOCAL)) {
        return [key, BASE + value.slice(LOCAL.length)];
      }
      return [key, DATA.has(key) ? value : absolute(value, NAMED.has(key))];
    }),
  );
}

/** Every extension keyword (`x-…`) used in schemas, which ajv must be told about. */
function extensionKeywords(node: unknown, found = new Set<string>(), named = false): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => extensionKeywords(item, found));
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (!named && key.startsWith('x-')) found.add(key);
      else if (named || !DATA.has(key)) extensionKeywords(value, found, !named && NAMED.has(key));
    }
  }
  return found;
}

/** ajv (2020-12, strict) knowing the document's component schemas and the formats it uses. */
export function documentAjv(doc: Json): Ajv2020 {
  const ajv = strictAjv(doc);
  for (const [name, schema] of Object.entries((doc.components?.schemas ?? {}) as Json)) {
    ajv.addSchema(absolute(schema) as Json, BASE + name);
  }
  return ajv;
}

/**
 * ajv (2020-12, strict) that knows no schema but the one it compiles: the OpenAPI keywords,
 * the extension keywords found in `schemas` and the formats the service uses.
 */
export function strictAjv(schemas: unknown): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    strictTypes: false, // `minimum` beside a type union is fine
    strictRequired: false,
    allowUnionTypes: true,
    allErrors: false,
  });
  // ajv knows OpenAPI 3.0's `nullable` by default: 3.1 has no such keyword.
  ajv.removeKeyword('nullable');
  for (const keyword of [...OPENAPI_KEYWORDS, ...extensionKeywords(schemas)]) {
    ajv.addKeyword(keyword);
  }
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('date-time', (value: string) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value),
  );
  ajv.addFormat('uri', (value: string) => URL.canParse(value));
  return ajv;
}

/** A validator of one schema of the document (inline or a reference). */
export function compileSchema(ajv: Ajv2020, schema: Json): ValidateFunction {
  if (typeof schema.$ref === 'string' && Object.keys(schema).length === 1) {
    const found = ajv.getSchema(BASE + schema.$ref.slice(LOCAL.length));
    if (!found) throw new Error(`unknown schema ${schema.$ref}`);
    return found;
  }
  return ajv.compile(absolute(schema) as Json);
}

/** Every inline schema of the operations (parameters, bodies, responses) and of `webhooks`. */
function operationSchemas(doc: Json): { where: string; schema: Json }[] {
  const found: { where: string; schema: Json }[] = [];
  const media = (content: unknown, where: string) => {
    for (const [type, entry] of Object.entries(isObject(content) ? content : {})) {
      if (isObject(entry?.schema)) found.push({ where: `${where} ${type}`, schema: entry.schema });
    }
  };
  const visitItem = (item: Json, where: string) => {
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const at = `${method.toUpperCase()} ${where}`;
      for (const parameter of operation.parameters ?? []) {
        if (isObject(parameter.schema)) {
          found.push({
            where: `${at} ${parameter.in} ${parameter.name}`,
            schema: parameter.schema,
          });
        }
      }
      media(operation.requestBody?.content, `${at} body`);
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Json)) {
        media(response.content, `${at} ${status}`);
      }
      for (const callback of Object.values((operation.callbacks ?? {}) as Json)) {
        for (const [expression, callbackItem] of Object.entries(callback as Json)) {
          visitItem(callbackItem as Json, `${at} callback ${expression}`);
        }
      }
    }
  };
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Json)) visitItem(item, path);
  for (const [name, item] of Object.entries((doc.webhooks ?? {}) as Json)) visitItem(item, name);
  return found;
}

/** Every schema of the document that is not valid 2020-12 (strict), as readable strings. */
export function schemaProblems(doc: Json): string[] {
  const problems: string[] = [];
  let ajv: Ajv2020;
  try {
    ajv = documentAjv(doc);
    for (const name of Object.keys((doc.components?.schemas ?? {}) as Json)) {
      try {
        compileSchema(ajv, { $ref: LOCAL + name });
      } catch (error) {
        problems.push(`${LOCAL}${name}: ${(error as Error).message}`);
      }
    }
  } catch (error) {
    return [`components: ${(error as Error).message}`];
  }
  for (const { where, schema } of operationSchemas(doc)) {
    try {
      compileSchema(ajv, schema);
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  }
  return problems;
}

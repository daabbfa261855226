import type { SchemaObject } from '@nestjs/swagger';

const COMPONENTS = '#/components/schemas/';
const DEFS = '#/$defs/';
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** Keywords whose value is data, never a schema (a `$ref` key inside is not a reference). */
const DATA = new Set(['enum', 'const', 'default', 'example', 'examples']);
/** Keywords whose value maps names (any name: `default`, `enum`…) to schemas. */
const NAMED = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A schema that stands alone (`GET /v2/agent-kinds`): every `#/components/schemas/<Name>` it
 * reaches, directly or through another, copied into its `$defs` and referred to as
 * `#/$defs/<Name>` (a `discriminator` mapping too), with `$schema` the 2020-12 dialect of
 * the OpenAPI document. `components` holds the schemas a reference may name; naming one it
 * lacks is a programming error.
 */
export function standaloneSchema(
  schema: SchemaObject,
  components: Readonly<Record<string, SchemaObject>>,
): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  const pending: string[] = [];
  const local = (target: string): string => {
    if (!target.startsWith(COMPONENTS)) return target;
    const name = target.slice(COMPONENTS.length);
    if (!(name in components)) throw new Error(`Unknown schema ${target}`);
    if (!(name in defs)) {
      defs[name] = null;
      pending.push(name);
    }
    return DEFS + name;
  };
  const rewrite = (node: unknown, named = false): unknown => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item));
    if (!isObject(node)) return node;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (named) copy[key] = rewrite(value);
      else if (key === '$ref' && typeof value === 'string') copy[key] = local(value);
      else if (key === 'discriminator' && isObject(value) && isObject(value.mapping)) {
        const mapping = Object.entries(value.mapping).map(([tag, target]) => [
          tag,
          typeof target === 'string' ? local(target) : target,
        ]);
        copy[key] = { ...value, mapping: Object.fromEntries(mapping) };
      } else copy[key] = DATA.has(key) ? value : rewrite(value, NAMED.has(key));
    }
    return copy;
  };
  const root = rewrite(schema) as Record<string, unknown>;
  for (let name = pending.shift(); name !== undefined; name = pending.shift()) {
    defs[name] = rewrite(components[name]);
  }
  const names = Object.keys(defs).sort();
  return {
    $schema: JSON_SCHEMA_DIALECT,
    ...root,
    ...(names.length > 0 ? { $defs: Object.fromEntries(names.map((n) => [n, defs[n]])) } : {}),
  };
}

import type { OpenAPIObject, SchemaObject } from '@nestjs/swagger';

const METHODS = ['post', 'put', 'patch'] as const;
const PREFIX = '#/components/schemas/';

/**
 * What the validation pipe enforces on every JSON body (docs/api.md, What the OpenAPI document
 * states), stated in the document: a DTO body, and the DTOs nested in it, refuse unknown fields
 * (`forbidNonWhitelisted`), so their schemas are `additionalProperties: false` unless they say
 * otherwise (opaque JSON such as `input` or `config` is a property with its own
 * `additionalProperties: true`); a PATCH body without required fields must set at least one
 * (`minProperties: 1`), as each PATCH route answers 400 to an empty body.
 */
export function closeRequestBodies(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaObject>;
  const closed = new Set<string>();
  const close = (name: string) => {
    const schema = schemas[name];
    if (!schema || closed.has(name)) return;
    closed.add(name);
    if (schema.type === 'object' || schema.properties) {
      schema.additionalProperties ??= false;
    }
    for (const property of Object.values(schema.properties ?? {})) {
      const ref = (property as { $ref?: string }).$ref ?? (property as SchemaObject).items;
      const target = typeof ref === 'string' ? ref : (ref as { $ref?: string } | undefined)?.$ref;
      if (target?.startsWith(PREFIX)) close(target.slice(PREFIX.length));
    }
  };
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      const body = operation?.requestBody as
        { content?: Record<string, { schema?: { $ref?: string } }> } | undefined;
      const ref = body?.content?.['application/json']?.schema?.$ref;
      if (!ref?.startsWith(PREFIX)) continue;
      const name = ref.slice(PREFIX.length);
      close(name);
      const schema = schemas[name];
      if (method === 'patch' && schema && !schema.required?.length) schema.minProperties ??= 1;
    }
  }
}

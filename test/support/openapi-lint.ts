/**
 * A structural check of an OpenAPI 3.1 document, beside swagger-parser (which validates the
 * document against the official 3.1 schema but not its Schema Objects): the rules of the
 * OpenAPI 3.1.0 specification that a generated document can break (reference resolution,
 * path templating, parameters, responses, security, `webhooks`), and Schema Objects that
 * use only JSON Schema 2020-12 and OpenAPI keywords, so no 3.0 spelling survives (`nullable`,
 * boolean `exclusiveMinimum`). Returns every problem found, as readable strings.
 */
type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const PATH_ITEM_KEYS = new Set([
  ...METHODS,
  '$ref',
  'summary',
  'description',
  'servers',
  'parameters',
]);
const OPERATION_KEYS = new Set([
  'tags',
  'summary',
  'description',
  'externalDocs',
  'operationId',
  'parameters',
  'requestBody',
  'responses',
  'callbacks',
  'deprecated',
  'security',
  'servers',
]);
const SCHEMA_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
const SCHEMA_KEYS = new Set([
  'title',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'type',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'items',
  'properties',
  'additionalProperties',
  'propertyNames',
  'description',
  'format',
  'default',
  'const',
  'examples',
  'discriminator',
  'readOnly',
  'writeOnly',
  'xml',
  'externalDocs',
  'example',
  'deprecated',
  '$ref',
]);
const COMPONENT_NAME = /^[a-zA-Z0-9._-]+$/;
const STATUS_KEY = /^([1-5][0-9][0-9]|[1-5]XX|default)$/;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function lintOpenApi(doc: Json): string[] {
  const problems: string[] = [];
  const fail = (where: string, what: string) => problems.push(`${where}: ${what}`);

  const resolvePointer = (ref: string): unknown => {
    if (!ref.startsWith('#/')) return undefined;
    let node: unknown = doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObject(node) || !(key in node)) return undefined;
      node = node[key];
    }
    return node;
  };
  const deref = (value: unknown, where: string): Json | undefined => {
    if (isObject(value) && typeof value.$ref === 'string') {
      const target = resolvePointer(value.$ref);
      if (!isObject(target)) {
        fail(where, `unresolved $ref ${value.$ref}`);
        return undefined;
      }
      return target;
    }
    return isObject(value) ? value : undefined;
  };

  // Every $ref anywhere must resolve inside the document.
  const walkRefs = (node: unknown, where: string) => {
    if (Array.isArray(node)) node.forEach((item, i) => walkRefs(item, `${where}[${i}]`));
    else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref') {
          if (typeof value !== 'string' || resolvePointer(value) === undefined) {
            fail(where, `unresolved $ref ${String(value)}`);
          }
        } else if (key !== 'example' && key !== 'examples' && key !== 'default') {
          walkRefs(value, `${where}/${key}`);
        }
      }
    }
  };
  walkRefs(doc, '#');

  const checkSchema = (schema: unknown, where: string) => {
    if (!isObject(schema)) return fail(where, 'schema must be an object');
    if (typeof schema.$ref === 'string') return;
    for (const key of Object.keys(schema)) {
      if (!SCHEMA_KEYS.has(key) && !key.startsWith('x-'))
        fail(where, `unknown schema keyword "${key}"`);
    }
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (
      schema.type !== undefined &&
      (types.length === 0 || types.some((type) => !SCHEMA_TYPES.has(type as string)))
    ) {
      fail(where, `invalid type ${JSON.stringify(schema.type)}`);
    }
    if (types.includes('array') && schema.items === undefined) fail(where, 'array without items');
    for (const key of ['exclusiveMinimum', 'exclusiveMaximum']) {
      if (schema[key] !== undefined && typeof schema[key] !== 'number') {
        fail(where, `${key} must be a number (OpenAPI 3.1)`);
      }
    }
    if (schema.examples !== undefined && !Array.isArray(schema.examples)) {
      fail(where, 'examples of a schema must be an array');
    }
    if (schema.items !== undefined) checkSchema(schema.items, `${where}/items`);
    if (schema.enum !== undefined && (!Array.isArray(schema.enum) || schema.enum.length === 0)) {
      fail(where, 'enum must be a non-empty array');
    }
    if (schema.required !== undefined) {
      if (!Array.isArray(schema.required) || schema.required.length === 0) {
        fail(where, 'required must be a non-empty array');
      } else if (isObject(schema.properties)) {
        for (const name of schema.required) {
          if (!(name in schema.properties)) fail(where, `required "${name}" is not a property`);
        }
      }
    }
    if (schema.properties !== undefined) {
      if (!isObject(schema.properties)) fail(where, 'properties must be an object');
      else {
        for (const [name, property] of Object.entries(schema.properties)) {
          checkSchema(property, `${where}/properties/${name}`);
        }
      }
    }
    if (isObject(schema.additionalProperties)) {
      checkSchema(schema.additionalProperties, `${where}/additionalProperties`);
    }
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      const list = schema[key];
      if (list === undefined) continue;
      if (!Array.isArray(list) || list.length === 0)
        fail(where, `${key} must be a non-empty array`);
      else list.forEach((item, i) => checkSchema(item, `${where}/${key}/${i}`));
    }
  };

  const checkMedia = (content: unknown, where: string) => {
    if (!isObject(content) || Object.keys(content).length === 0) {
      return fail(where, 'content must map at least one media type');
    }
    for (const [type, media] of Object.entries(content)) {
      if (!/^[\w.+-]+\/[\w.+*-]+$/.test(type)) fail(where, `invalid media type ${type}`);
      if (!isObject(media)) fail(`${where}/${type}`, 'media type object expected');
      else {
        if (media.schema !== undefined) checkSchema(media.schema, `${where}/${type}/schema`);
        if (media.example !== undefined && media.examples !== undefined) {
          fail(`${where}/${type}`, 'example and examples are mutually exclusive');
        }
        if (media.examples !== undefined) {
          if (!isObject(media.examples)) fail(`${where}/${type}`, 'examples must be a map');
          else {
            for (const [name, example] of Object.entries(media.examples)) {
              const resolved = deref(example, `${where}/${type}/examples/${name}`);
              if (resolved && !('value' in resolved) && !('externalValue' in resolved)) {
                fail(`${where}/${type}/examples/${name}`, 'example without value');
              }
            }
          }
        }
      }
    }
  };

  if (typeof doc.openapi !== 'string' || !/^3\.1\.[0-1]$/.test(doc.openapi)) {
    fail('#/openapi', `must be 3.1.x, got ${JSON.stringify(doc.openapi)}`);
  }
  const info = doc.info;
  if (!isObject(info) || typeof info.title !== 'string' || typeof info.version !== 'string') {
    fail('#/info', 'title and version are required strings');
  }
  const checkServers = (servers: unknown, where: string) => {
    if (servers === undefined) return;
    if (!Array.isArray(servers)) return fail(where, 'servers must be an array');
    servers.forEach((server, i) => {
      if (!isObject(server) || typeof server.url !== 'string' || server.url === '') {
        fail(`${where}[${i}]`, 'server url is required');
      }
    });
  };
  checkServers(doc.servers, '#/servers');

  const components = isObject(doc.components) ? doc.components : {};
  for (const [section, entries] of Object.entries(components)) {
    if (!isObject(entries)) {
      fail(`#/components/${section}`, 'must be a map');
      continue;
    }
    for (const name of Object.keys(entries)) {
      if (!COMPONENT_NAME.test(name)) fail(`#/components/${section}`, `invalid name "${name}"`);
    }
  }
  for (const [name, schema] of Object.entries((components.schemas as Json) ?? {})) {
    checkSchema(schema, `#/components/schemas/${name}`);
  }
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  for (const [name, scheme] of Object.entries(schemes)) {
    const where = `#/components/securitySchemes/${name}`;
    if (!isObject(scheme)) {
      fail(where, 'must be an object');
      continue;
    }
    if (scheme.type === 'apiKey') {
      if (typeof scheme.name !== 'string') fail(where, 'apiKey needs name');
      if (!['query', 'header', 'cookie'].includes(scheme.in as string))
        fail(where, 'apiKey needs in');
    } else if (scheme.type === 'http') {
      if (typeof scheme.scheme !== 'string') fail(where, 'http needs scheme');
    } else if (scheme.type !== 'oauth2' && scheme.type !== 'openIdConnect') {
      fail(where, `invalid type ${JSON.stringify(scheme.type)}`);
    }
  }
  const checkSecurity = (security: unknown, where: string) => {
    if (security === undefined) return;
    if (!Array.isArray(security)) return fail(where, 'security must be an array');
    for (const requirement of security) {
      if (!isObject(requirement)) {
        fail(where, 'security requirement must be an object');
        continue;
      }
      for (const [name, scopes] of Object.entries(requirement)) {
        if (!(name in schemes)) fail(where, `unknown security scheme "${name}"`);
        if (!Array.isArray(scopes)) fail(where, `scopes of "${name}" must be an array`);
      }
    }
  };
  checkSecurity(doc.security, '#/security');
  for (const [name, header] of Object.entries((components.headers as Json) ?? {})) {
    const where = `#/components/headers/${name}`;
    if (!isObject(header) || (header.schema === undefined && header.content === undefined)) {
      fail(where, 'header needs schema or content');
    } else if ('name' in header || 'in' in header) fail(where, 'header must not have name or in');
  }

  const operationIds = new Set<string>();
  if (!isObject(doc.paths)) fail('#/paths', 'required');
  if (doc.webhooks !== undefined && !isObject(doc.webhooks)) fail('#/webhooks', 'must be a map');
  const templates = new Map<string, string>();
  // Path items of `paths` (templated) and of `webhooks` (keyed by a name, not a path).
  const items = [
    ...Object.entries(isObject(doc.paths) ? doc.paths : {}).map(([key, item]) => ({
      key,
      item,
      where: `#/paths/${key}`,
      isPath: true,
    })),
    ...Object.entries(isObject(doc.webhooks) ? doc.webhooks : {}).map(([key, item]) => ({
      key,
      item,
      where: `#/webhooks/${key}`,
      isPath: false,
    })),
  ];
  for (const { key: path, item: rawItem, where, isPath } of items) {
    if (isPath) {
      if (!path.startsWith('/')) fail(where, 'path must start with /');
      const shape = path.replace(/\{[^}]+\}/g, '{}');
      if (templates.has(shape)) fail(where, `same template as ${templates.get(shape)}`);
      templates.set(shape, path);
    }
    const names = isPath ? [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]) : [];
    if (new Set(names).size !== names.length) fail(where, 'repeated path parameter');
    const item = deref(rawItem, where);
    if (!item) continue;
    for (const key of Object.keys(item)) {
      if (!PATH_ITEM_KEYS.has(key) && !key.startsWith('x-')) fail(where, `unknown key "${key}"`);
    }
    checkServers(item.servers, `${where}/servers`);
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const at = `${where}/${method}`;
      if (!isObject(operation)) {
        fail(at, 'must be an object');
        continue;
      }
      for (const key of Object.keys(operation)) {
        if (!OPERATION_KEYS.has(key) && !key.startsWith('x-')) fail(at, `unknown key "${key}"`);
      }
      if (operation.operationId !== undefined) {
        if (typeof operation.operationId !== 'string') fail(at, 'operationId must be a string');
        else if (operationIds.has(operation.operationId)) {
          fail(at, `duplicate operationId ${operation.operationId}`);
        } else operationIds.add(operation.operationId);
      }
      checkServers(operation.servers, `${at}/servers`);
      checkSecurity(operation.security, `${at}/security`);
      const parameters = [
        ...shared,
        ...(Array.isArray(operation.parameters) ? operation.parameters : []),
      ]
        .map((parameter, i) => deref(parameter, `${at}/parameters/${i}`))
        .filter((parameter): parameter is Json => parameter !== undefined);
      const seen = new Set<string>();
      for (const parameter of parameters) {
        const id = `${String(parameter.in)}:${String(parameter.name)}`;
        if (typeof parameter.name !== 'string') fail(at, 'parameter without name');
        if (!['query', 'header', 'path', 'cookie'].includes(parameter.in as string)) {
          fail(at, `parameter ${String(parameter.name)} has invalid in`);
        }
        if (seen.has(id)) fail(at, `duplicate parameter ${id}`);
        seen.add(id);
        if ((parameter.schema === undefined) === (parameter.content === undefined)) {
          fail(at, `parameter ${id} needs exactly one of schema and content`);
        }
        if (parameter.schema !== undefined) checkSchema(parameter.schema, `${at}/parameter ${id}`);
        if (parameter.in === 'path') {
          if (parameter.required !== true) fail(at, `path parameter ${id} must be required`);
          if (!names.includes(parameter.name as string)) {
            fail(at, `path parameter ${id} is not in the path template`);
          }
        }
      }
      for (const name of names) {
        if (!seen.has(`path:${name}`)) fail(at, `path template {${name}} has no parameter`);
      }
      if (operation.requestBody !== undefined) {
        const body = deref(operation.requestBody, `${at}/requestBody`);
        if (body) checkMedia(body.content, `${at}/requestBody/content`);
      }
      if (!isObject(operation.responses) || Object.keys(operation.responses).length === 0) {
        fail(at, 'responses must list at least one response');
        continue;
      }
      for (const [status, rawResponse] of Object.entries(operation.responses)) {
        const rat = `${at}/responses/${status}`;
        if (!STATUS_KEY.test(status)) fail(rat, 'invalid status key');
        const response = deref(rawResponse, rat);
        if (!response) continue;
        if (typeof response.description !== 'string') fail(rat, 'description is required');
        if (response.content !== undefined) checkMedia(response.content, `${rat}/content`);
        if (response.headers !== undefined) {
          if (!isObject(response.headers)) fail(rat, 'headers must be a map');
          else {
            for (const [name, header] of Object.entries(response.headers)) {
              const resolved = deref(header, `${rat}/headers/${name}`);
              if (resolved && resolved.schema === undefined && resolved.content === undefined) {
                fail(`${rat}/headers/${name}`, 'header needs schema or content');
              }
            }
          }
        }
      }
      if (operation.tags !== undefined) {
        if (
          !Array.isArray(operation.tags) ||
          operation.tags.some((tag) => typeof tag !== 'string')
        ) {
          fail(at, 'tags must be strings');
        }
      }
    }
  }
  return problems;
}

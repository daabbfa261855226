import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject, SchemaObject } from '@nestjs/swagger';
import { KindRegistry } from '../kinds/kind-registry';

/**
 * The config of each agent kind in `components.schemas`, under its config class's name
 * (`LeadQualificationConfig`...), generated from the class's `@ApiProperty()` decorators as
 * `GET /v2/agent-kinds` serves it, and marked with `x-agent-kind`. A new kind appears here
 * by being registered; nothing lists them.
 */
export function addAgentKindSchemas(app: INestApplication, document: OpenAPIObject): void {
  const kinds = app.get(KindRegistry, { strict: false });
  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {});
  for (const kind of kinds.all()) {
    for (const [name, schema] of Object.entries(kind.schemas)) {
      if (name !== kind.configClass.name) {
        schemas[name] ??= schema;
        continue;
      }
      const described: SchemaObject & { 'x-agent-kind': string } = {
        ...schema,
        description: `The \`config\` of agents of kind \`${kind.name}\`: ${kind.description}`,
        'x-agent-kind': kind.name,
      };
      schemas[name] = described;
    }
  }
}

const PREFIX = '#/components/schemas/';

/**
 * The agent bodies per kind (docs/api.md, What the OpenAPI document states), once
 * `closeRequestBodies` has closed them:
 * `CreateAgentDto` (the body of `POST /v2/agents`) becomes a `oneOf` discriminated by
 * `kind`, one closed object per registered kind (`Create<Kind>Agent`: `kind` that kind's
 * name, `config` that kind's config schema, required when the config has required fields,
 * as an omitted config is checked as `{}`); the default kind's alternative is the one whose
 * `kind` may be left out. `UpdateAgentDto.config` and `TestAgentDto.config` (the kind is
 * fixed at creation) are one of the kinds' configs, that of the agent's kind.
 */
export function describeAgentBodies(
  app: INestApplication,
  document: OpenAPIObject,
  defaultKind: string,
): void {
  const kinds = app.get(KindRegistry, { strict: false }).all();
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaObject>;
  const create = schemas.CreateAgentDto;
  if (!create?.properties || kinds.length === 0) return;
  const mapping: Record<string, string> = {};
  for (const kind of kinds) {
    const configName = kind.configClass.name;
    const name = `Create${configName.replace(/Config$/, '')}Agent`;
    const configRequired = (schemas[configName]?.required ?? []).length > 0;
    const required = new Set(create.required ?? []);
    if (kind.name !== defaultKind) required.add('kind');
    if (configRequired) required.add('config');
    schemas[name] = {
      ...create,
      description: `\`POST /v2/agents\` body for an agent of kind \`${kind.name}\``,
      properties: {
        ...create.properties,
        kind: {
          type: 'string',
          enum: [kind.name],
          description:
            kind.name === defaultKind
              ? `\`${kind.name}\` (the default when \`kind\` is left out)`
              : `\`${kind.name}\``,
        },
        config: { $ref: `${PREFIX}${configName}` },
      },
      required: [...required],
      additionalProperties: false,
    };
    mapping[kind.name] = `${PREFIX}${name}`;
  }
  schemas.CreateAgentDto = {
    description:
      'An agent: `kind` one of the registered kinds (`GET /v2/agent-kinds`), default `' +
      defaultKind +
      '`, and `config` the schema of that kind',
    oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
    discriminator: { propertyName: 'kind', mapping },
  };
  // The config of an existing agent (a change, or a test run's): that of the agent's kind.
  for (const body of [schemas.UpdateAgentDto, schemas.TestAgentDto]) {
    const config = body?.properties?.config as SchemaObject | undefined;
    if (!body?.properties || !config) continue;
    body.properties.config = {
      description: `${config.description ?? ''} (the schema of the agent's kind)`.trim(),
      anyOf: kinds.map((kind) => ({ $ref: `${PREFIX}${kind.configClass.name}` })),
    };
  }
}

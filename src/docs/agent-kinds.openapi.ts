import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject, SchemaObject } from '@nestjs/swagger';
import { KindRegistry } from '../runner/kinds/kind-registry';

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

import type { OpenAPIObject, ParameterObject } from '@nestjs/swagger';
import { EXECUTION_STATUSES } from '../executions/execution.entity';

const STATUS = `(?:${EXECUTION_STATUSES.join('|')})`;

/**
 * The `status` filter of the execution lists (issue 19 §3): one status or a comma list, each
 * item trimmed (`src/executions/execution-list.ts`), stated as the pattern the server applies,
 * so a value the document allows is never refused. Set here, from the statuses' constant,
 * until the query DTO carries it.
 */
export function describeStatusLists(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.endsWith('/executions')) continue;
    for (const parameter of (item.get?.parameters ?? []) as ParameterObject[]) {
      if (parameter.in !== 'query' || parameter.name !== 'status' || !parameter.schema) continue;
      Object.assign(parameter.schema, { pattern: `^\\s*${STATUS}\\s*(?:,\\s*${STATUS}\\s*)*$` });
    }
  }
}

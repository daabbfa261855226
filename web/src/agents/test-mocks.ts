/**
 * What "don't call out" mocks in a workflow's test run: its `http` and `llm` steps, at any
 * depth (a branch's cases and default, a foreach's steps), each with a sample output that the
 * API returns in its place (`mocks` of `POST /v2/agents/:id/test`, by step id).
 */

/** The step types that reach outside the service. */
export const CALLING_TYPES = ['http', 'llm'] as const;
export type CallingType = (typeof CALLING_TYPES)[number];

export interface CallingStep {
  id: string;
  type: CallingType;
  /** An `llm` step's `output_schema`, the shape of its sample. */
  outputSchema?: unknown;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `http` and `llm` steps of a workflow definition, in the order they appear. */
export function callingSteps(definition: unknown): CallingStep[] {
  const found: CallingStep[] = [];
  const walk = (steps: unknown) => {
    if (!Array.isArray(steps)) return;
    for (const step of steps) {
      if (!isObject(step) || typeof step.id !== 'string') continue;
      if (step.type === 'http' || step.type === 'llm') {
        found.push({ id: step.id, type: step.type, outputSchema: step.output_schema });
      }
      if (Array.isArray(step.cases)) {
        for (const branch of step.cases) if (isObject(branch)) walk(branch.steps);
      }
      walk(step.default);
      walk(step.steps);
    }
  };
  if (isObject(definition)) walk(definition.steps);
  return found;
}

/**
 * A step's default sample output: what an `http` step outputs for an empty 200 answer; for
 * an `llm` step, a value of its `output_schema` (else an empty `{text}`).
 */
export function sampleOutput(step: CallingStep): unknown {
  if (step.type === 'http') return { status_code: 200, headers: {}, body: {} };
  return step.outputSchema === undefined ? { text: '' } : sampleOf(step.outputSchema, 0);
}

/** The simplest value a JSON Schema accepts: its default, const or first enum, else by type. */
export function sampleOf(schema: unknown, depth: number): unknown {
  if (!isObject(schema) || depth > 8) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    const options = schema[key];
    if (Array.isArray(options) && options.length) return sampleOf(options[0], depth + 1);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'object': {
      const value: Json = {};
      const properties = isObject(schema.properties) ? schema.properties : {};
      for (const [name, property] of Object.entries(properties)) {
        value[name] = sampleOf(property, depth + 1);
      }
      return value;
    }
    case 'array':
      return [];
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return isObject(schema.properties) ? sampleOf({ ...schema, type: 'object' }, depth) : null;
  }
}

/** The base id of a step record (`send[2]`, an iteration of a foreach, is `send`). */
export function baseStepId(recordId: string): string {
  const bracket = recordId.indexOf('[');
  return bracket === -1 ? recordId : recordId.slice(0, bracket);
}

import { api, ApiFailure, type AgentKind, type AgentKindList } from '../api';

const FALLBACK_KINDS: AgentKind[] = [
  { kind: 'lead-qualification', description: 'Scores an inbound lead', config_schema: {} },
  { kind: 'http-request', description: 'Calls an HTTP endpoint', config_schema: {} },
];

export async function loadKinds(): Promise<AgentKind[]> {
  try {
    return (await api<AgentKindList>('GET', '/agent-kinds')).data;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return FALLBACK_KINDS;
    throw error;
  }
}

/**
 * A workflow's starting config: one step that runs as it stands (a workflow needs at least
 * one step, so the required-fields template, `{"steps": ""}`, would be refused on create).
 */
const WORKFLOW_STARTER = {
  steps: [{ id: 'received', type: 'transform', value: { input: '{% $input %}' } }],
};

/** A starting config for a kind: its schema's example, or its required fields. */
export function configTemplate(kind: AgentKind | undefined): string {
  if (kind?.kind === 'workflow') return JSON.stringify(WORKFLOW_STARTER, null, 2);
  const schema = (kind?.config_schema ?? {}) as {
    example?: unknown;
    examples?: unknown[];
    required?: string[];
    properties?: Record<string, { example?: unknown; default?: unknown; type?: string }>;
  };
  if (schema.example !== undefined) return JSON.stringify(schema.example, null, 2);
  if (schema.examples?.length) return JSON.stringify(schema.examples[0], null, 2);
  const value: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    const prop = schema.properties?.[name];
    value[name] =
      prop?.example ?? prop?.default ?? (name === 'url' ? 'https://example.com/hook' : '');
  }
  if (kind?.kind === 'http-request' && !('url' in value)) value.url = 'https://example.com/hook';
  return JSON.stringify(value, null, 2);
}

/**
 * Parses a JSON object typed into a text box (`field`: `config`, `input`); a JSON error, or a
 * value that is not an object, is reported at that field like the API's own 400.
 */
export function parseJsonObject(text: string, field: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = text.trim() ? JSON.parse(text) : {};
  } catch (error) {
    throw new ApiFailure(
      400,
      'invalid_request',
      `${field} is not valid JSON: ${(error as Error).message}`,
      field,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiFailure(400, 'invalid_request', `${field} must be a JSON object`, field);
  }
  return value as Record<string, unknown>;
}

/** Parses the config text. */
export const parseConfig = (text: string) => parseJsonObject(text, 'config');

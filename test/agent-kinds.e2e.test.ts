import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strictAjv } from './support/openapi-schemas';
import { bearer, startTestService, type TestService } from './support/service';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;

/** A config each known kind accepts, and one its schema refuses. */
const SAMPLES: Record<string, { valid: Json[]; invalid: Json[] }> = {
  'lead-qualification': {
    valid: [{}, { threshold: 70, keywords: ['demo'], free_email_domains: ['gmail.com'] }],
    invalid: [{ threshold: 200 }, { colour: 'red' }],
  },
  'http-request': {
    valid: [{ url: 'https://crm.example.com/leads', method: 'PUT', timeout_ms: 5000 }],
    invalid: [{}, { url: 'https://crm.example.com', colour: 'red' }],
  },
  workflow: {
    valid: [
      {
        steps: [
          {
            id: 'normalise',
            type: 'transform',
            value: { email: '{% $lowercase($input.email) %}' },
          },
          { id: 'qualify', type: 'lead-qualification', config: { threshold: 60 } },
          {
            id: 'route',
            type: 'branch',
            cases: [
              {
                when: '{% $steps.qualify.output.qualified %}',
                steps: [
                  {
                    id: 'post_to_crm',
                    type: 'http',
                    url: 'https://crm.example.com/leads',
                    headers: { Authorization: 'Bearer {{secrets.CRM_TOKEN}}' },
                    retry: { max_attempts: 3 },
                  },
                ],
              },
            ],
            default: [
              {
                id: 'each',
                type: 'foreach',
                items: '{% [1, 2] %}',
                steps: [{ id: 'n', type: 'transform', value: 1 }],
              },
            ],
          },
          { id: 'call', type: 'http-request', config: { url: 'https://example.com/x' } },
        ],
        limits: { max_llm_calls: 3 },
      },
    ],
    invalid: [
      {},
      { steps: [{ id: 'a', type: 'no-such-step' }] },
      // Nested two levels down, through the step schemas in $defs.
      {
        steps: [
          { id: 'b', type: 'branch', cases: [{ when: true, steps: [{ id: 'x', type: 'http' }] }] },
        ],
      },
      { steps: [{ id: 'q', type: 'lead-qualification', config: { threshold: 'high' } }] },
    ],
  },
};

/** Every `$ref` in a schema. */
function refs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => refs(item, found));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refs(value, found);
    }
  }
  return found;
}

describe('GET /v2/agent-kinds: each config schema stands alone', () => {
  let t: TestService;
  let kinds: Json[];

  beforeAll(async () => {
    t = await startTestService({ ROLE: 'api' });
    const { key } = await t.seedAccount();
    kinds = (await t.api().get('/v2/agent-kinds').set(bearer(key)).expect(200)).body.data;
  });
  afterAll(async () => t?.close());

  it('refers only to its own $defs, each of them present', () => {
    expect(kinds.map((kind) => kind.kind)).toEqual(expect.arrayContaining(Object.keys(SAMPLES)));
    for (const { kind, config_schema: schema } of kinds) {
      expect(schema.$schema, kind).toBe('https://json-schema.org/draft/2020-12/schema');
      for (const ref of refs(schema)) {
        expect(ref, kind).toMatch(/^#\/\$defs\/[A-Za-z0-9]+$/);
        expect(schema.$defs?.[ref.slice('#/$defs/'.length)], `${kind} ${ref}`).toBeDefined();
      }
    }
    const workflow = kinds.find((kind) => kind.kind === 'workflow')!.config_schema;
    expect(workflow.properties.steps.items).toEqual({ $ref: '#/$defs/WorkflowStep' });
    expect(Object.values(workflow.$defs.WorkflowStep.discriminator.mapping)).toContain(
      '#/$defs/WorkflowHttpStep',
    );
  });

  it('compiles each with ajv on its own (strict 2020-12) and validates sample configs', () => {
    for (const { kind, config_schema: schema } of kinds) {
      // A fresh ajv per schema: nothing else to resolve a reference against.
      const validate = strictAjv(schema).compile(schema);
      for (const config of SAMPLES[kind]?.valid ?? []) {
        expect(validate(config), `${kind} ${JSON.stringify(validate.errors)}`).toBe(true);
      }
      for (const config of SAMPLES[kind]?.invalid ?? []) {
        expect(validate(config), `${kind} accepts ${JSON.stringify(config)}`).toBe(false);
      }
    }
  });
});

import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigValidationError } from '../../../src/kinds/agent-kind';
import { compileOutputSchema } from '../../../src/workflows/llm/output-schema';
import { refusedAt } from '../../support/config-errors';
import { compile, sandbox } from './harness';

afterAll(() => sandbox.close());

const llm = (extra: Record<string, unknown> = {}) => ({
  steps: [{ id: 'read', type: 'llm', prompt: 'Hello', ...extra }],
});

const fieldOf = (config: unknown): string => refusedAt(() => compile(config));

describe('output_schema normalisation (strict structured output)', () => {
  it('closes every object and makes optional properties required but nullable', () => {
    const { schema, validate } = compileOutputSchema(
      {
        type: 'object',
        properties: {
          intent: { type: 'string', enum: ['buy', 'support'] },
          urgency: { type: 'integer', minimum: 1, maximum: 5 },
          product: { type: 'string' },
          tags: {
            type: 'array',
            items: { type: 'object', properties: { name: { type: 'string' } } },
          },
        },
        required: ['intent'],
      },
      'output_schema',
    );
    expect(schema).toEqual({
      type: 'object',
      properties: {
        intent: { type: 'string', enum: ['buy', 'support'] },
        urgency: { type: ['integer', 'null'], minimum: 1, maximum: 5 },
        product: { type: ['string', 'null'] },
        tags: {
          type: ['array', 'null'],
          items: {
            type: 'object',
            properties: { name: { type: ['string', 'null'] } },
            required: ['name'],
            additionalProperties: false,
          },
        },
      },
      required: ['intent', 'urgency', 'product', 'tags'],
      additionalProperties: false,
    });
    expect(validate({ intent: 'buy', urgency: null, product: 'x', tags: null })).toBe(true);
    expect(validate({ intent: 'buy', urgency: 9, product: 'x', tags: null })).toBe(false);
    expect(validate({ intent: 'buy', urgency: 1, product: 'x', tags: null, extra: 1 })).toBe(false);
  });

  it('refuses a property named __proto__, and keeps one named constructor', () => {
    const raw = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}');
    expect(() => compileOutputSchema(raw, 'output_schema')).toThrow(/__proto__/);
    const { schema, validate } = compileOutputSchema(
      { type: 'object', properties: { constructor: { type: 'string' } } },
      'output_schema',
    );
    expect(schema.required).toEqual(['constructor']);
    expect(validate({ constructor: 'x' })).toBe(true);
    expect(validate({})).toBe(false);
  });

  it('makes an optional enum nullable through anyOf', () => {
    const { schema } = compileOutputSchema(
      { type: 'object', properties: { level: { enum: ['a', 'b'] } } },
      'output_schema',
    );
    expect((schema.properties as Record<string, unknown>).level).toEqual({
      anyOf: [{ enum: ['a', 'b'] }, { type: 'null' }],
    });
  });

  it.each([
    [{ type: 'array', items: {} }, 'steps[0].output_schema.type'],
    [{ type: 'object', additionalProperties: true }, 'steps[0].output_schema.additionalProperties'],
    [
      { type: 'object', properties: { name: { type: 'string', minLength: 2 } } },
      'steps[0].output_schema.properties.name.minLength',
    ],
    [{ type: 'object', oneOf: [] }, 'steps[0].output_schema.oneOf'],
    [
      { type: 'object', properties: { a: { type: 'text' } } },
      'steps[0].output_schema.properties.a.type',
    ],
    [{ type: 'object', required: ['missing'] }, 'steps[0].output_schema.required'],
    ['a string', 'steps[0].output_schema'],
  ])('refuses %j at its field', (outputSchema, field) => {
    expect(fieldOf(llm({ output_schema: outputSchema }))).toBe(field);
  });
});

describe('llm step fields', () => {
  it('accepts a full step', () => {
    expect(() =>
      compile(
        llm({
          system: 'You read leads',
          model: 'gpt-4o-mini',
          temperature: 0,
          max_tokens: 200,
          max_turns: 3,
          base_url: 'https://api.example.com/v1',
          api_key: '{{secrets.OPENAI_KEY}}',
          output_schema: { type: 'object', properties: { a: { type: 'string' } } },
          tools: [
            {
              name: 'lookup_customer',
              description: 'Finds a customer',
              parameters: { type: 'object', properties: { email: { type: 'string' } } },
              http: {
                url: 'https://crm.example.com/lookup',
                headers: { 'X-Key': '{{secrets.CRM}}' },
              },
            },
          ],
        }),
      ),
    ).not.toThrow();
  });

  it.each([
    [{ prompt: undefined }, 'steps[0].prompt'],
    [{ prompt: 42 }, 'steps[0].prompt'],
    [{ prompt: '{% $input. %}' }, 'steps[0].prompt'],
    [{ model: '' }, 'steps[0].model'],
    [{ temperature: 3 }, 'steps[0].temperature'],
    [{ max_tokens: 0 }, 'steps[0].max_tokens'],
    [{ max_turns: 0 }, 'steps[0].max_turns'],
    [{ base_url: 'ftp://x' }, 'steps[0].base_url'],
    [{ api_key: 'sk-plain-text' }, 'steps[0].api_key'],
    [{ api_key: '{{secrets.lower}}' }, 'steps[0].api_key'],
    [{ tools: {} }, 'steps[0].tools'],
    [
      { tools: [{ name: 'a b', parameters: { type: 'object' }, http: { url: 'https://x.io' } }] },
      'steps[0].tools[0].name',
    ],
    [
      { tools: [{ name: 'a', parameters: { type: 'string' }, http: { url: 'https://x.io' } }] },
      'steps[0].tools[0].parameters',
    ],
    [
      { tools: [{ name: 'a', parameters: { type: 'object' }, http: { url: 'x' } }] },
      'steps[0].tools[0].http.url',
    ],
    [
      {
        tools: [
          {
            name: 'a',
            parameters: { type: 'object' },
            http: { url: 'https://x.io', method: 'TRACE' },
          },
        ],
      },
      'steps[0].tools[0].http.method',
    ],
    [
      {
        tools: [
          { name: 'a', parameters: { type: 'object' }, http: { url: 'https://x.io' } },
          { name: 'a', parameters: { type: 'object' }, http: { url: 'https://y.io' } },
        ],
      },
      'steps[0].tools[1].name',
    ],
    [
      {
        tools: [
          {
            name: 'a',
            parameters: { type: 'object', properties: { b: { type: 'nope' } } },
            http: { url: 'https://x.io' },
          },
        ],
      },
      'steps[0].tools[0].parameters',
    ],
    [{ toolz: [] }, 'steps[0].toolz'],
  ])('refuses %j at its field', (extra, field) => {
    const config = llm(extra);
    if ('prompt' in extra && extra.prompt === undefined)
      delete (config.steps[0] as Record<string, unknown>).prompt;
    expect(fieldOf(config)).toBe(field);
  });

  it('checks the workflow limits', () => {
    expect(fieldOf({ ...llm(), limits: { max_llm_calls: -1 } })).toBe('limits.max_llm_calls');
  });
});

describe('output_schema: any JSON', () => {
  it('is normalised or refused with a field, never anything else', () => {
    const schema = fc.oneof(
      fc.jsonValue(),
      fc.record({
        type: fc.constant('object'),
        properties: fc.dictionary(fc.string(), fc.jsonValue()),
      }),
      fc.record(
        {
          type: fc.constant('object'),
          properties: fc.dictionary(
            fc.constantFrom('a', '__proto__', 'constructor', 'b c'),
            fc.record({ type: fc.constantFrom('string', 'object', ['string', 'null'], 'x') }),
          ),
          required: fc.array(fc.constantFrom('a', '__proto__', 'z')),
        },
        { requiredKeys: ['type'] },
      ),
    );
    fc.assert(
      fc.property(schema, (raw) => {
        try {
          const { schema: normalised, validate } = compileOutputSchema(raw, 'output_schema');
          const properties = Object.keys((normalised.properties as object) ?? {});
          expect(normalised.required).toEqual(properties);
          expect(typeof validate).toBe('function');
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigValidationError);
          expect((error as ConfigValidationError).path).toMatch(/^output_schema/);
        }
      }),
      { numRuns: 300 },
    );
  });
});

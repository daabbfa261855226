import type { RegisteredKind } from '../../../src/kinds/kind-registry';
import { afterAll, describe, expect, it } from 'vitest';
import { compileWorkflow } from '../../../src/workflows';
import { refusedAt } from '../../support/config-errors';
import { compile, sandbox } from './harness';

afterAll(() => sandbox.close());

const t = (value: unknown = 1) => ({ id: 'a', type: 'transform', value });
const http = (extra: Record<string, unknown> = {}) => ({
  id: 'call',
  type: 'http',
  url: 'https://crm.example.com/leads',
  ...extra,
});

const fieldOf = (config: unknown): string => refusedAt(() => compile(config));

const nest = (depth: number): Record<string, unknown> =>
  depth === 0
    ? { id: 'leaf', type: 'transform', value: 1 }
    : { id: `b${depth}`, type: 'branch', cases: [{ when: true, steps: [nest(depth - 1)] }] };

describe('workflow definitions: the first error names its field', () => {
  it.each<[string, unknown, string]>([
    ['config not an object', [], ''],
    ['no steps', {}, 'steps'],
    ['empty steps', { steps: [] }, 'steps'],
    ['unknown top-level field', { steps: [t()], stepz: [] }, 'stepz'],
    ['a step not an object', { steps: ['x'] }, 'steps[0]'],
    ['bad id', { steps: [{ ...t(), id: 'A' }] }, 'steps[0].id'],
    ['id too long', { steps: [{ ...t(), id: 'a'.repeat(65) }] }, 'steps[0].id'],
    ['duplicate id', { steps: [t(), t()] }, 'steps[1].id'],
    ['missing type', { steps: [{ id: 'a' }] }, 'steps[0].type'],
    ['unknown type', { steps: [{ id: 'a', type: 'nope' }] }, 'steps[0].type'],
    ['a workflow as a step', { steps: [{ id: 'a', type: 'workflow' }] }, 'steps[0].type'],
    ['unknown step field', { steps: [{ ...t(), valeu: 1 }] }, 'steps[0].valeu'],
    ['transform without value', { steps: [{ id: 'a', type: 'transform' }] }, 'steps[0].value'],
    [
      'expression syntax error',
      { steps: [t({ email: '{% $input.( %}' })] },
      'steps[0].value.email',
    ],
    ['empty expression', { steps: [t(['{%  %}'])] }, 'steps[0].value[0]'],
    ['bad when', { steps: [{ ...t(), when: '{% ] %}' }] }, 'steps[0].when'],
    ['retry not an object', { steps: [{ ...t(), retry: 3 }] }, 'steps[0].retry'],
    [
      'max_attempts 0',
      { steps: [{ ...t(), retry: { max_attempts: 0 } }] },
      'steps[0].retry.max_attempts',
    ],
    [
      'max_attempts 11',
      { steps: [{ ...t(), retry: { max_attempts: 11 } }] },
      'steps[0].retry.max_attempts',
    ],
    [
      'interval_ms',
      { steps: [{ ...t(), retry: { interval_ms: -1 } }] },
      'steps[0].retry.interval_ms',
    ],
    [
      'backoff_rate',
      { steps: [{ ...t(), retry: { backoff_rate: 0.5 } }] },
      'steps[0].retry.backoff_rate',
    ],
    [
      'max_delay_ms',
      { steps: [{ ...t(), retry: { max_delay_ms: 1.5 } }] },
      'steps[0].retry.max_delay_ms',
    ],
    ['jitter', { steps: [{ ...t(), retry: { jitter: 'half' } }] }, 'steps[0].retry.jitter'],
    ['retry.on empty', { steps: [{ ...t(), retry: { on: [] } }] }, 'steps[0].retry.on'],
    [
      'retry.on code',
      { steps: [{ ...t(), retry: { on: ['ok', 'Bad'] } }] },
      'steps[0].retry.on[1]',
    ],
    ['retry unknown', { steps: [{ ...t(), retry: { tries: 2 } }] }, 'steps[0].retry.tries'],
    ['on_error', { steps: [{ ...t(), on_error: 'ignore' }] }, 'steps[0].on_error'],
    ['timeout_ms', { steps: [{ ...t(), timeout_ms: 5 }] }, 'steps[0].timeout_ms'],
    ['http without url', { steps: [{ id: 'c', type: 'http' }] }, 'steps[0].url'],
    ['http bad url', { steps: [http({ url: 'ftp://x' })] }, 'steps[0].url'],
    ['http bad method', { steps: [http({ method: 'TRACE' })] }, 'steps[0].method'],
    ['http headers array', { steps: [http({ headers: [] })] }, 'steps[0].headers'],
    [
      'http reserved header',
      { steps: [http({ headers: { Host: 'x' } })] },
      'steps[0].headers.Host',
    ],
    [
      'http idempotency header',
      { steps: [http({ headers: { 'Idempotency-Key': 'x' } })] },
      'steps[0].headers.Idempotency-Key',
    ],
    [
      'http header line break',
      { steps: [http({ headers: { 'X-A': 'a\nb' } })] },
      'steps[0].headers.X-A',
    ],
    [
      'http bad secret name',
      { steps: [http({ headers: { 'X-A': '{{secrets.lower}}' } })] },
      'steps[0].headers.X-A',
    ],
    [
      'http broken secret ref',
      { steps: [http({ headers: { 'X-A': '{{secrets.A' } })] },
      'steps[0].headers.X-A',
    ],
    [
      'http body expression',
      { steps: [http({ body: { a: '{% $input.a[ %}' } })] },
      'steps[0].body.a',
    ],
    [
      'secret in a url',
      { steps: [http({ url: 'https://x.test/{{secrets.KEY}}' })] },
      'steps[0].url',
    ],
    [
      'secret in a body',
      { steps: [http({ body: { key: '{{secrets.KEY}}' } })] },
      'steps[0].body.key',
    ],
    ['secret in a transform', { steps: [t('{{secrets.KEY}}')] }, 'steps[0].value'],
    [
      'secret in a header expression',
      { steps: [http({ headers: { A: '{% "{{secrets.KEY}}" %}' } })] },
      'steps[0].headers.A',
    ],
    ['branch without cases', { steps: [{ id: 'b', type: 'branch' }] }, 'steps[0].cases'],
    ['branch empty cases', { steps: [{ id: 'b', type: 'branch', cases: [] }] }, 'steps[0].cases'],
    [
      'case without when',
      { steps: [{ id: 'b', type: 'branch', cases: [{ steps: [t()] }] }] },
      'steps[0].cases[0].when',
    ],
    [
      'case unknown field',
      { steps: [{ id: 'b', type: 'branch', cases: [{ when: true, steps: [t()], else: 1 }] }] },
      'steps[0].cases[0].else',
    ],
    [
      'case empty steps',
      { steps: [{ id: 'b', type: 'branch', cases: [{ when: true, steps: [] }] }] },
      'steps[0].cases[0].steps',
    ],
    [
      'deep nested field',
      {
        steps: [
          t(),
          { id: 'x', type: 'transform', value: 2 },
          {
            id: 'b',
            type: 'branch',
            cases: [
              {
                when: true,
                steps: [
                  { id: 'c', type: 'transform', value: 1 },
                  { id: 'd', type: 'http' },
                ],
              },
            ],
          },
        ],
      },
      'steps[2].cases[0].steps[1].url',
    ],
    [
      'default not steps',
      { steps: [{ id: 'b', type: 'branch', cases: [{ when: true, steps: [t()] }], default: {} }] },
      'steps[0].default',
    ],
    [
      'nested duplicate id',
      { steps: [t(), { id: 'b', type: 'branch', cases: [{ when: true, steps: [t()] }] }] },
      'steps[1].cases[0].steps[0].id',
    ],
    [
      'foreach without items',
      { steps: [{ id: 'f', type: 'foreach', steps: [t()] }] },
      'steps[0].items',
    ],
    [
      'foreach without steps',
      { steps: [{ id: 'f', type: 'foreach', items: [] }] },
      'steps[0].steps',
    ],
    [
      'foreach concurrency',
      { steps: [{ id: 'f', type: 'foreach', items: [], concurrency: 11, steps: [t()] }] },
      'steps[0].concurrency',
    ],
    [
      'foreach nested error',
      { steps: [{ id: 'f', type: 'foreach', items: [], steps: [{ id: 'q', type: 'fail' }] }] },
      'steps[0].steps[0].code',
    ],
    [
      'fail code',
      { steps: [{ id: 'x', type: 'fail', code: 'Bad Code', message: 'm' }] },
      'steps[0].code',
    ],
    ['fail message', { steps: [{ id: 'x', type: 'fail', code: 'rejected' }] }, 'steps[0].message'],
    [
      'kind step config',
      { steps: [{ id: 'q', type: 'lead-qualification', config: { threshold: 'high' } }] },
      'steps[0].config.threshold',
    ],
    [
      'kind step config type',
      { steps: [{ id: 'q', type: 'lead-qualification', config: [] }] },
      'steps[0].config',
    ],
    [
      'kind step input',
      { steps: [{ id: 'q', type: 'lead-qualification', input: '{% ( %}' }] },
      'steps[0].input',
    ],
    ['output expression', { steps: [t()], output: { a: '{% 1 + %}' } }, 'output.a'],
    ['limits', { steps: [t()], limits: { max_llm_calls: -1 } }, 'limits.max_llm_calls'],
    ['limits unknown', { steps: [t()], limits: { calls: 1 } }, 'limits.calls'],
    [
      'nesting 5 deep',
      { steps: [nest(5)] },
      'steps[0].cases[0].steps[0].cases[0].steps[0].cases[0].steps[0].cases[0].steps[0].cases[0].steps',
    ],
    [
      '101 steps',
      {
        steps: Array.from({ length: 101 }, (_, n) => ({
          id: `s${n}`,
          type: 'transform',
          value: n,
        })),
      },
      'steps[100]',
    ],
    [
      '101 steps counting nested',
      {
        steps: [
          ...Array.from({ length: 98 }, (_, n) => ({ id: `s${n}`, type: 'transform', value: n })),
          {
            id: 'f',
            type: 'foreach',
            items: [],
            steps: [t(), { id: 'z', type: 'transform', value: 0 }],
          },
        ],
      },
      'steps[98].steps[1]',
    ],
  ])('%s', (_name, config, field) => {
    expect(fieldOf(config)).toBe(field);
  });

  it('says what is wrong in words a user reads next to the field', () => {
    const message = (config: unknown) => {
      try {
        compile(config);
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(message({ steps: [{ ...t(), retry: 3 }] })).toBe('retry must be an object');
    expect(message({ steps: [{ ...t(), retry: { max_attempts: 0 } }] })).toBe(
      'max_attempts must be an integer between 1 and 10',
    );
    expect(message({ steps: [t({ a: '{% $input.( %}' })] })).toMatch(
      /^Invalid expression: .+ \(at character \d+\)$/,
    );
  });

  it('accepts 100 steps and nesting 4 deep', () => {
    const hundred = Array.from({ length: 100 }, (_, n) => ({
      id: `s${n}`,
      type: 'transform',
      value: n,
    }));
    expect(compile({ steps: hundred }).stepCount).toBe(100);
    expect(compile({ steps: [nest(4)] }).stepCount).toBe(5);
  });

  it('accepts a full definition and compiles its expressions once', () => {
    const compiled = compile({
      steps: [
        { id: 'norm', type: 'transform', value: { email: '{% $lowercase($input.email) %}', n: 1 } },
        { id: 'score', type: 'lead-qualification', config: { threshold: 40 } },
        {
          id: 'route',
          type: 'branch',
          cases: [
            {
              when: '{% $steps.score.qualified %}',
              steps: [http({ headers: { Authorization: 'Bearer {{secrets.CRM_KEY}}' } })],
            },
          ],
          default: [
            {
              id: 'nope',
              type: 'fail',
              code: 'not_qualified',
              message: '{% "score " & $steps.score.score %}',
            },
          ],
        },
        {
          id: 'each',
          type: 'foreach',
          items: '{% $input.items %}',
          concurrency: 3,
          steps: [{ id: 'q', type: 'transform', value: '{% $item * 2 %}' }],
        },
      ],
      output: { route: '{% $steps.route %}' },
      limits: { max_llm_calls: 3, max_tokens: 1000 },
    });
    expect(compiled.stepCount).toBe(7);
    expect(compiled.steps.map((step) => [step.id, step.checkpointRequired])).toEqual([
      ['norm', false],
      // lead-qualification declares `pure: true`: recomputed identically on resume.
      ['score', false],
      ['route', false],
      ['each', false],
    ]);
    expect(compiled.limits).toEqual({ max_llm_calls: 3, max_tokens: 1000 });
  });

  it('requires a checkpoint for a pure step with a nondeterministic expression', () => {
    const compiled = compile({ steps: [{ id: 'at', type: 'transform', value: '{% $now() %}' }] });
    expect(compiled.steps[0].checkpointRequired).toBe(true);
  });

  it('skips required checkpoints for a kind that declares itself pure', () => {
    const kind = (pure: boolean) =>
      ({
        name: 'echo',
        pure,
        parseConfig: (config: Record<string, unknown>) => config,
        handler: { run: async (input: Record<string, unknown>) => input },
      }) as unknown as RegisteredKind;
    const config = { steps: [{ id: 'e', type: 'echo' }] };
    const required = (pure: boolean) =>
      compileWorkflow(config, { sandbox, kinds: () => kind(pure) }).steps[0].checkpointRequired;
    expect(required(true)).toBe(false);
    expect(required(false)).toBe(true);
  });
});

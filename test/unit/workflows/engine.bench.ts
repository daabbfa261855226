import { afterAll, bench, describe } from 'vitest';
import { runWorkflow, type Checkpoint } from '../../../src/workflows';
import { compile, FakeHttp, sandbox } from './harness';

/**
 * Costs of the engine alone (no database): `npx vitest bench --run test/unit/workflows/engine.bench.ts`.
 * The numbers are in docs/decisions/0038-expression-sandbox.md.
 */
afterAll(() => sandbox.close());

const scope = {
  input: { email: ' Ada@Example.com ', company: 'Acme', items: [{ n: 1 }, { n: 2 }, { n: 3 }] },
  steps: { norm: { email: 'ada@example.com' } },
  execution: { id: 'exe_1', agent_id: 'agt_1', source: 'api' },
};
const mapping = sandbox.compile('$lowercase($trim($input.email))');
const arithmetic = sandbox.compile('$sum($input.items.n) * 2 > 10 ? "big" : "small"');
const isolated = sandbox.compile('$map($input.items, function($v){ $v.n * 2 })');

const fiveSteps = compile({
  steps: [
    {
      id: 'norm',
      type: 'transform',
      value: { email: '{% $lowercase($trim($input.email)) %}', company: '{% $input.company %}' },
    },
    { id: 'qualify', type: 'lead-qualification', input: '{% $steps.norm %}' },
    {
      id: 'route',
      type: 'branch',
      cases: [
        {
          when: '{% $steps.qualify.qualified %}',
          steps: [{ id: 'hot', type: 'transform', value: { tier: '{% $steps.qualify.tier %}' } }],
        },
      ],
      default: [{ id: 'cold', type: 'transform', value: { tier: 'cold' } }],
    },
    {
      id: 'result',
      type: 'transform',
      value: { lead: '{% $steps.norm %}', route: '{% $steps.route %}' },
    },
  ],
});
const checkpoint: Checkpoint = { load: async () => [], save: async () => undefined };
const context = {
  execution: scope.execution,
  accountId: 'acc_1',
  input: scope.input,
  signal: new AbortController().signal,
  logger: { log: () => undefined },
  checkpoint,
  http: new FakeHttp(),
  secrets: async () => undefined,
};

describe('expressions', () => {
  bench('in-process field mapping', async () => {
    await mapping.evaluate(scope);
  });
  bench('in-process arithmetic and condition', async () => {
    await arithmetic.evaluate(scope);
  });
  bench('evaluator process (lambda)', async () => {
    await isolated.evaluate(scope);
  });
});

describe('runs', () => {
  bench('5-step workflow (transform, lead-qualification, branch, transform)', async () => {
    await runWorkflow(fiveSteps, context);
  });
});

import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { compile, run, sandbox } from './harness';

afterAll(() => sandbox.close());

type RawStep = Record<string, unknown>;

const expressions = [
  '{% $input.n + 1 %}',
  '{% $steps %}',
  '{% $item %}',
  '{% $index %}',
  '{% $count($input.list) %}',
  '{% $input.missing.deeper %}',
  '{% $input.list[$ > 1] %}',
  '{% $string($steps) %}',
  '{% $error("boom") %}',
  '{% $number("x") + 1 %}',
  '{% [1..3] %}',
  '{% $input.n > 2 %}',
];
const json = fc.jsonValue({ maxDepth: 2 });
const value = fc.oneof(
  fc.constantFrom(...expressions),
  json,
  fc.record({ a: fc.constantFrom(...expressions) }),
);
const condition = fc.oneof(fc.boolean(), fc.constantFrom(...expressions));
const common = fc.record(
  {
    when: condition,
    on_error: fc.constantFrom('fail', 'continue'),
    retry: fc.record({ max_attempts: fc.integer({ min: 1, max: 3 }), interval_ms: fc.constant(0) }),
  },
  { requiredKeys: [] },
);

const { steps } = fc.letrec<{ steps: RawStep[]; step: RawStep }>((tie) => ({
  steps: fc.array(tie('step'), { minLength: 1, maxLength: 3 }),
  step: fc
    .oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({ type: fc.constant('transform'), value }),
      fc.record({ type: fc.constant('fail'), code: fc.constant('rejected'), message: value }),
      fc.record({
        type: fc.constant('branch'),
        cases: fc.array(fc.record({ when: condition, steps: tie('steps') }), {
          minLength: 1,
          maxLength: 2,
        }),
      }),
      fc.record({
        type: fc.constant('foreach'),
        items: fc.oneof(fc.constant('{% $input.list %}'), fc.array(json, { maxLength: 3 })),
        concurrency: fc.integer({ min: 1, max: 3 }),
        steps: tie('steps'),
      }),
    )
    .chain((step) => common.map((extra) => ({ ...extra, ...step }) as RawStep)),
}));

/** Gives every step a unique id, depth first, and keeps nesting within the limit. */
function withIds(list: RawStep[], counter = { n: 0 }, depth = 0): RawStep[] {
  return list.map((step) => {
    const copy: RawStep = { id: `s${counter.n++}`, ...step };
    if (depth >= 2 && (copy.type === 'branch' || copy.type === 'foreach')) {
      return { id: copy.id, type: 'transform', value: 1 };
    }
    if (Array.isArray(copy.steps))
      copy.steps = withIds(copy.steps as RawStep[], counter, depth + 1);
    if (Array.isArray(copy.cases)) {
      copy.cases = (copy.cases as { when: unknown; steps: RawStep[] }[]).map((entry) => ({
        ...entry,
        steps: withIds(entry.steps, counter, depth + 1),
      }));
    }
    return copy;
  });
}

describe('workflow runner: property', () => {
  it('every valid workflow ends in a terminal status without throwing', async () => {
    await fc.assert(
      fc.asyncProperty(
        steps,
        fc.record({ n: fc.integer(), list: fc.array(fc.integer(), { maxLength: 4 }) }),
        async (raw, input) => {
          const config = { steps: withIds(raw) };
          compile(config); // valid by construction
          const result = await run(config, { input });
          expect(['completed', 'failed']).toContain(result.status);
          for (const record of result.steps) {
            expect(['completed', 'failed', 'skipped']).toContain(record.status);
            expect(record.completed_at).not.toBeNull();
          }
          if (result.status === 'failed') expect(typeof result.error?.code).toBe('string');
          else expect(result.error).toBeNull();
          expect(() => JSON.stringify(result)).not.toThrow();
        },
      ),
      { numRuns: 150 },
    );
  });
});

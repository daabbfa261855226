import fc from 'fast-check';

/**
 * fast-check generators of valid workflow definitions (docs/workflows.md, The definition):
 * transform, fail, branch and foreach steps with expressions that succeed, fail or yield nothing.
 * Shared by the engine's property test and the end-to-end one.
 */
export type RawStep = Record<string, unknown>;

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

export const { steps: workflowSteps } = fc.letrec<{ steps: RawStep[]; step: RawStep }>((tie) => ({
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
export function withIds(list: RawStep[], counter = { n: 0 }, depth = 0): RawStep[] {
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

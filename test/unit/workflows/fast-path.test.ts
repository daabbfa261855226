import fc from 'fast-check';
import jsonata from 'jsonata';
import { describe, expect, it } from 'vitest';
import { fastPath } from '../../../src/workflows/expressions/fast-path';
import type { ExpressionScope } from '../../../src/workflows/expressions/sandbox';

const SOURCES = [
  '$input',
  '$input.a',
  '$input.a.b',
  ' $input.list ',
  '$steps.s1',
  '$steps.s1.a',
  '$item.a',
  '$index',
  '$execution.id',
  '$input.missing.deeper',
];

async function viaJsonata(source: string, scope: ExpressionScope): Promise<unknown> {
  const { input, steps, execution, item, index } = scope;
  return jsonata(source).evaluate(input, { input, steps, execution, item, index });
}

describe('expression fast path', () => {
  it('reads only plain paths', () => {
    expect(fastPath('$input.a')).toBeDefined();
    for (const source of ['$input.a + 1', '$input[0]', '$count($input)', '$index.a', '$x', 'a.b']) {
      expect(fastPath(source), source).toBeUndefined();
    }
  });

  it('answers exactly as jsonata whenever it answers', async () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    const object = fc.dictionary(fc.constantFrom('a', 'b', 'list', 'constructor'), json);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SOURCES),
        object,
        fc.dictionary(fc.constantFrom('s1', 's2'), json),
        json,
        async (source, input, steps, item) => {
          const scope: ExpressionScope = {
            input,
            steps,
            item,
            index: 2,
            execution: { id: 'exe_1', agent_id: 'agt_1', source: 'api' },
          };
          const found = fastPath(source)!(scope);
          if (found) expect(found.value).toEqual(await viaJsonata(source, scope));
        },
      ),
      { numRuns: 500 },
    );
  });
});

import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { workflowSteps as steps, withIds } from '../../support/workflow-arbitraries';
import { compile, run, sandbox } from './harness';

afterAll(() => sandbox.close());

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

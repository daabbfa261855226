import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_STATUSES } from '../src/executions/execution.entity';
import { bearer, startTestService, type TestService } from './support/service';
import { withIds, workflowSteps } from './support/workflow-arbitraries';

/**
 * Property, over HTTP: every generated valid workflow is accepted (201), every run of it ends
 * in a terminal status with its steps listed, and no request is ever answered with a 5xx;
 * the test route answers the same run with 200.
 */
describe('workflow agents: generated definitions end to end', () => {
  let t: TestService;
  let key: string;

  beforeAll(async () => {
    t = await startTestService();
    key = (await t.seedAccount()).key;
  });
  afterAll(async () => t?.close());

  it('accepts, runs and tests every valid workflow; never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        workflowSteps,
        fc.record({ n: fc.integer(), list: fc.array(fc.integer(), { maxLength: 4 }) }),
        async (raw, input) => {
          const config = { steps: withIds(raw) };
          const agent = await t
            .api()
            .post('/v2/agents')
            .set(bearer(key))
            .send({ name: 'Generated', kind: 'workflow', config });
          expect(agent.status, JSON.stringify(agent.body)).toBe(201);
          const run = await t
            .api()
            .post(`/v2/agents/${agent.body.id}/trigger`)
            .set(bearer(key))
            .send({ input });
          expect(run.status).toBe(200);
          expect(FINAL_STATUSES).toContain(run.body.status);
          const record = await t
            .api()
            .get(`/v2/executions/${run.body.execution_id}`)
            .set(bearer(key))
            .expect(200);
          expect(Array.isArray(record.body.steps)).toBe(true);
          if (record.body.status === 'failed') expect(typeof record.body.error.code).toBe('string');
          const test = await t
            .api()
            .post(`/v2/agents/${agent.body.id}/test`)
            .set(bearer(key))
            .send({ input });
          expect(test.status).toBe(200);
          expect(test.body.status).toBe(record.body.status);
        },
      ),
      { numRuns: 40 },
    );
  });
});

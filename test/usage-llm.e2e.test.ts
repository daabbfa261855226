import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sample } from './support/prometheus';
import { bearer, startTestService, type TestService } from './support/service';

/** This suite needs the `llm` step type; without it, it is skipped. */
const LLM_STEP = existsSync(join(__dirname, '..', 'src', 'workflows', 'steps', 'llm.step.ts'));
if (!LLM_STEP) console.log('SKIPPED test/usage-llm.e2e.test.ts: no llm step type yet');

/** An OpenAI-compatible chat completions server: every answer costs 600 + 400 tokens. */
async function startModel(): Promise<{ url: string; calls: () => number; close(): Promise<void> }> {
  let calls = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${calls}`,
          object: 'chat.completion',
          model: 'fake-model',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'A short answer.' },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 600, completion_tokens: 400, total_tokens: 1000 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    calls: () => calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The account side of `llm` steps end to end: real runs through the workflow kind against a
 * local model, their tokens in GET /v2/usage and /metrics, and the plan's monthly allowance
 * stopping the next model call with `budget_exceeded`.
 */
describe.skipIf(!LLM_STEP)('model usage of llm steps', () => {
  let t: TestService;
  let model: Awaited<ReturnType<typeof startModel>>;

  beforeAll(async () => {
    model = await startModel();
    t = await startTestService({
      LLM_BASE_URL: model.url,
      LLM_API_KEY: 'sk-operator-0123456789',
      LLM_MODEL: 'fake-model',
      PLAN_MONTHLY_TOKENS: 'free_trial=1500',
    });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  const workflow = {
    name: 'Summariser',
    kind: 'workflow',
    config: { steps: [{ id: 'read', type: 'llm', prompt: '{% $input.message %}' }] },
  };

  it('counts runs and test runs, and fails the call past the allowance with budget_exceeded', async () => {
    const { key } = await t.seedAccount({ plan: 'free_trial' });
    const agent = (await t.api().post('/v2/agents').set(bearer(key)).send(workflow).expect(201))
      .body as { id: string };
    const trigger = async () =>
      (
        await t
          .api()
          .post(`/v2/agents/${agent.id}/trigger`)
          .set(bearer(key))
          .send({ input: { message: 'Summarise this' } })
          .expect(200)
      ).body as { execution_id: string; status: string };
    const before = model.calls();

    expect((await trigger()).status).toBe('completed'); // 1000 of 1500
    // A test run makes a real call: it counts (2000 of 1500).
    const test = await t
      .api()
      .post(`/v2/agents/${agent.id}/test`)
      .set(bearer(key))
      .send({ input: { message: 'Summarise this too' } })
      .expect(200);
    expect(test.body.status).toBe('completed');
    // Used up: the step fails before calling the model.
    const refused = await trigger();
    expect(refused.status).toBe('failed');
    const record = await t
      .api()
      .get(`/v2/executions/${refused.execution_id}`)
      .set(bearer(key))
      .expect(200);
    expect(record.body.error).toMatchObject({ code: 'budget_exceeded', step: 'read' });
    expect(model.calls() - before).toBe(2);

    const usage = await t.api().get('/v2/usage').set(bearer(key)).expect(200);
    expect(usage.body.allowance).toMatchObject({ monthly_tokens: 1500, used: 2000, remaining: 0 });
    expect(usage.body.data).toEqual([
      expect.objectContaining({
        model: 'fake-model',
        prompt_tokens: 1200,
        completion_tokens: 800,
        calls: 2,
        errors: 0,
      }),
    ]);
    const metrics = (await t.api().get('/metrics').expect(200)).text;
    expect(
      sample(metrics, 'aas_model_tokens_total', { model: 'fake-model', type: 'prompt' }),
    ).toBeGreaterThanOrEqual(1200);
  });

  it('does not limit a plan without an allowance', async () => {
    const { key } = await t.seedAccount({ plan: 'enterprise' });
    const agent = (await t.api().post('/v2/agents').set(bearer(key)).send(workflow).expect(201))
      .body as { id: string };
    for (let i = 0; i < 3; i++) {
      const run = await t
        .api()
        .post(`/v2/agents/${agent.id}/trigger`)
        .set(bearer(key))
        .send({ input: { message: `Run ${i}` } })
        .expect(200);
      expect(run.body.status).toBe('completed');
    }
    const usage = await t.api().get('/v2/usage').set(bearer(key)).expect(200);
    expect(usage.body.allowance).toMatchObject({ monthly_tokens: null, used: 3000 });
  });
});

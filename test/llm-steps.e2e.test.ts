import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeModel } from './support/fake-model';
import { bearer, startTestService, type TestService } from './support/service';
import { agentCalls, exampleAgent, startReceiver } from './support/workflows';
import { waitFor } from './support/wait';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;
const OPERATOR_KEY = 'sk-operator-0123456789';
const USER_KEY = 'sk-user-key-9876543210';
const LEAD = {
  email: 'jane@acme.io',
  company: 'Acme',
  message: 'We need the Pro plan for 50 seats before Friday, can you send a quote?',
};

/**
 * `llm` steps over HTTP (docs/workflows.md, LLM steps) against a scripted OpenAI-compatible fake
 * model.
 */
describe('llm steps', () => {
  let t: TestService;
  let key: string;
  let model: FakeModel;
  let crm: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    [model, crm] = await Promise.all([FakeModel.start(), startReceiver()]);
    t = await startTestService({
      LLM_BASE_URL: model.url,
      LLM_API_KEY: OPERATOR_KEY,
      LLM_MODEL: 'fake-model',
    });
    key = (await t.seedAccount()).key;
    await t
      .api()
      .put('/v2/secrets/OPENAI_KEY')
      .set(bearer(key))
      .send({ value: USER_KEY })
      .expect(200);
  });
  beforeEach(() => {
    model.reset();
    crm.received.length = 0;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([model?.close(), crm?.close()]);
  });

  const api = () => t.api();
  const { createAgent, trigger, execution, invalid } = agentCalls(() => ({ t, key }));
  const workflow = (config: Json) => ({ name: 'LLM', kind: 'workflow', config });

  it('refuses a bad llm step at its JSON path', async () => {
    const invalidStep = (step: Json, field: string) =>
      invalid(workflow({ steps: [{ id: 'read', type: 'llm', prompt: 'x', ...step }] }), field);
    await invalidStep(
      { output_schema: { type: 'object', properties: { a: { type: 'string', minLength: 1 } } } },
      'config.steps[0].output_schema.properties.a.minLength',
    );
    await invalidStep({ api_key: USER_KEY }, 'config.steps[0].api_key');
    await invalidStep({ max_turns: 99 }, 'config.steps[0].max_turns');
    await invalidStep(
      { tools: [{ name: 'x', parameters: {}, http: { url: 'https://x.io' } }] },
      'config.steps[0].tools[0].parameters',
    );
  });

  it('runs the LLM lead qualifier example: rules score plus the model reading, usage on step and execution', async () => {
    model.fallback = () => ({
      content: { intent: 'purchase', urgency: 'high', product: 'Pro plan' },
      usage: [150, 20],
    });
    const agent = await createAgent(exampleAgent('llm-lead-qualifier.json', crm.url));
    const run = await trigger(agent.id, LEAD);
    expect(run.status).toBe('completed');
    const record = await execution(run.execution_id);
    expect(record.output).toMatchObject({
      intent: 'purchase',
      urgency: 'high',
      product: 'Pro plan',
      qualified: true,
    });
    expect(record.output.score).toBe(Math.min(100, record.output.rules_score + 30));
    const read = record.steps.find((step: Json) => step.id === 'read');
    expect(read).toMatchObject({
      type: 'llm',
      status: 'completed',
      usage: { prompt_tokens: 150, completion_tokens: 20 },
      llm: {
        calls: [expect.objectContaining({ turn: 1, model: 'fake-model', finish_reason: 'stop' })],
      },
    });
    expect(record.usage).toEqual({ prompt_tokens: 150, completion_tokens: 20 });

    const [request] = model.requests;
    expect(request.headers.authorization).toBe(`Bearer ${OPERATOR_KEY}`);
    expect(request.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { strict: true },
    });
    expect(request.body.messages[1].content).toContain(
      'Company: Acme. Message: We need the Pro plan',
    );
    // The prompt is in no log entry of the execution; the model call is, in one line.
    const logs = JSON.stringify(record.logs);
    expect(logs).not.toContain('50 seats');
    expect(logs).not.toContain('Pro plan');
    expect(logs).toMatch(/Model fake-model answered in \d+ ms, 170 tokens/);

    const list = (await api().get(`/v2/executions?limit=1`).set(bearer(key)).expect(200)).body;
    expect(list.data[0].usage).toEqual({ prompt_tokens: 150, completion_tokens: 20 });
  });

  it('has usage null when no model was called', async () => {
    const agent = await createAgent(
      workflow({ steps: [{ id: 't', type: 'transform', value: 1 }] }),
    );
    const run = await trigger(agent.id, {});
    expect((await execution(run.execution_id)).usage).toBeNull();
  });

  it("calls tools over HTTP with the step's own base_url and secret key", async () => {
    model.script(
      { tool_calls: [{ name: 'lookup', arguments: { email: 'jane@acme.io' }, id: 'c1' }] },
      { content: 'Jane is a known customer' },
    );
    const agent = await createAgent(
      workflow({
        steps: [
          {
            id: 'agent',
            type: 'llm',
            prompt: '{% "Who is " & $input.email %}',
            base_url: model.url,
            api_key: '{{secrets.OPENAI_KEY}}',
            model: 'other-model',
            tools: [
              {
                name: 'lookup',
                parameters: { type: 'object', properties: { email: { type: 'string' } } },
                http: { url: `${crm.url}/lookup` },
              },
            ],
          },
        ],
      }),
    );
    const run = await trigger(agent.id, { email: 'jane@acme.io' });
    expect(run.output).toEqual({ text: 'Jane is a known customer' });
    expect(model.requests.map((request) => request.headers.authorization)).toEqual([
      `Bearer ${USER_KEY}`,
      `Bearer ${USER_KEY}`,
    ]);
    expect(model.requests[0].body.model).toBe('other-model');
    expect(crm.received).toEqual([
      expect.objectContaining({ path: '/lookup', body: { email: 'jane@acme.io' } }),
    ]);
    expect(crm.received[0].headers['idempotency-key']).toBe(`${run.execution_id}:agent:c1`);
    const [step] = (await execution(run.execution_id)).steps;
    expect(step.llm.calls[0].tool_calls).toEqual([
      expect.objectContaining({ id: 'c1', name: 'lookup', status: 'completed', status_code: 200 }),
    ]);
    expect(step.llm.calls).toHaveLength(2);
  });

  it('fails with the documented codes: llm_refused, max_turns_exceeded, budget_exceeded', async () => {
    const fails = async (config: Json, code: string, step: string) => {
      const agent = await createAgent(workflow(config));
      const run = await trigger(agent.id, {});
      expect(run.status).toBe('failed');
      const record = await execution(run.execution_id);
      expect(record.error).toMatchObject({ code, step });
      return record;
    };
    model.script({ refusal: 'No.' });
    await fails({ steps: [{ id: 'a', type: 'llm', prompt: 'x' }] }, 'llm_refused', 'a');

    model.reset();
    model.fallback = () => ({ tool_calls: [{ name: 't', arguments: {} }] });
    const tool = { name: 't', parameters: { type: 'object' }, http: { url: `${crm.url}/t` } };
    await fails(
      { steps: [{ id: 'b', type: 'llm', prompt: 'x', tools: [tool], max_turns: 2 }] },
      'max_turns_exceeded',
      'b',
    );
    expect(model.requests).toHaveLength(2);

    model.reset();
    const record = await fails(
      {
        limits: { max_llm_calls: 1 },
        steps: [
          { id: 'one', type: 'llm', prompt: 'x' },
          { id: 'two', type: 'llm', prompt: 'y' },
        ],
      },
      'budget_exceeded',
      'two',
    );
    expect(model.requests).toHaveLength(1);
    expect(record.usage).toEqual({ prompt_tokens: 10, completion_tokens: 5 });
  });

  it("a resumed retry goes on from the failed step's tool calls, without sending them again", async () => {
    model.script({ tool_calls: [{ name: 'lookup', arguments: {}, id: 'c1' }] }, { refusal: 'No.' });
    const agent = await createAgent(
      workflow({
        steps: [
          {
            id: 'agent',
            type: 'llm',
            prompt: 'Look Jane up',
            tools: [
              {
                name: 'lookup',
                parameters: { type: 'object' },
                http: { url: `${crm.url}/lookup` },
              },
            ],
          },
        ],
      }),
    );
    const failed = await trigger(agent.id, {});
    expect(failed.status).toBe('failed');
    expect(crm.received).toHaveLength(1);

    model.script({ content: 'Jane is known' });
    const resumed = await api()
      .post(`/v2/executions/${failed.execution_id}/retry`)
      .set(bearer(key))
      .send({ resume: true })
      .expect(202);
    const done = await waitFor(
      () => execution(resumed.body.id),
      (body) => body.status !== 'queued' && body.status !== 'running',
      15_000,
    );
    expect(done.status).toBe('completed');
    expect(done.output).toEqual({ text: 'Jane is known' });
    expect(crm.received).toHaveLength(1);
    expect(model.requests[2].body.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
    ]);
    const [step] = done.steps;
    expect(step.llm.calls.map((call: Json) => [call.turn, call.reused === true])).toEqual([
      [1, true],
      [2, true],
      [2, false],
    ]);
    // Only the tokens spent by this execution count in its usage.
    expect(step.usage).toEqual({ prompt_tokens: 10, completion_tokens: 5 });
    expect(done.usage).toEqual({ prompt_tokens: 10, completion_tokens: 5 });
  });

  it('POST /v2/agents/:id/test runs an llm step and answers its record', async () => {
    model.script({ content: { intent: 'support', urgency: 'low', product: null } });
    const agent = await createAgent(exampleAgent('llm-lead-qualifier.json', crm.url));
    const answer = await api()
      .post(`/v2/agents/${agent.id}/test`)
      .set(bearer(key))
      .send({ input: LEAD })
      .expect(200);
    expect(answer.body.status).toBe('completed');
    expect(answer.body.output).toMatchObject({ intent: 'support', urgency: 'low', product: null });
    const read = answer.body.steps.find((step: Json) => step.id === 'read');
    expect(read.usage).toEqual({ prompt_tokens: 10, completion_tokens: 5 });
    // A mocked llm step calls no model.
    const mocked = await api()
      .post(`/v2/agents/${agent.id}/test`)
      .set(bearer(key))
      .send({ input: LEAD, mocks: { read: { intent: 'other', urgency: 'low', product: null } } })
      .expect(200);
    expect(mocked.body.output.intent).toBe('other');
    expect(model.requests).toHaveLength(1);
  });

  it("a workflow execution's callback carries its steps and usage, as GET answers them", async () => {
    model.script({ content: 'Hello Jane', usage: [40, 6] });
    const agent = await createAgent(
      workflow({
        steps: [
          { id: 'greet', type: 'llm', prompt: '{% "Greet " & $input.email %}' },
          { id: 'shout', type: 'transform', value: '{% $uppercase($steps.greet.text) %}' },
        ],
      }),
    );
    const run = await api()
      .post(`/v2/agents/${agent.id}/trigger`)
      .set(bearer(key))
      .send({ input: LEAD, options: { callback_url: `${crm.url}/hook` } })
      .expect(200);
    await waitFor(
      async () => crm.received.length,
      (count) => count === 1,
    );
    const { data } = crm.received[0].body as Json;
    const { logs: _logs, ...record } = await execution(run.body.execution_id);
    expect(data).toEqual(record);
    expect(data.usage).toEqual({ prompt_tokens: 40, completion_tokens: 6 });
    expect(data.steps.map((step: Json) => step.id)).toEqual(['greet', 'shout']);
  });
});

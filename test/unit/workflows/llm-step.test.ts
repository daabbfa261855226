import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutboundHttpClient, StepError } from '../../../src/workflows';
import type { ModelCallUsage, ModelDefaults } from '../../../src/workflows/context';
import { FakeModel } from '../../support/fake-model';
import { Receiver } from '../../support/receiver';
import { FakeClock, MemoryCheckpoints, run, sandbox, type RunOptions } from './harness';

let model: FakeModel;
let tools: Receiver;
const open = new OutboundHttpClient({ allowPrivate: true });
let defaults: ModelDefaults;

beforeAll(async () => {
  [model, tools] = await Promise.all([FakeModel.start(), Receiver.start()]);
  defaults = { baseUrl: model.url, apiKey: 'sk-operator', model: 'fake-model', http: open };
});
beforeEach(() => {
  model.reset();
  tools.requests.length = 0;
});
afterAll(async () => {
  sandbox.close();
  await Promise.all([model.close(), tools.close(), open.close()]);
});

const SCHEMA = {
  type: 'object',
  properties: { intent: { type: 'string', enum: ['buy', 'support'] }, product: { type: 'string' } },
  required: ['intent'],
};
const read = (extra: Record<string, unknown> = {}) => ({
  steps: [
    {
      id: 'read',
      type: 'llm',
      system: 'You read sales leads.',
      prompt: '{% "Message: " & $input.message %}',
      output_schema: SCHEMA,
      ...extra,
    },
  ],
});
const runLlm = (config: unknown, options: RunOptions = {}) =>
  run(config, {
    input: { message: 'I want to buy the Pro plan for Ada Lovelace' },
    http: open as never,
    models: defaults,
    ...options,
  });

describe('llm step: one answer', () => {
  it('asks for strict json_schema output and returns the parsed, validated answer', async () => {
    model.script({ content: { intent: 'buy', product: 'Pro' }, usage: [120, 30] });
    const result = await runLlm(read({ temperature: 0, max_tokens: 300 }));
    expect(result.status).toBe('completed');
    expect(result.output).toEqual({ intent: 'buy', product: 'Pro' });
    const [request] = model.requests;
    expect(request.headers.authorization).toBe('Bearer sk-operator');
    expect(request.body).toMatchObject({
      model: 'fake-model',
      temperature: 0,
      max_tokens: 300,
      messages: [
        { role: 'system', content: 'You read sales leads.' },
        { role: 'user', content: 'Message: I want to buy the Pro plan for Ada Lovelace' },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'output', strict: true } },
    });
    expect(request.body.response_format?.json_schema?.schema).toMatchObject({
      additionalProperties: false,
      required: ['intent', 'product'],
    });
    expect(request.body.tools).toBeUndefined();
    const [step] = result.steps;
    expect(step.usage).toEqual({ prompt_tokens: 120, completion_tokens: 30 });
    expect(step.llm?.calls).toEqual([
      expect.objectContaining({
        turn: 1,
        model: 'fake-model',
        prompt_tokens: 120,
        completion_tokens: 30,
        finish_reason: 'stop',
      }),
    ]);
  });

  it('outputs {text} without output_schema, and sends no response_format', async () => {
    model.script({ content: 'Hello Ada' });
    const result = await runLlm(read({ output_schema: undefined }));
    expect(result.output).toEqual({ text: 'Hello Ada' });
    expect(model.requests[0].body.response_format).toBeUndefined();
  });

  it.each([
    ['prose instead of JSON', { content: "I'll help you with that!" }, /not JSON/],
    ['JSON that breaks the schema', { content: { intent: 'complain', product: null } }, /intent/],
    [
      'an answer cut by max_tokens',
      { content: '{"intent": "bu', finish_reason: 'length' },
      /length/,
    ],
  ])('fails with invalid_llm_output on %s', async (_name, reply, message) => {
    model.script(reply);
    const result = await runLlm(read());
    expect(result.error).toMatchObject({ code: 'invalid_llm_output', step: 'read' });
    expect(result.error?.message).toMatch(message);
  });

  it('fails with llm_refused on a refusal, keeping it in the record only', async () => {
    model.script({ refusal: 'I cannot help with that.' });
    const logs: RunOptions['logs'] = [];
    const result = await runLlm(read(), { logs });
    expect(result.error?.code).toBe('llm_refused');
    expect(result.error?.message).not.toContain('I cannot help');
    expect(result.steps[0].llm?.calls[0].refusal).toBe('I cannot help with that.');
  });

  it('retries a 429 honouring Retry-After, twice at most', async () => {
    model.script(
      { status: 429, retry_after: '3' },
      { status: 503 },
      { content: { intent: 'support', product: null } },
    );
    const clock = new FakeClock();
    const result = await runLlm(read(), { clock });
    expect(result.status).toBe('completed');
    expect(model.requests).toHaveLength(3);
    expect(clock.sleeps).toEqual([3000, 1000]);
  });

  it('fails with llm_error after two retries of 5xx, and at once on a 401', async () => {
    model.fallback = () => ({ status: 500 });
    const failed = await runLlm(read());
    expect(failed.error?.code).toBe('llm_error');
    expect(model.requests).toHaveLength(3);
    model.reset();
    model.fallback = () => ({ status: 401, body: '{"error":{"message":"Incorrect API key"}}' });
    const refused = await runLlm(read());
    expect(refused.error).toMatchObject({ code: 'llm_error' });
    expect(refused.error?.message).toMatch(/401: Incorrect API key/);
    expect(model.requests).toHaveLength(1);
  });

  it('fails with llm_error when the provider cannot be reached or answers garbage', async () => {
    const gone = await runLlm(read({ base_url: 'http://127.0.0.1:9/v1' }));
    expect(gone.error?.code).toBe('llm_error');
    model.script({ raw: '{"choices": [' });
    const garbage = await runLlm(read());
    expect(garbage.error?.code).toBe('llm_error');
  });

  it("a step's base_url obeys the outbound policy and gets only the step's own key", async () => {
    const strict = new OutboundHttpClient({ allowPrivate: false });
    try {
      const refused = await runLlm(read({ base_url: model.url }), { http: strict as never });
      expect(refused.error?.code).toBe('address_not_allowed');
      expect(model.requests).toHaveLength(0);
    } finally {
      await strict.close();
    }
    model.script(
      { content: { intent: 'buy', product: 'Pro' } },
      { content: { intent: 'buy', product: 'Pro' } },
    );
    await runLlm(read({ base_url: model.url }));
    expect(model.requests[0].headers.authorization).toBeUndefined();
    await runLlm(read({ base_url: model.url, api_key: '{{secrets.OPENAI_KEY}}' }), {
      secrets: { OPENAI_KEY: 'sk-user-secret' },
    });
    expect(model.requests[1].headers.authorization).toBe('Bearer sk-user-secret');
  });

  it('redacts a secret the model echoes, and an unknown key secret is secret_not_found', async () => {
    model.script({ content: 'your key is sk-user-secret' });
    const echoed = await runLlm(
      read({ output_schema: undefined, api_key: '{{secrets.OPENAI_KEY}}' }),
      {
        secrets: { OPENAI_KEY: 'sk-user-secret' },
      },
    );
    expect(echoed.output).toEqual({ text: 'your key is [redacted]' });
    const missing = await runLlm(read({ api_key: '{{secrets.NOPE}}' }));
    expect(missing.error?.code).toBe('secret_not_found');
  });

  it('cancelling aborts the call in flight', async () => {
    model.script({ hang: true });
    const checkpoints = new MemoryCheckpoints();
    const running = runLlm(read(), { checkpoints });
    await until(() => model.requests.length === 1);
    checkpoints.controller.abort(new Error('cancelled'));
    await expect(running).rejects.toThrow('cancelled');
    await until(() => model.aborted === 1);
  });

  it("a slow answer is waited for; a hanging one ends with the step's timeout, aborted", async () => {
    model.script({ delay_ms: 150, then: { content: { intent: 'buy', product: null } } });
    expect((await runLlm(read())).output).toEqual({ intent: 'buy', product: null });
    model.script({ hang: true });
    const result = await runLlm(read({ timeout_ms: 200 }));
    expect(result.error).toMatchObject({ code: 'timeout', step: 'read' });
    await until(() => model.aborted === 1);
  });

  it('keeps prompts and answers out of the logs', async () => {
    model.script({ content: { intent: 'buy', product: 'Pro' } });
    const logs: RunOptions['logs'] = [];
    await runLlm(read(), { logs });
    const text = JSON.stringify(logs);
    expect(text).toMatch(/Model fake-model answered in \d+ ms, 15 tokens/);
    expect(text).not.toContain('Ada Lovelace');
    expect(text).not.toContain('Pro');
  });
});

describe('llm step: budgets and the meter', () => {
  const two = (limits: Record<string, number>) => ({
    limits,
    steps: [
      { id: 'first', type: 'llm', prompt: 'a' },
      { id: 'second', type: 'llm', prompt: 'b' },
    ],
  });

  it('fails with budget_exceeded before the call that would pass max_llm_calls', async () => {
    const result = await runLlm(two({ max_llm_calls: 1 }));
    expect(result.error).toMatchObject({ code: 'budget_exceeded', step: 'second' });
    expect(model.requests).toHaveLength(1);
  });

  it('fails with budget_exceeded once max_tokens are used', async () => {
    model.fallback = () => ({ content: 'x', usage: [80, 30] });
    const result = await runLlm(two({ max_tokens: 100 }));
    expect(result.error).toMatchObject({ code: 'budget_exceeded', step: 'second' });
    expect(model.requests).toHaveLength(1);
    const fits = await runLlm(two({ max_tokens: 111 }));
    expect(fits.status).toBe('completed');
  });

  it('counts concurrent calls: a foreach cannot pass max_llm_calls', async () => {
    model.fallback = () => ({ delay_ms: 50, then: { content: 'x' } });
    const result = await runLlm({
      limits: { max_llm_calls: 3 },
      steps: [
        {
          id: 'each',
          type: 'foreach',
          items: [1, 2, 3, 4, 5, 6],
          concurrency: 6,
          steps: [{ id: 'ask', type: 'llm', prompt: 'x', on_error: 'continue' }],
        },
      ],
    });
    expect(result.status).toBe('completed');
    expect(model.requests).toHaveLength(3);
    const codes = result.steps
      .filter((step) => step.type === 'llm')
      .map((step) => step.error?.code ?? 'ok')
      .sort();
    expect(codes).toEqual([
      'budget_exceeded',
      'budget_exceeded',
      'budget_exceeded',
      'ok',
      'ok',
      'ok',
    ]);
  });

  it('a call that fails frees its place in max_llm_calls', async () => {
    model.script({ status: 400 });
    const result = await runLlm({
      limits: { max_llm_calls: 1 },
      steps: [
        { id: 'first', type: 'llm', prompt: 'a', on_error: 'continue' },
        { id: 'second', type: 'llm', prompt: 'b' },
      ],
    });
    expect(result.status).toBe('completed');
    expect(model.requests).toHaveLength(2);
  });

  it("stops before the call when the meter says the account's allowance is used", async () => {
    const recorded: ModelCallUsage[] = [];
    const meter = {
      check: async () => {
        throw new StepError('budget_exceeded', 'The monthly token allowance is used');
      },
      record: (_account: string, usage: ModelCallUsage) => void recorded.push(usage),
    };
    const result = await runLlm(two({}), { meter });
    expect(result.error).toMatchObject({ code: 'budget_exceeded', step: 'first' });
    expect(model.requests).toHaveLength(0);
    expect(recorded).toEqual([]);
  });

  it('checks and records every call with the meter', async () => {
    const recorded: ModelCallUsage[] = [];
    const checks: string[] = [];
    const meter = {
      check: async (account: string) => void checks.push(account),
      record: (_account: string, usage: ModelCallUsage) => void recorded.push(usage),
    };
    model.script({ content: 'a', usage: [7, 3] }, { status: 400 });
    const result = await runLlm(two({}), { meter });
    expect(result.error?.code).toBe('llm_error');
    expect(checks).toEqual(['acc_1', 'acc_1']);
    expect(recorded).toEqual([
      expect.objectContaining({
        model: 'fake-model',
        prompt_tokens: 7,
        completion_tokens: 3,
        ok: true,
      }),
      expect.objectContaining({ model: 'fake-model', prompt_tokens: 0, ok: false }),
    ]);
  });
});

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

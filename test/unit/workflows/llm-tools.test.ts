import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutboundHttpClient } from '../../../src/workflows';
import type { ModelDefaults } from '../../../src/workflows/context';
import { FakeModel } from '../../support/fake-model';
import { Receiver } from '../../support/receiver';
import { FakeHttp, MemoryCheckpoints, run, sandbox, type RunOptions } from './harness';

let model: FakeModel;
let crm: Receiver;
const open = new OutboundHttpClient({ allowPrivate: true });
let defaults: ModelDefaults;

beforeAll(async () => {
  [model, crm] = await Promise.all([FakeModel.start(), Receiver.start()]);
  defaults = { baseUrl: model.url, apiKey: null, model: 'fake-model', http: open };
});
beforeEach(() => {
  model.reset();
  crm.requests.length = 0;
  crm.behaviour = () => 200;
});
afterAll(async () => {
  sandbox.close();
  await Promise.all([model.close(), crm.close(), open.close()]);
});

const tool = (name: string) => ({
  name,
  description: `The ${name} tool`,
  parameters: { type: 'object', properties: { email: { type: 'string' } } },
  http: { url: crm.url(`/${name}`), headers: { 'X-Crm-Key': '{{secrets.CRM}}' } },
});
const agent = (extra: Record<string, unknown> = {}) => ({
  steps: [
    {
      id: 'agent',
      type: 'llm',
      prompt: 'Qualify ada@x.io',
      tools: [tool('lookup'), tool('history')],
      ...extra,
    },
  ],
});
const runAgent = (config: unknown, options: RunOptions = {}) =>
  run(config, {
    http: open as never,
    models: defaults,
    secrets: { CRM: 'crm-secret' },
    ...options,
  });

describe('llm step: tool calls', () => {
  it('runs the tool calls of a turn as HTTP requests and sends each result back with its id', async () => {
    model.script(
      {
        tool_calls: [
          { name: 'lookup', arguments: { email: 'ada@x.io' }, id: 'c1' },
          { name: 'history', arguments: { email: 'ada@x.io' }, id: 'c2' },
        ],
      },
      { content: 'Ada is a customer' },
    );
    const result = await runAgent(agent());
    expect(result.output).toEqual({ text: 'Ada is a customer' });
    expect(crm.requests.map((request) => request.path).sort()).toEqual(['/history', '/lookup']);
    const lookup = crm.requests.find((request) => request.path === '/lookup')!;
    expect(lookup).toMatchObject({ method: 'POST', body: '{"email":"ada@x.io"}' });
    expect(lookup.headers['x-crm-key']).toBe('crm-secret');
    expect(lookup.headers['idempotency-key']).toBe('exe_1:agent:c1');

    const [first, second] = model.requests;
    expect(first.body.tools?.map((offered) => offered.function.name)).toEqual([
      'lookup',
      'history',
    ]);
    expect(second.body.messages.slice(1)).toEqual([
      expect.objectContaining({ role: 'assistant', tool_calls: expect.any(Array) }),
      { role: 'tool', tool_call_id: 'c1', content: 'ack' },
      { role: 'tool', tool_call_id: 'c2', content: 'ack' },
    ]);
    const calls = result.steps[0].llm!.calls;
    expect(calls).toHaveLength(2);
    expect(calls[0].tool_calls).toEqual([
      expect.objectContaining({
        id: 'c1',
        name: 'lookup',
        arguments: { email: 'ada@x.io' },
        status: 'completed',
        status_code: 200,
      }),
      expect.objectContaining({ id: 'c2', name: 'history', status: 'completed' }),
    ]);
    expect(result.steps[0].usage).toEqual({ prompt_tokens: 20, completion_tokens: 10 });
  });

  it('runs the tool calls of one turn concurrently, four at most', async () => {
    let inFlight = 0;
    let most = 0;
    const http = new FakeHttp(async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 30));
      inFlight--;
      return { status: 200, body: '{"ok":true}' };
    });
    const calls = Array.from({ length: 6 }, (_, index) => ({
      name: 'lookup',
      arguments: { index },
    }));
    model.script({ tool_calls: calls }, { content: 'done' });
    const result = await runAgent(agent(), { http });
    expect(result.status).toBe('completed');
    expect(http.calls).toHaveLength(6);
    expect(most).toBe(4);
  });

  it('sends the arguments of a GET tool as query parameters', async () => {
    model.script(
      { tool_calls: [{ name: 'lookup', arguments: { email: 'ada@x.io', tags: ['a'] } }] },
      { content: 'done' },
    );
    const getter = { ...tool('lookup'), http: { url: crm.url('/lookup?v=1'), method: 'GET' } };
    await runAgent(agent({ tools: [getter] }));
    expect(crm.requests[0]).toMatchObject({
      method: 'GET',
      path: '/lookup?v=1&email=ada%40x.io&tags=%5B%22a%22%5D',
      body: '',
    });
  });

  it('checks the arguments against parameters before calling the tool', async () => {
    model.script(
      { tool_calls: [{ name: 'lookup', arguments: { email: 42 }, id: 'c1' }] },
      { content: 'done' },
    );
    const result = await runAgent(agent());
    expect(crm.requests).toHaveLength(0);
    const [call] = result.steps[0].llm!.calls[0].tool_calls!;
    expect(call).toMatchObject({ status: 'failed' });
    expect(call.result).toMatch(/arguments break parameters: \/email must be string/);
  });

  it("never sends a tool's secret back to the model, even when the tool echoes it", async () => {
    const http = new FakeHttp((request) => ({
      status: 200,
      body: JSON.stringify({ got: request.headers['x-crm-key'] }),
    }));
    model.script({ tool_calls: [{ name: 'lookup', arguments: {} }] }, { content: 'done' });
    const result = await runAgent(agent(), { http });
    expect(http.calls[0].headers['x-crm-key']).toBe('crm-secret');
    const sent = JSON.stringify(model.requests[1].body.messages);
    expect(sent).toContain('[redacted]');
    expect(sent).not.toContain('crm-secret');
    expect(JSON.stringify(result.steps)).not.toContain('crm-secret');
  });

  it('tells the model about a failing tool instead of failing the step', async () => {
    crm.behaviour = () => 500;
    model.script(
      {
        tool_calls: [
          { name: 'lookup', arguments: {}, id: 'c1' },
          { name: 'nope', arguments: {}, id: 'c2' },
        ],
      },
      { content: 'done' },
    );
    const result = await runAgent(agent());
    expect(result.status).toBe('completed');
    const tools = result.steps[0].llm!.calls[0].tool_calls!;
    expect(tools.map((call) => [call.status, call.status_code])).toEqual([
      ['failed', 500],
      ['failed', undefined],
    ]);
    expect(model.requests[1].body.messages.at(-1)?.content).toMatch(/no tool named nope/);
  });

  it('calls the model without tools on the last allowed turn, and fails past max_turns', async () => {
    model.fallback = () => ({ tool_calls: [{ name: 'lookup', arguments: {} }] });
    const result = await runAgent(agent({ max_turns: 3 }));
    expect(result.error).toMatchObject({ code: 'max_turns_exceeded', step: 'agent' });
    expect(model.requests).toHaveLength(3);
    expect(model.requests.map((request) => request.body.tools === undefined)).toEqual([
      false,
      false,
      true,
    ]);
    expect(crm.requests).toHaveLength(2);
  });

  it('lets the model answer on the last turn', async () => {
    model.script({ tool_calls: [{ name: 'lookup', arguments: {} }] }, { content: 'final' });
    const result = await runAgent(agent({ max_turns: 2 }));
    expect(result.output).toEqual({ text: 'final' });
    expect(model.requests[1].body.tools).toBeUndefined();
  });

  it('a retry goes on from the recorded tool calls and never repeats a finished one', async () => {
    model.script(
      { tool_calls: [{ name: 'lookup', arguments: {}, id: 'c1' }] },
      { content: 'not json' },
      { content: { ok: true } },
    );
    const result = await runAgent(
      agent({
        output_schema: {
          type: 'object',
          properties: { ok: { type: 'boolean' } },
          required: ['ok'],
        },
        retry: { max_attempts: 2, interval_ms: 0 },
      }),
    );
    expect(result.output).toEqual({ ok: true });
    expect(result.steps[0].attempts).toBe(2);
    expect(crm.requests).toHaveLength(1);
    expect(model.requests[2].body.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
    ]);
    expect(result.steps[0].llm!.calls.map((call) => call.turn)).toEqual([1, 2, 2]);
  });

  it('a run resumed after a crash sends only the tool calls that had not finished', async () => {
    model.script(
      { tool_calls: [{ name: 'lookup', arguments: {}, id: 'c1' }] },
      { tool_calls: [{ name: 'history', arguments: {}, id: 'c2' }] },
      { content: 'done' },
    );
    const checkpoints = new MemoryCheckpoints();
    // Progress saves: turn 1 asked (1), lookup done (2), turn 2 asked (3): killed there.
    checkpoints.crashAfterProgress = 3;
    await expect(runAgent(agent(), { checkpoints })).rejects.toThrow('process killed');
    expect(crm.requests.map((request) => request.path)).toEqual(['/lookup']);
    expect(checkpoints.persisted.get('agent')).toMatchObject({ status: 'running' });

    const resumed = await runAgent(agent(), { checkpoints });
    expect(resumed.output).toEqual({ text: 'done' });
    expect(crm.requests.map((request) => request.path)).toEqual(['/lookup', '/history']);
    expect(model.requests).toHaveLength(3);
    expect(resumed.steps[0].llm!.calls.map((call) => call.turn)).toEqual([1, 2, 3]);
    expect(resumed.steps[0].usage).toEqual({ prompt_tokens: 30, completion_tokens: 15 });
  });

  it('counts the calls of an interrupted run against the workflow limits', async () => {
    model.script(
      { tool_calls: [{ name: 'lookup', arguments: {}, id: 'c1' }] },
      { content: 'done' },
    );
    const checkpoints = new MemoryCheckpoints();
    checkpoints.crashAfterProgress = 2;
    await expect(
      runAgent({ ...agent(), limits: { max_llm_calls: 1 } }, { checkpoints }),
    ).rejects.toThrow();
    const resumed = await runAgent({ ...agent(), limits: { max_llm_calls: 1 } }, { checkpoints });
    expect(resumed.error?.code).toBe('budget_exceeded');
    expect(model.requests).toHaveLength(1);
  });
});

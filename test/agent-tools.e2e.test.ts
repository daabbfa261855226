import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Execution } from '../src/executions/execution.entity';
import { FakeModel } from './support/fake-model';
import { bearer, startTestService, type TestService } from './support/service';
import { waitFor } from './support/wait';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;

/**
 * Agents as `llm` tools (docs/workflows.md, LLM steps): the model is offered the agent with
 * its `input_schema` as `parameters`, each call is a child execution (`source: "agent"`) whose
 * output is the tool message, or `{"error": {code, message}}` when it failed; an unknown
 * agent is refused when the workflow is saved.
 */
describe('agent tools of llm steps', () => {
  let t: TestService;
  let key: string;
  let model: FakeModel;

  beforeAll(async () => {
    model = await FakeModel.start();
    t = await startTestService({
      LLM_BASE_URL: model.url,
      LLM_MODEL: 'fake-model',
      WORKER_POLL_MS: '50',
    });
    key = (await t.seedAccount()).key;
  });
  beforeEach(() => model.reset());
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  const create = async (body: Json): Promise<string> => {
    const response = await t.api().post('/v2/agents').set(bearer(key)).send(body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as string;
  };
  const record = async (id: string): Promise<Json> =>
    (await t.api().get(`/v2/executions/${id}`).set(bearer(key)).expect(200)).body as Json;
  const run = async (agentId: string): Promise<Json> => {
    const response = await t
      .api()
      .post(`/v2/agents/${agentId}/trigger`)
      .set(bearer(key))
      .send({ input: {}, options: { async: true } })
      .expect(202);
    return waitFor(
      () => record(response.body.execution_id as string),
      (body) => ['completed', 'failed'].includes(body.status),
      20_000,
      25,
    );
  };
  const schema = {
    type: 'object',
    required: ['email'],
    properties: { email: { type: 'string' } },
  };

  it('offers the agent with its input_schema; each call is a child execution, its output the tool message', async () => {
    const crm = await create({
      name: 'crm-lookup',
      kind: 'workflow',
      input_schema: schema,
      config: {
        steps: [
          { id: 'out', type: 'transform', value: { known: true, email: '{% $input.email %}' } },
        ],
      },
    });
    const failing = await create({
      name: 'crm-broken',
      kind: 'workflow',
      config: { steps: [{ id: 'no', type: 'fail', code: 'crm_down', message: 'CRM is down' }] },
    });
    model.script(
      {
        tool_calls: [
          { name: 'lookup', arguments: { email: 'jane@acme.io' }, id: 'c1' },
          { name: 'broken', arguments: {}, id: 'c2' },
          { name: 'lookup', arguments: { name: 'no email' }, id: 'c3' },
        ],
      },
      { content: 'done' },
    );
    const parent = await create({
      name: 'assistant',
      kind: 'workflow',
      config: {
        steps: [
          {
            id: 'ask',
            type: 'llm',
            prompt: 'Who is jane@acme.io?',
            tools: [
              { name: 'lookup', description: 'Look up a lead', agent: crm },
              { name: 'broken', agent: failing, parameters: { type: 'object' } },
            ],
          },
        ],
      },
    });
    const done = await run(parent);
    expect(done.status, JSON.stringify(done.error)).toBe('completed');
    expect(model.requests[0].body.tools?.map((tool) => tool.function.parameters)).toEqual([
      schema,
      { type: 'object' },
    ]);
    const messages = model.requests[1].body.messages.filter((m) => m.role === 'tool');
    const byCall = Object.fromEntries(
      messages.map((m) => [m.tool_call_id, JSON.parse(m.content!)]),
    );
    expect(byCall.c1).toEqual({ known: true, email: 'jane@acme.io' });
    expect(byCall.c2).toEqual({
      error: { code: 'crm_down', message: expect.stringContaining('CRM is down') },
    });
    expect(byCall.c3.error.code).toBe('invalid_input');
    const children = await t.service.dataSource
      .getRepository(Execution)
      .findBy({ parentExecutionId: done.id });
    expect(children.map((c) => [c.agentId, c.source, c.status]).sort()).toEqual(
      [
        [crm, 'agent', 'completed'],
        [failing, 'agent', 'failed'],
      ].sort(),
    );
  });

  it('refuses an unknown agent tool when the workflow is saved', async () => {
    const response = await t
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({
        name: 'refused',
        kind: 'workflow',
        config: {
          steps: [
            { id: 'ask', type: 'llm', prompt: 'hi', tools: [{ name: 'x', agent: 'agt_unknown' }] },
          ],
        },
      })
      .expect(400);
    expect(response.body.error.field).toBe('config.steps[0].tools[0].agent');
  });
});

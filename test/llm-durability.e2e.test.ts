import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_STATUSES } from '../src/executions/execution.entity';
import { ensureBuilt } from './support/cli';
import { createTestDatabase, type TestDatabase } from './support/database';
import { FakeModel, type ModelRequest } from './support/fake-model';
import { startServiceProcess, type ServiceProcess } from './support/process';
import { bearer, startTestService, TEST_SECRET_KEY, type TestService } from './support/service';
import { startReceiver } from './support/workflows';
import { waitFor } from './support/wait';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;
const LEASE = { WORKER_LEASE_MS: '600', WORKER_POLL_MS: '50' };
const PROMPT_TEXT = 'Ada Lovelace wants 40 seats of the analytical engine';
const OPERATOR_KEY = 'sk-durable-operator-key-0123456789';

/**
 * An `llm` step killed (SIGKILL) while one of its tool calls hangs: the new worker goes on
 * from the step's saved progress. The receiver counts tool calls: the finished one is never
 * sent again, the interrupted one again with the same Idempotency-Key; the model is not asked
 * again for the turns that were recorded. The worker logs at debug level, and never the prompt.
 */
describe('llm step durability across SIGKILL', () => {
  let db: TestDatabase;
  let api: TestService;
  let key: string;
  let model: FakeModel;
  let worker: ServiceProcess | undefined;
  let hang = true;
  let hangChild = true;
  let tools: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    model = await FakeModel.start();
    // The answer depends only on the conversation so far: one tool per turn, then the answer.
    model.fallback = (request: ModelRequest) => {
      const done = request.body.messages.filter((message) => message.role === 'tool').length;
      if (done === 0) return { tool_calls: [{ name: 'lookup', arguments: { n: 1 }, id: 'c1' }] };
      if (done === 1) return { tool_calls: [{ name: 'reserve', arguments: { n: 2 }, id: 'c2' }] };
      return { content: { reserved: true } };
    };
    tools = await startReceiver((_index, request) =>
      (request.path === '/reserve' && hang) || (request.path === '/child' && hangChild)
        ? { status: 200, delayMs: 600_000 }
        : { status: 200 },
    );
    api = await startTestService({ ROLE: 'api', ...LEASE }, { db });
    key = (await api.seedAccount()).key;
  });
  afterAll(async () => {
    worker?.killAll();
    await api?.close();
    await Promise.all([tools?.close(), model?.close()]);
    await db?.drop();
  });

  const startWorker = () =>
    startServiceProcess({
      ...db.env,
      ...LEASE,
      ROLE: 'worker',
      SECRET_KEY: TEST_SECRET_KEY,
      OUTBOUND_ALLOW_PRIVATE: 'true',
      LLM_BASE_URL: model.url,
      LLM_MODEL: 'fake-model',
      LLM_API_KEY: OPERATOR_KEY,
      LOG_LEVEL: 'debug',
    });

  it('killed inside a tool call: finished tool calls and model turns are not repeated', async () => {
    const tool = (name: string) => ({
      name,
      parameters: { type: 'object', properties: { n: { type: 'integer' } } },
      http: { url: `${tools.url}/${name}` },
    });
    const config = {
      steps: [
        {
          id: 'agent',
          type: 'llm',
          prompt: '{% $input.message %}',
          output_schema: { type: 'object', properties: { reserved: { type: 'boolean' } } },
          tools: [tool('lookup'), tool('reserve')],
          timeout_ms: 600_000,
        },
      ],
    };
    const agent = await api
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({ name: 'durable llm', kind: 'workflow', config, timeout_ms: 600_000 })
      .expect(201);
    worker = await startWorker();
    const run = await api
      .api()
      .post(`/v2/agents/${agent.body.id}/trigger`)
      .set(bearer(key))
      .send({ input: { message: PROMPT_TEXT }, options: { async: true } })
      .expect(202);
    const id = run.body.execution_id as string;
    const calls = (path: string) => tools.received.filter((request) => request.path === path);
    await waitFor(
      async () => calls('/reserve').length,
      (n) => n === 1,
      15_000,
    );
    const firstLogs = worker.output();
    worker.killAll();
    await worker.exited;
    hang = false;
    expect(model.requests).toHaveLength(2);

    worker = await startWorker();
    const record = await waitFor(
      async () => (await api.api().get(`/v2/executions/${id}`).set(bearer(key))).body as Json,
      (body) => FINAL_STATUSES.includes(body.status),
      30_000,
    );
    expect(record.status).toBe('completed');
    expect(record.output).toEqual({ reserved: true });
    expect(calls('/lookup')).toHaveLength(1);
    expect(calls('/reserve')).toHaveLength(2);
    for (const request of calls('/reserve')) {
      expect(request.headers['idempotency-key']).toBe(`${id}:agent:c2`);
    }
    // Turns 1 and 2 were recorded before the kill: only the final answer is asked for again.
    expect(model.requests).toHaveLength(3);
    const [step] = record.steps;
    expect(step.llm.calls.map((call: Json) => call.turn)).toEqual([1, 2, 3]);
    expect(record.usage).toEqual({ prompt_tokens: 30, completion_tokens: 15 });

    const logs = firstLogs + worker.output();
    // The workers' pino output (debug level): the prompt, the answer and the tool results are not in it.
    expect(logs).toContain('agent automation service started');
    expect(logs).not.toContain('Ada Lovelace');
    expect(logs).not.toContain('reserved');
    // The operator's key went to the model, and nowhere else.
    expect(model.requests[0].headers.authorization).toBe(`Bearer ${OPERATOR_KEY}`);
    expect(logs).not.toContain(OPERATOR_KEY);
    expect(JSON.stringify(record)).not.toContain(OPERATOR_KEY);
  });

  it('killed in its second attempt while an agent tool runs: the resumed step finds the same child', async () => {
    const child = await api
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({
        name: 'slow lookup',
        kind: 'workflow',
        config: { steps: [{ id: 'crm', type: 'http', url: `${tools.url}/child` }] },
      })
      .expect(201);
    // The first model call fails the step's first attempt; the second asks for the agent tool.
    let asked = 0;
    model.fallback = (request: ModelRequest) => {
      asked++;
      if (asked === 1) return { status: 400 };
      const done = request.body.messages.filter((message) => message.role === 'tool').length;
      if (done === 0) return { tool_calls: [{ name: 'lookup', arguments: {}, id: 'a1' }] };
      return { content: { reserved: true } };
    };
    const agent = await api
      .api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({
        name: 'retried llm with an agent tool',
        kind: 'workflow',
        timeout_ms: 600_000,
        config: {
          steps: [
            {
              id: 'ask',
              type: 'llm',
              prompt: 'Look it up',
              output_schema: { type: 'object', properties: { reserved: { type: 'boolean' } } },
              tools: [{ name: 'lookup', agent: child.body.id, parameters: { type: 'object' } }],
              retry: { max_attempts: 3, interval_ms: 100, jitter: 'none' },
              timeout_ms: 600_000,
            },
          ],
        },
      })
      .expect(201);
    // The first test's worker is stopped: only the one killed below runs this execution.
    worker?.killAll();
    await worker?.exited;
    worker = await startWorker();
    const run = await api
      .api()
      .post(`/v2/agents/${agent.body.id}/trigger`)
      .set(bearer(key))
      .send({ input: {}, options: { async: true } })
      .expect(202);
    const id = run.body.execution_id as string;
    const children = async () =>
      (await api.api().get(`/v2/agents/${child.body.id}/executions`).set(bearer(key))).body
        .data as Json[];
    // The child runs (its http step hangs) in the parent's second attempt: kill the worker.
    await waitFor(
      async () => tools.received.filter((request) => request.path === '/child').length,
      (n) => n === 1,
      15_000,
    );
    worker.killAll();
    await worker.exited;
    hangChild = false;

    worker = await startWorker();
    const record = await waitFor(
      async () => (await api.api().get(`/v2/executions/${id}`).set(bearer(key))).body as Json,
      (body) => FINAL_STATUSES.includes(body.status),
      30_000,
    );
    expect(record.status, JSON.stringify(record.error)).toBe('completed');
    expect(record.steps[0].attempts).toBe(2);
    const started = await children();
    expect(started.map((execution) => [execution.parent_execution_id, execution.status])).toEqual([
      [id, 'completed'],
    ]);
  });
});

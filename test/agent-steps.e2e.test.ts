import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Execution } from '../src/executions/execution.entity';
import { bearer, startTestService, type TestService } from './support/service';
import { waitFor } from './support/wait';
import { exampleAgent } from './support/workflows';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;

/**
 * `agent` steps over HTTP (docs/workflows.md, Agents as steps): the child is an execution of
 * its own (`source: "agent"`, parent and root set), the parent waits for it as for any wait
 * (`waiting`, no lease) and takes its output, or fails with `agent_failed`; `wait: false`
 * goes on at once; a paused child agent, an input the child's `input_schema` refuses and the
 * depth limit fail the step without a child; an unknown agent is refused when saved; and
 * cancelling a parent cancels the child it waits for.
 */
describe('agent steps', () => {
  let t: TestService;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    t = await startTestService({ WORKER_POLL_MS: '50' });
    key = (await t.seedAccount()).key;
    otherKey = (await t.seedAccount()).key;
  });
  afterAll(async () => {
    await t?.close();
  });

  const api = () => t.api();
  const create = async (body: Json, as = key): Promise<string> => {
    const response = await api().post('/v2/agents').set(bearer(as)).send(body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as string;
  };
  const workflow = (name: string, steps: Json[], extra: Json = {}) =>
    create({ name, kind: 'workflow', config: { steps }, ...extra });
  const trigger = async (agentId: string, input: Json = {}): Promise<string> => {
    const response = await api()
      .post(`/v2/agents/${agentId}/trigger`)
      .set(bearer(key))
      .send({ input, options: { async: true } })
      .expect(202);
    return response.body.execution_id as string;
  };
  const record = async (id: string): Promise<Json> =>
    (await api().get(`/v2/executions/${id}`).set(bearer(key)).expect(200)).body as Json;
  const settled = (id: string, statuses: string[], ms = 20_000) =>
    waitFor(
      () => record(id),
      (body) => statuses.includes(body.status),
      ms,
      25,
    );
  const childrenOf = (parentId: string) =>
    t.service.dataSource.getRepository(Execution).findBy({ parentExecutionId: parentId });

  it('a parent waits for its child (no lease) and takes its output after the child’s own wait', async () => {
    const child = await workflow('child', [
      { id: 'hold', type: 'wait', duration_ms: 700 },
      { id: 'out', type: 'transform', value: { doubled: '{% $input.n * 2 %}' } },
    ]);
    const parent = await workflow('parent', [
      { id: 'call', type: 'agent', agent_id: child, input: { n: '{% $input.n %}' } },
      { id: 'after', type: 'transform', value: { got: '{% $steps.call.doubled %}' } },
    ]);
    const id = await trigger(parent, { n: 21 });
    const waiting = await settled(id, ['waiting']);
    expect(waiting.waiting).toEqual({ step: 'call' });
    const row = await t.service.dataSource.getRepository(Execution).findOneByOrFail({ id });
    expect(row.leasedUntil).toBeNull();

    const done = await settled(id, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    expect(done.output).toEqual({ got: 42 });
    expect(done.parent_execution_id).toBeNull();
    expect(done.root_execution_id).toBeNull();
    const call = done.steps.find((s: Json) => s.id === 'call');
    expect(call).toMatchObject({ status: 'completed', output: { doubled: 42 } });
    const kids = await childrenOf(id);
    expect(kids).toHaveLength(1); // one child, though the parent ran twice
    expect(call.child_execution_id).toBe(kids[0].id);
    const childRecord = await record(kids[0].id);
    expect(childRecord).toMatchObject({
      agent_id: child,
      source: 'agent',
      status: 'completed',
      parent_execution_id: id,
      root_execution_id: id,
      input: { n: 21 },
      output: { doubled: 42 },
    });
    const listed = await api()
      .get(`/v2/agents/${child}/executions?limit=5`)
      .set(bearer(key))
      .expect(200);
    expect(listed.body.data[0]).toMatchObject({ source: 'agent', parent_execution_id: id });
  });

  it('a failed child fails the step with agent_failed and its message; retry starts a new child; on_error continues', async () => {
    const child = await workflow('failing-child', [
      { id: 'no', type: 'fail', code: 'nope', message: 'child says no' },
    ]);
    const parent = await workflow('parent-of-failing', [
      {
        id: 'call',
        type: 'agent',
        agent_id: child,
        retry: { max_attempts: 2, interval_ms: 10 },
        on_error: 'continue',
      },
      { id: 'after', type: 'transform', value: { error: '{% $steps.call.error.code %}' } },
    ]);
    const id = await trigger(parent);
    const done = await settled(id, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    expect(done.output).toEqual({ error: 'agent_failed' });
    const call = done.steps.find((s: Json) => s.id === 'call');
    expect(call.status).toBe('failed');
    expect(call.attempts).toBe(2);
    expect(call.error.code).toBe('agent_failed');
    expect(call.error.message).toContain('child says no');
    expect(await childrenOf(id)).toHaveLength(2); // one per attempt

    const strict = await workflow('strict-parent', [
      { id: 'call', type: 'agent', agent_id: child },
    ]);
    const failed = await settled(await trigger(strict), ['completed', 'failed']);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'agent_failed', step: 'call' });
  });

  it('a quick child’s output without a pause: a synchronous trigger of its parent answers 200', async () => {
    const child = await create({ name: 'quick qualifier' }); // lead-qualification
    const parent = await workflow('quick-parent', [
      { id: 'call', type: 'agent', agent_id: child, input: '{% $input %}' },
    ]);
    const lead = { email: 'jane@acme.io', name: 'Jane', company: 'Acme', message: 'demo please' };
    const response = await api()
      .post(`/v2/agents/${parent}/trigger`)
      .set(bearer(key))
      .send({ input: lead });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ status: 'completed' });
    const [kid] = await childrenOf(response.body.execution_id as string);
    expect(kid).toMatchObject({ status: 'completed', source: 'agent' });
    expect(response.body.output).toEqual(kid.output);
    // It never paused: no resume was counted.
    const row = await t.service.dataSource
      .getRepository(Execution)
      .findOneByOrFail({ id: response.body.execution_id as string });
    expect(row.resumes).toBe(0);
    // A pure child was run first, in the parent's process, and stored once, finished.
    const kidRow = await t.service.dataSource
      .getRepository(Execution)
      .findOneByOrFail({ id: kid.id as string });
    expect(kidRow).toMatchObject({ attempts: 1, status: 'completed', leasedUntil: null });
    expect(kidRow.startedAt?.getTime()).toBe(kidRow.createdAt.getTime());
  });

  it('wait: false answers {execution_id} at once; the child runs on its own', async () => {
    const child = await workflow('slow-child', [
      { id: 'hold', type: 'wait', duration_ms: 500 },
      { id: 'out', type: 'transform', value: { ok: true } },
    ]);
    const parent = await workflow('fire-and-forget', [
      { id: 'call', type: 'agent', agent_id: child, wait: false },
    ]);
    const id = await trigger(parent);
    const done = await settled(id, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    const childId = done.output.execution_id as string;
    expect(childId).toMatch(/^exe_/);
    expect(done.steps[0].child_execution_id).toBe(childId);
    const childDone = await settled(childId, ['completed', 'failed']);
    expect(childDone).toMatchObject({ status: 'completed', parent_execution_id: id });
  });

  it('a paused child agent fails the step with agent_paused; an input its input_schema refuses with invalid_input; no child', async () => {
    const child = await create({
      name: 'schema-child',
      kind: 'workflow',
      config: { steps: [{ id: 'out', type: 'transform', value: '{% $input %}' }] },
      input_schema: {
        type: 'object',
        required: ['email'],
        properties: { email: { type: 'string' } },
      },
    });
    const refused = await workflow('bad-input-parent', [
      { id: 'call', type: 'agent', agent_id: child, input: { name: 'no email' } },
    ]);
    const bad = await settled(await trigger(refused), ['completed', 'failed']);
    expect(bad.error).toMatchObject({ code: 'invalid_input', step: 'call' });
    expect(await childrenOf(bad.id)).toHaveLength(0);

    await api()
      .patch(`/v2/agents/${child}`)
      .set(bearer(key))
      .send({ status: 'paused' })
      .expect(200);
    const caller = await workflow('paused-child-parent', [
      { id: 'call', type: 'agent', agent_id: child, input: { email: 'a@example.com' } },
    ]);
    const paused = await settled(await trigger(caller), ['completed', 'failed']);
    expect(paused.error).toMatchObject({ code: 'agent_paused', step: 'call' });
    expect(await childrenOf(paused.id)).toHaveLength(0);
  });

  it('an agent that calls itself stops at the depth limit: agent_depth_exceeded five levels down', async () => {
    const loop = await workflow('loop', [{ id: 'out', type: 'transform', value: 1 }]);
    await api()
      .patch(`/v2/agents/${loop}`)
      .set(bearer(key))
      .send({ config: { steps: [{ id: 'again', type: 'agent', agent_id: loop }] } })
      .expect(200);
    const root = await trigger(loop);
    const done = await settled(root, ['completed', 'failed'], 30_000);
    expect(done.error).toMatchObject({ code: 'agent_failed', step: 'again' });
    const chain = await t.service.dataSource
      .getRepository(Execution)
      .findBy({ rootExecutionId: root });
    expect(chain.map((e) => e.agentDepth).sort()).toEqual([1, 2, 3, 4, 5]);
    const deepest = chain.find((e) => e.agentDepth === 5)!;
    expect(deepest.error).toMatchObject({ code: 'agent_depth_exceeded' });
  });

  it('an unknown agent, or another account’s, is refused when the workflow is saved', async () => {
    const foreign = await create(
      {
        name: 'theirs',
        kind: 'workflow',
        config: { steps: [{ id: 'x', type: 'transform', value: 1 }] },
      },
      otherKey,
    );
    for (const agentId of ['agt_unknown', foreign]) {
      const response = await api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({
          name: 'refused',
          kind: 'workflow',
          config: {
            steps: [
              { id: 'a', type: 'transform', value: 1 },
              {
                id: 'b',
                type: 'foreach',
                items: [1],
                steps: [{ id: 'c', type: 'agent', agent_id: agentId }],
              },
            ],
          },
        })
        .expect(400);
      expect(response.body.error).toMatchObject({
        code: 'invalid_request',
        field: 'config.steps[1].steps[0].agent_id',
      });
    }
    const own = await workflow('own', [{ id: 'a', type: 'transform', value: 1 }]);
    await api()
      .patch(`/v2/agents/${own}`)
      .set(bearer(key))
      .send({ config: { steps: [{ id: 'c', type: 'agent', agent_id: foreign }] } })
      .expect(400);
  });

  it('examples/workflows/regional-router.json sends each lead to its region’s qualifier', async () => {
    const emea = await create({ name: 'EMEA qualifier', kind: 'lead-qualification' });
    const americas = await create({ name: 'Americas qualifier', kind: 'lead-qualification' });
    const body = JSON.parse(
      JSON.stringify(exampleAgent('regional-router.json', 'http://unused'))
        .replace('agt_EMEA_QUALIFIER', emea)
        .replace('agt_AMERICAS_QUALIFIER', americas),
    ) as Json;
    const router = await create(body);
    const lead = { email: 'jane@acme.io', company: 'Acme', message: 'Pricing for 50 seats?' };
    const done = await settled(await trigger(router, { ...lead, region: 'EMEA' }), [
      'completed',
      'failed',
    ]);
    expect(done.status, JSON.stringify(done.error)).toBe('completed');
    expect(done.output.region).toBe('emea');
    expect(done.output.qualification).toHaveProperty('score');
    const [kid] = await childrenOf(done.id);
    expect(kid.agentId).toBe(emea);
    const other = await settled(await trigger(router, { ...lead, region: 'us' }), [
      'completed',
      'failed',
    ]);
    expect(other.output.region).toBe('americas');
    expect((await childrenOf(other.id))[0].agentId).toBe(americas);
  });

  it('cancelling a waiting parent cancels the child it waits for', async () => {
    const child = await workflow('long-child', [{ id: 'hold', type: 'wait', duration_ms: 60_000 }]);
    const parent = await workflow('cancelled-parent', [
      { id: 'call', type: 'agent', agent_id: child },
    ]);
    const id = await trigger(parent);
    await settled(id, ['waiting']);
    const [kid] = await childrenOf(id);
    await settled(kid.id, ['waiting']);
    await api().post(`/v2/executions/${id}/cancel`).set(bearer(key)).expect(200);
    const childAfter = await settled(kid.id, ['cancelled', 'completed', 'failed'], 5_000);
    expect(childAfter.status).toBe('cancelled');
    expect((await record(id)).status).toBe('cancelled');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestService, type TestService } from './support/service';
import { agentCalls, exampleAgent, startReceiver } from './support/workflows';
import { waitFor } from './support/wait';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;
const CRM_TOKEN = 'crm-token-s3cr3t-0123456789';
const HOT_LEAD = {
  email: '  Jane@Acme.io ',
  name: 'Jane Doe',
  company: 'Acme',
  phone: '+1 555 0100 200',
  message: 'Pricing for 50 seats?',
};

/**
 * Workflow agents over HTTP (docs/workflows.md, The definition): validation, runs, steps, secrets,
 * test, resume.
 */
describe('workflow agents', () => {
  let t: TestService;
  let key: string;
  let crm: Awaited<ReturnType<typeof startReceiver>>;
  let crmStatus = 201;

  beforeAll(async () => {
    crm = await startReceiver(() => ({ status: crmStatus }));
    t = await startTestService();
    key = (await t.seedAccount()).key;
    await t
      .api()
      .put('/v2/secrets/CRM_TOKEN')
      .set(bearer(key))
      .send({ value: CRM_TOKEN })
      .expect(200);
  });
  afterAll(async () => {
    await t?.close();
    await crm?.close();
  });

  const api = () => t.api();
  const { createAgent, trigger, execution, invalid } = agentCalls(() => ({ t, key }));

  it('lists workflow among the agent kinds, its config schema discriminated by step type', async () => {
    const kinds = (await api().get('/v2/agent-kinds').set(bearer(key)).expect(200)).body.data;
    const workflow = kinds.find((kind: Json) => kind.kind === 'workflow');
    expect(workflow.config_schema).toMatchObject({ required: ['steps'] });
  });

  it('refuses a bad definition at its JSON path, on create and on PATCH', async () => {
    const steps = (value: unknown) => ({ name: 'Bad', kind: 'workflow', config: { steps: value } });
    await invalid(steps([]), 'config.steps');
    await invalid(
      steps([{ id: 'n', type: 'transform', value: { email: '{% $input.( %}' } }]),
      'config.steps[0].value.email',
    );
    await invalid(
      steps([
        { id: 'a', type: 'transform', value: 1 },
        { id: 'b', type: 'transform', value: 2 },
        {
          id: 'c',
          type: 'branch',
          cases: [
            {
              when: true,
              steps: [
                { id: 'd', type: 'fail', code: 'x', message: 'y' },
                { id: 'e', type: 'http' },
              ],
            },
          ],
        },
      ]),
      'config.steps[2].cases[0].steps[1].url',
    );
    await invalid(
      steps([{ id: 'q', type: 'lead-qualification', config: { threshold: 500 } }]),
      'config.steps[0].config.threshold',
    );
    await invalid(steps([{ id: 'w', type: 'nope' }]), 'config.steps[0].type');
    const agent = await createAgent(steps([{ id: 'a', type: 'transform', value: 1 }]));
    const patch = await api()
      .patch(`/v2/agents/${agent.id}`)
      .set(bearer(key))
      .send({ config: { steps: [{ id: 'a', type: 'transform', value: '{% ) %}' }] } })
      .expect(400);
    expect(patch.body.error.field).toBe('config.steps[0].value');
  });

  it('runs the lead router: steps in start order, Idempotency-Key, the secret redacted even when echoed', async () => {
    const agent = await createAgent(exampleAgent('lead-router.json', crm.url));
    const before = crm.received.length;
    const result = await trigger(agent.id, HOT_LEAD);
    expect(result).toMatchObject({
      status: 'completed',
      output: { qualified: true, crm_status: 201 },
    });
    expect(crm.received.length).toBe(before + 1);
    const call = crm.received[before];
    expect(call.path).toBe('/api/leads');
    expect(call.headers['idempotency-key']).toBe(`${result.execution_id}:post_to_crm`);
    expect(call.headers.authorization).toBe(`Bearer ${CRM_TOKEN}`);
    expect(call.body).toMatchObject({ lead: { email: 'jane@acme.io' }, tier: 'hot' });

    const record = await execution(result.execution_id);
    expect(record.steps.map((step: Json) => [step.id, step.type, step.status])).toEqual([
      ['normalise', 'transform', 'completed'],
      ['qualify', 'lead-qualification', 'completed'],
      ['route', 'branch', 'completed'],
      ['post_to_crm', 'http', 'completed'],
    ]);
    expect(record.steps[3].output.body.echoed_headers.authorization).toBe('Bearer [redacted]');
    const everything = JSON.stringify(record);
    expect(everything).not.toContain(CRM_TOKEN);
    expect(record.logs.some((entry: Json) => entry.message.includes('post_to_crm'))).toBe(true);

    // A cold lead takes no branch: no call, and the untaken step is not listed.
    const cold = await trigger(agent.id, { email: 'bob@gmail.com' });
    expect(cold.output).toMatchObject({ qualified: false });
    expect(crm.received.length).toBe(before + 1);
    const coldSteps = (await execution(cold.execution_id)).steps.map((step: Json) => step.id);
    expect(coldSteps).toEqual(['normalise', 'qualify', 'route']);

    const list = await api().get(`/v2/agents/${agent.id}/executions`).set(bearer(key)).expect(200);
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data[1].steps).toHaveLength(4);
    expect(list.body.data[0].logs).toBeUndefined();
  });

  it('gives other kinds no steps; a failed step is error.step', async () => {
    const plain = await createAgent({ name: 'Plain', kind: 'lead-qualification' });
    const run = await trigger(plain.id, HOT_LEAD);
    expect((await execution(run.execution_id)).steps).toBeUndefined();

    crmStatus = 500;
    const agent = await createAgent(exampleAgent('lead-router.json', crm.url));
    const failed = await api()
      .post(`/v2/agents/${agent.id}/trigger`)
      .set(bearer(key))
      .send({ input: HOT_LEAD, options: { async: true } })
      .expect(202);
    const record = await waitFor(
      () => execution(failed.body.execution_id),
      (body) => body.status === 'failed',
      15_000,
    );
    crmStatus = 201;
    expect(record.error).toMatchObject({ code: 'http_error', step: 'post_to_crm' });
    const failedStep = record.steps.find((step: Json) => step.id === 'post_to_crm');
    expect(failedStep).toMatchObject({ status: 'failed', attempts: 3 });
    // The step keeps the answer (the receiver echoes the request, secret header included,
    // redacted) and its message names the attempts.
    expect(failedStep.error).toEqual({
      code: 'http_error',
      message: expect.stringMatching(
        /^POST http:\/\/127\.0\.0\.1:\d+\/api\/leads answered HTTP 500 after 3 attempts; last after \d+ ms$/,
      ),
      response: {
        status_code: 500,
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
        body: expect.objectContaining({
          index: expect.any(Number),
          echoed_headers: expect.objectContaining({ authorization: 'Bearer [redacted]' }),
        }),
        truncated: false,
      },
    });
    expect(record.error).toEqual({ ...failedStep.error, step: 'post_to_crm' });
    expect(JSON.stringify(record)).not.toContain(CRM_TOKEN);

    // Resume: the finished steps are reused, the failed one runs again (with its own key).
    const calls = crm.received.length;
    const resumed = await api()
      .post(`/v2/executions/${record.id}/retry`)
      .set(bearer(key))
      .send({ resume: true })
      .expect(202);
    expect(resumed.body).toMatchObject({ source: 'retry', retry_of: record.id });
    const done = await waitFor(
      () => execution(resumed.body.id),
      (body) => body.status === 'completed',
      15_000,
    );
    expect(done.steps.map((step: Json) => [step.id, step.reused === true])).toEqual([
      ['normalise', true],
      ['qualify', true],
      ['route', false],
      ['post_to_crm', false],
    ]);
    expect(crm.received.length).toBe(calls + 1);
    expect(crm.received[calls].headers['idempotency-key']).toBe(`${done.id}:post_to_crm`);

    const retry = (id: string, body: Json) =>
      api().post(`/v2/executions/${id}/retry`).set(bearer(key)).send(body);
    expect((await retry(done.id, { resume: true }).expect(409)).body.error.code).toBe('conflict');
    expect((await retry(run.execution_id, { resume: true }).expect(400)).body.error.field).toBe(
      'resume',
    );
    expect((await retry(run.execution_id, {}).expect(202)).body.source).toBe('retry');
    expect((await retry(run.execution_id, { resume: 1 }).expect(400)).body.error.field).toBe(
      'resume',
    );
  });

  it('test route: runs at once with mocks, creates no execution, 400 at the field', async () => {
    const agent = await createAgent(exampleAgent('lead-router.json', crm.url));
    const calls = crm.received.length;
    const mocked = { status_code: 202, headers: {}, body: { id: 'crm_1' } };
    const answer = await api()
      .post(`/v2/agents/${agent.id}/test`)
      .set(bearer(key))
      .send({ input: HOT_LEAD, mocks: { post_to_crm: mocked } })
      .expect(200);
    expect(answer.body).toMatchObject({
      status: 'completed',
      error: null,
      output: { qualified: true, crm_status: 202 },
    });
    expect(answer.body.steps.map((step: Json) => step.id)).toEqual([
      'normalise',
      'qualify',
      'route',
      'post_to_crm',
    ]);
    expect(crm.received.length).toBe(calls);
    const list = await api().get(`/v2/agents/${agent.id}/executions`).set(bearer(key)).expect(200);
    expect(list.body.data).toHaveLength(0);

    const bad = await api()
      .post(`/v2/agents/${agent.id}/test`)
      .set(bearer(key))
      .send({ input: {}, config: { steps: [{ id: 'x', type: 'fail', code: 'c' }] } })
      .expect(400);
    expect(bad.body.error.field).toBe('config.steps[0].message');

    const failing = await api()
      .post(`/v2/agents/${agent.id}/test`)
      .set(bearer(key))
      .send({
        input: {},
        config: { steps: [{ id: 'x', type: 'fail', code: 'nope', message: 'no' }] },
      })
      .expect(200);
    expect(failing.body).toMatchObject({ status: 'failed', error: { code: 'nope', step: 'x' } });

    const plain = await createAgent({ name: 'Plain', kind: 'lead-qualification' });
    const once = await api()
      .post(`/v2/agents/${plain.id}/test`)
      .set(bearer(key))
      .send({ input: HOT_LEAD })
      .expect(200);
    expect(once.body).toMatchObject({
      status: 'completed',
      output: { qualified: true },
      steps: [],
    });
    const noMocks = await api()
      .post(`/v2/agents/${plain.id}/test`)
      .set(bearer(key))
      .send({ input: HOT_LEAD, mocks: {} })
      .expect(400);
    expect(noMocks.body.error.field).toBe('mocks');
  });

  it('runs the list enricher: a foreach of http steps, nested ids', async () => {
    const enrich = await startReceiver(() => ({ status: 200 }));
    try {
      const agent = await createAgent(exampleAgent('list-enricher.json', enrich.url));
      const contacts = [{ email: 'a@x.io' }, { email: 'b@x.io' }, { email: 'c@x.io' }];
      const result = await trigger(agent.id, { contacts });
      expect(result.status).toBe('completed');
      expect(result.output.contacts).toHaveLength(3);
      expect(result.output.contacts[1]).toMatchObject({ email: 'b@x.io' });
      const keys = enrich.received.map((request) => request.headers['idempotency-key']).sort();
      expect(keys).toEqual([0, 1, 2].map((i) => `${result.execution_id}:lookup[${i}]`));
      const ids = (await execution(result.execution_id)).steps.map((step: Json) => step.id);
      expect(ids).toContain('enrich');
      expect(ids).toEqual(
        expect.arrayContaining(['lookup[0]', 'merge[0]', 'lookup[2]', 'merge[2]']),
      );
    } finally {
      await enrich.close();
    }
  });
});

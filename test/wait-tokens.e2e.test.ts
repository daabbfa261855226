import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestService, type TestService } from './support/service';
import { exampleAgent, startReceiver } from './support/workflows';
import { waitFor } from './support/wait';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;

/**
 * Wait tokens over HTTP (docs/workflows.md, Wait tokens): a `create_token` step, a `wait` for it,
 * the token routes, its callback URL (a page that completes nothing, a POST that does), the
 * first completion winning a race, a token completed before its wait, expiry and cancel.
 */
describe('wait tokens', () => {
  let t: TestService;
  let key: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const slow = new Set<string>();

  beforeAll(async () => {
    receiver = await startReceiver((_i, request) =>
      slow.has(request.path) ? { status: 200, delayMs: 1500 } : { status: 200 },
    );
    t = await startTestService({ OUTBOUND_ALLOW_PRIVATE: 'true', WORKER_POLL_MS: '50' });
    key = (await t.seedAccount()).key;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const api = () => t.api();
  const start = async (name: string, token: Json, wait: Json = {}): Promise<string> => {
    const agent = await api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({
        name,
        kind: 'workflow',
        config: {
          steps: [
            { id: 't', type: 'create_token', ...token },
            {
              id: 'post',
              type: 'http',
              url: `${receiver.url}/${name}/chat`,
              body: { text: 'Approve?', url: '{% $steps.t.url %}' },
            },
            { id: 'w', type: 'wait', token: '{% $steps.t.id %}', ...wait },
            { id: 'after', type: 'transform', value: { got: '{% $steps.w %}' } },
          ],
        },
      })
      .expect(201);
    const run = await api()
      .post(`/v2/agents/${agent.body.id}/trigger`)
      .set(bearer(key))
      .send({ input: {}, options: { async: true } })
      .expect(202);
    return run.body.execution_id as string;
  };
  const record = async (id: string): Promise<Json> =>
    (await api().get(`/v2/executions/${id}`).set(bearer(key)).expect(200)).body as Json;
  const reaches = (id: string, status: string) =>
    waitFor(
      () => record(id),
      (body) => body.status === status,
      15_000,
      20,
    );
  const tokenOf = async (executionId: string): Promise<Json> => {
    const list = await api()
      .get(`/v2/wait-tokens?execution_id=${executionId}`)
      .set(bearer(key))
      .expect(200);
    expect(list.body.data).toHaveLength(1);
    return list.body.data[0] as Json;
  };
  const urlPosted = (name: string) =>
    (receiver.received.find((r) => r.path === `/${name}/chat`)!.body as Json).url as string;
  const path = (url: string) => new URL(url).pathname;

  it('waits for its token; the page completes nothing; two completions race and one wins', async () => {
    const id = await start('approve', {
      title: 'Discount <20%>',
      description: 'For Acme',
      choices: ['approve', 'reject'],
      timeout_ms: 600_000,
    });
    const waiting = await reaches(id, 'waiting');
    const token = await tokenOf(id);
    expect(waiting.waiting).toEqual({ step: 'w', token_id: token.id });
    expect(token).toMatchObject({
      status: 'waiting',
      execution_id: id,
      step_id: 't',
      title: 'Discount <20%>',
      choices: ['approve', 'reject'],
      choice: null,
      completed_by: null,
    });
    const url = urlPosted('approve');
    expect(url).toMatch(new RegExp(`/v2/wait-tokens/${token.id}/callback/[A-Za-z0-9_-]{32,}$`));

    // A link scanner fetching the page changes nothing.
    const page = await api().get(path(url)).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.text).toContain('Discount &lt;20%&gt;');
    expect(page.text).not.toContain('<script');
    expect(page.text.match(/<form method="post">/g)).toHaveLength(2);
    expect(page.text).toContain('value="approve"');
    await api()
      .get(`${path(url)}x`)
      .expect(404);
    await api()
      .post(`${path(url)}x`)
      .send({ choice: 'approve' })
      .expect(404);
    expect((await tokenOf(id)).status).toBe('waiting');

    await api()
      .post(`/v2/wait-tokens/${token.id}/complete`)
      .set(bearer(key))
      .send({ choice: 'maybe' })
      .expect(400)
      .expect((res) => expect(res.body.error.field).toBe('choice'));

    const [byKey, byLink] = await Promise.all([
      api()
        .post(`/v2/wait-tokens/${token.id}/complete`)
        .set(bearer(key))
        .send({ choice: 'approve', data: { note: 'ok' } }),
      api().post(path(url)).send({ choice: 'reject', by: 'link' }),
    ]);
    expect([byKey.status, byLink.status].sort()).toEqual([200, 409]);
    const winner = byKey.status === 200 ? byKey.body : byLink.body;
    const done = await api().get(`/v2/wait-tokens/${token.id}`).set(bearer(key)).expect(200);
    expect(done.body).toEqual(winner);
    expect(done.body.status).toBe('completed');
    expect(done.body.completed_by.type).toBe(byKey.status === 200 ? 'api_key' : 'link');

    const finished = await reaches(id, 'completed');
    // The run resumed once: every step is listed once, ran once, and nothing was posted twice.
    expect(finished.steps.map((s: Json) => [s.id, s.status, s.attempts])).toEqual([
      ['t', 'completed', 1],
      ['post', 'completed', 1],
      ['w', 'completed', 1],
      ['after', 'completed', 1],
    ]);
    expect(receiver.received.filter((r) => r.path === '/approve/chat')).toHaveLength(1);
    expect(finished.logs.filter((l: Json) => l.message.startsWith('Run started'))).toHaveLength(2);
    expect(finished.output.got).toEqual({
      data: done.body.data,
      choice: done.body.choice,
      completed_at: done.body.completed_at,
      completed_by: done.body.completed_by,
    });
    expect(Date.parse(finished.completed_at) - Date.parse(done.body.completed_at)).toBeLessThan(
      1000,
    );
    await api()
      .post(`/v2/wait-tokens/${token.id}/complete`)
      .set(bearer(key))
      .send({ choice: 'reject' })
      .expect(409);
    const after = await api().get(path(url)).expect(200);
    expect(after.text).not.toContain('<form');
  });

  it('the page’s form completes the token and says what was recorded', async () => {
    const id = await start('form', { choices: ['yes', 'no'] });
    await reaches(id, 'waiting');
    const url = urlPosted('form');
    const answer = await api().post(path(url)).type('form').send({ choice: 'no' }).expect(200);
    expect(answer.text).toContain('Recorded: <strong>no</strong>');
    const finished = await reaches(id, 'completed');
    expect(finished.output.got).toMatchObject({ choice: 'no', completed_by: { type: 'link' } });
  });

  it('a token completed before its wait is reached is not lost', async () => {
    slow.add('/early/chat');
    const id = await start('early', {});
    const token = await waitFor(
      async () =>
        (await api().get(`/v2/wait-tokens?execution_id=${id}`).set(bearer(key))).body
          .data as Json[],
      (data) => data.length === 1,
      10_000,
      20,
    );
    await api()
      .post(`/v2/wait-tokens/${token[0].id}/complete`)
      .set(bearer(key))
      .send({ data: { paid: true } })
      .expect(200);
    const finished = await reaches(id, 'completed');
    expect(finished.output.got).toMatchObject({ data: { paid: true }, choice: null });
  });

  it('an expired token fails the wait with wait_timeout (on_error continue goes on)', async () => {
    const id = await start('expiry', { timeout_ms: 1000 }, { on_error: 'continue' });
    const finished = await reaches(id, 'completed');
    expect(finished.output.got).toEqual({
      error: { code: 'wait_timeout', message: expect.any(String) },
    });
    expect((await tokenOf(id)).status).toBe('expired');
  });

  it('cancelling the waiting execution cancels its token', async () => {
    const id = await start('cancel', {});
    await reaches(id, 'waiting');
    await api().post(`/v2/executions/${id}/cancel`).set(bearer(key)).expect(200);
    const token = await tokenOf(id);
    expect(token.status).toBe('cancelled');
    await api().post(`/v2/wait-tokens/${token.id}/complete`).set(bearer(key)).send({}).expect(409);
  });

  it('a run that ends without waiting for its token cancels it', async () => {
    const agent = await api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({
        name: 'ends early',
        kind: 'workflow',
        config: {
          steps: [
            { id: 't', type: 'create_token' },
            { id: 'boom', type: 'transform', value: '{% $error("the CRM said no") %}' },
          ],
        },
      })
      .expect(201);
    const run = await api()
      .post(`/v2/agents/${agent.body.id}/trigger`)
      .set(bearer(key))
      .send({ input: {} })
      .expect(200);
    expect(run.body.status).toBe('failed');
    const token = await tokenOf(run.body.execution_id);
    expect(token.status).toBe('cancelled');
    await api().post(`/v2/wait-tokens/${token.id}/complete`).set(bearer(key)).send({}).expect(409);
  });

  it('examples/workflows/discount-approval.json: a person approves through the posted link', async () => {
    const agent = await api()
      .post('/v2/agents')
      .set(bearer(key))
      .send(exampleAgent('discount-approval.json', receiver.url));
    expect(agent.body.error ?? null).toBeNull();
    const run = await api()
      .post(`/v2/agents/${agent.body.id}/trigger`)
      .set(bearer(key))
      .send({ input: { customer: 'Acme', percent: 15, reason: 'Three-year contract' } })
      .expect(202);
    expect(run.body.status).toBe('waiting');
    const id = run.body.execution_id as string;
    const posted = receiver.received.find((r) => r.path === '/messages')!.body as Json;
    const url = /(http\S+\/callback\/\S+)$/.exec(posted.text as string)![1];
    const page = await api().get(path(url)).expect(200);
    expect(page.text).toContain('Discount of 15% for Acme');
    await api().post(path(url)).send({ choice: 'approve', note: 'fine' }).expect(200);
    const finished = await reaches(id, 'completed');
    expect(finished.output).toEqual({ approved: true, by: { type: 'link' }, note: 'fine' });
  });
});

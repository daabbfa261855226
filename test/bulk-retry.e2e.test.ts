import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../src/agents/agent.entity';
import { Execution } from '../src/executions/execution.entity';
import { seedAgent, setAgentStatus, type SeededAgent } from './support/agents';
import { insertExecution } from './support/rows';
import { bearer, startTestService, TestService } from './support/service';
import { waitFor } from './support/wait';

const FAILED = { code: 'http_error', message: 'CRM answered 503' };

describe('bulk retry: POST /v2/executions/bulk-retry, GET /v2/bulk-actions/:id', () => {
  let t: TestService;
  let key: string;
  let accountId: string;
  let agent: SeededAgent;
  let row: Agent;

  const post = (body: unknown) =>
    t
      .api()
      .post('/v2/executions/bulk-retry')
      .set(bearer(key))
      .send(body as object);
  const progress = (id: string) =>
    waitFor(
      async () => (await t.api().get(`/v2/bulk-actions/${id}`).set(bearer(key)).expect(200)).body,
      (body) => body.status === 'completed',
    );
  const repo = () => t.service.dataSource.getRepository(Execution);
  const retriesOf = (id: string) => repo().countBy({ retryOf: id });

  beforeAll(async () => {
    t = await startTestService();
    ({ key, accountId } = await t.seedAccount());
    agent = await seedAgent(t, key);
    row = await t.service.dataSource.getRepository(Agent).findOneByOrFail({ id: agent.id });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('retries every match once, as the retry route would, and reports progress', async () => {
    const hour = new Date(Date.now() - 3_600_000);
    const failed = [];
    for (let i = 0; i < 5; i++) {
      failed.push(
        await insertExecution(t.service.dataSource, row, {
          status: 'failed',
          error: FAILED,
          createdAt: new Date(hour.getTime() + i * 1000),
          tags: ['campaign:x'],
        }),
      );
    }
    const cancelled = await insertExecution(t.service.dataSource, row, {
      status: 'cancelled',
      createdAt: new Date(hour.getTime() + 10_000),
    });
    const otherCode = await insertExecution(t.service.dataSource, row, {
      status: 'failed',
      error: { code: 'timeout', message: 'slow' },
      createdAt: new Date(hour.getTime() + 11_000),
    });
    const completed = await insertExecution(t.service.dataSource, row, { createdAt: hour });

    expect(
      (await post({ status: 'failed', error_code: 'http_error', dry_run: true }).expect(200)).body,
    ).toEqual({ matched: 5 });

    const res = await post({
      status: 'failed',
      error_code: 'http_error',
      from: new Date(hour.getTime() - 1).toISOString(),
      agent_id: agent.id,
    }).expect(202);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^blk_[0-9a-z]{26}$/),
      status: 'running',
      matched: 5,
      retried: 0,
      failed: 0,
    });
    expect(await progress(res.body.id)).toEqual({ ...res.body, status: 'completed', retried: 5 });
    for (const original of failed) {
      const retries = await repo().findBy({ retryOf: original.id });
      expect(retries).toHaveLength(1);
      expect(retries[0]).toMatchObject({ source: 'retry', tags: ['campaign:x'] });
    }
    for (const untouched of [cancelled, otherCode, completed]) {
      expect(await retriesOf(untouched.id)).toBe(0);
    }

    // A later bulk action never matches what one retried; the rest still match.
    const again = await post({ status: ['failed', 'cancelled'], limit: 10 }).expect(202);
    // The 5 retries run meanwhile (lead-qualification: they complete), so only the two others.
    const done = await progress(again.body.id);
    expect(done.matched).toBeGreaterThanOrEqual(2);
    expect(await retriesOf(cancelled.id)).toBe(1);
    expect(await retriesOf(otherCode.id)).toBe(1);
    for (const original of failed) expect(await retriesOf(original.id)).toBe(1);
    expect((await post({ status: 'failed,cancelled', dry_run: true }).expect(200)).body).toEqual({
      matched: 0,
    });
  });

  it('marks more than one step of 500: the oldest up to the limit, each once', async () => {
    // An account of its own: its old failures would be the oldest matches of the others.
    const { key: ownKey } = await t.seedAccount();
    const own = await seedAgent(t, ownKey);
    const ownRow = await t.service.dataSource.getRepository(Agent).findOneByOrFail({ id: own.id });
    const postOwn = (body: object) =>
      t.api().post('/v2/executions/bulk-retry').set(bearer(ownKey)).send(body);
    const start = Date.now() - 7_200_000;
    const ids: string[] = [];
    for (let i = 0; i < 1100; i++) {
      const execution = await insertExecution(t.service.dataSource, ownRow, {
        status: 'failed',
        error: FAILED,
        createdAt: new Date(start + i * 1000),
      });
      ids.push(execution.id);
    }
    const res = await postOwn({ status: 'failed', limit: 1050 }).expect(202);
    expect(res.body).toMatchObject({ status: 'running', matched: 1050 });
    const done = await waitFor(
      async () =>
        (await t.api().get(`/v2/bulk-actions/${res.body.id}`).set(bearer(ownKey)).expect(200)).body,
      (body) => body.status === 'completed',
      60_000,
    );
    expect(done).toMatchObject({ matched: 1050, retried: 1050, failed: 0 });
    const marked = await repo().findBy({ bulkActionId: res.body.id });
    expect(marked.map((execution) => execution.id).sort()).toEqual(ids.slice(0, 1050).sort());
    expect(await repo().countBy({ agentId: own.id, source: 'retry' })).toBe(1050);
    for (const newest of ids.slice(1050)) expect(await retriesOf(newest)).toBe(0);
    expect((await postOwn({ status: 'failed', dry_run: true }).expect(200)).body).toEqual({
      matched: 50,
    });
  }, 120_000);

  it('filters by tag, counts the matches of a paused agent as failed', async () => {
    const tagged = await insertExecution(t.service.dataSource, row, {
      status: 'failed',
      error: FAILED,
      tags: ['wave:9'],
    });
    await t.service.dataSource.query(
      'INSERT INTO execution_tags (execution_id, account_id, tag, created_at) VALUES (?, ?, ?, ?)',
      [
        tagged.id,
        accountId,
        'wave:9',
        tagged.createdAt.toISOString().replace('T', ' ').slice(0, 23),
      ],
    );
    const untagged = await insertExecution(t.service.dataSource, row, {
      status: 'failed',
      error: FAILED,
    });
    await setAgentStatus(t, key, agent.id, 'paused');
    const res = await post({ status: 'failed', tag: 'wave:9' }).expect(202);
    expect(res.body.matched).toBe(1);
    expect(await progress(res.body.id)).toMatchObject({ matched: 1, retried: 0, failed: 1 });
    await setAgentStatus(t, key, agent.id, 'active');
    expect(await retriesOf(tagged.id)).toBe(0);
    expect(await retriesOf(untagged.id)).toBe(0);
    const rest = await post({ status: 'failed', limit: 1 }).expect(202);
    expect(await progress(rest.body.id)).toMatchObject({ matched: 1, retried: 1, failed: 0 });
    expect(await retriesOf(untagged.id)).toBe(1);
  });

  it.each([
    [{}, 'status'],
    [{ status: 'completed' }, 'status'],
    [{ status: [] }, 'status'],
    [{ status: ['failed', 'running'] }, 'status'],
    [{ status: 'failed', limit: 0 }, 'limit'],
    [{ status: 'failed', limit: 10_001 }, 'limit'],
    [{ status: 'failed', from: 'yesterday' }, 'from'],
    [{ status: 'failed', tag: 'not ok' }, 'tag'],
    [{ status: 'failed', tag: [] }, 'tag'],
    [{ status: 'failed', tag: ['ok', 'not ok'] }, 'tag[1]'],
    [{ status: 'failed', resume: 'yes' }, 'resume'],
    [{ status: 'failed', error_code: 'Not A Code' }, 'error_code'],
    [{ status: 'failed', other: 1 }, 'other'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const res = await post(body).expect(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', field });
  });

  it("another account's bulk action is 404, and its executions are never matched", async () => {
    const stranger = await t.seedAccount();
    const mine = await post({ status: 'failed' }).expect(202);
    await t.api().get(`/v2/bulk-actions/${mine.body.id}`).set(bearer(stranger.key)).expect(404);
    await t
      .api()
      .get('/v2/bulk-actions/blk_01jd8z6q8r0s2t4u6v8w0x2y4z')
      .set(bearer(key))
      .expect(404);
    const theirs = await t
      .api()
      .post('/v2/executions/bulk-retry')
      .set(bearer(stranger.key))
      .send({ status: ['failed', 'cancelled'] })
      .expect(202);
    expect(theirs.body.matched).toBe(0);
  });
});

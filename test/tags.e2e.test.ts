import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExecutionTag } from '../src/executions/execution-tag.entity';
import { seedAgent, type SeededAgent } from './support/agents';
import { bearer, startTestService, TestService } from './support/service';

const VALID = { email: 'lead@acme.io', company: 'Acme' };

interface Item {
  id: string;
  tags: string[];
}

describe('execution tags: trigger option, X-Tags, the tag= filter', () => {
  let t: TestService;
  let key: string;
  let agent: SeededAgent;
  let other: SeededAgent;

  const get = (path: string) => t.api().get(path).set(bearer(key));
  const trigger = (agentId: string, options: Record<string, unknown>) =>
    t
      .api()
      .post(`/v2/agents/${agentId}/trigger`)
      .set(bearer(key))
      .send({ input: VALID, options: { async: true, ...options } });
  const ids = (body: { data: Item[] }) => body.data.map((item) => item.id);

  beforeAll(async () => {
    t = await startTestService();
    ({ key } = await t.seedAccount());
    agent = await seedAgent(t, key);
    other = await seedAgent(t, key);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the tags of a trigger on the record, each once; none is []', async () => {
    const tagged = await trigger(agent.id, { tags: ['crm', 'campaign:bf-2026', 'crm'] }).expect(
      202,
    );
    const record = (await get(`/v2/executions/${tagged.body.execution_id}`).expect(200)).body;
    expect(record.tags).toEqual(['crm', 'campaign:bf-2026']);
    const plain = await trigger(agent.id, {}).expect(202);
    expect((await get(`/v2/executions/${plain.body.execution_id}`).expect(200)).body.tags).toEqual(
      [],
    );
    const rows = await t.service.dataSource
      .getRepository(ExecutionTag)
      .findBy({ executionId: tagged.body.execution_id });
    expect(rows.map((row) => row.tag).sort()).toEqual(['campaign:bf-2026', 'crm']);
  });

  it.each([
    [{ tags: 'crm' }, 'options.tags'],
    [{ tags: ['ok', ''] }, 'options.tags[1]'],
    [{ tags: ['has space'] }, 'options.tags[0]'],
    [{ tags: ['x'.repeat(65)] }, 'options.tags[0]'],
    [{ tags: [7] }, 'options.tags[0]'],
    [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'options.tags'],
  ])('refuses bad tags %j with 400 naming %s', async (options, field) => {
    const res = await trigger(agent.id, options).expect(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', field });
  });

  it('takes X-Tags on the webhook; a bad one is 400 in the webhook envelope', async () => {
    const res = await t
      .webhook()
      .post(agent.path)
      .set('X-Tags', ' campaign:bf-2026 , webhook')
      .send({ email: 'w@acme.io' })
      .expect(202);
    const record = (await get(`/v2/executions/${res.body.executionId}`).expect(200)).body;
    expect(record.tags).toEqual(['campaign:bf-2026', 'webhook']);
    const bad = await t
      .webhook()
      .post(agent.path)
      .set('X-Tags', 'ok,not ok')
      .send({ email: 'w@acme.io' })
      .expect(400);
    expect(bad.body).toMatchObject({
      success: false,
      error: { code: 'invalid_request', field: 'X-Tags' },
    });
  });

  it('filters both lists by tag (all given must match), pages with the filter kept', async () => {
    const both: string[] = [];
    for (let i = 0; i < 3; i++) {
      both.push(
        (await trigger(agent.id, { tags: ['wave:7', 'hot'] }).expect(202)).body.execution_id,
      );
    }
    const onlyWave = (await trigger(agent.id, { tags: ['wave:7'] }).expect(202)).body.execution_id;
    const otherAgent = (await trigger(other.id, { tags: ['wave:7', 'hot'] }).expect(202)).body
      .execution_id;

    const wave = (await get(`/v2/agents/${agent.id}/executions?tag=wave:7`).expect(200)).body;
    expect(ids(wave)).toEqual([onlyWave, ...both].reverse().sort().reverse());
    const all = (
      await get(`/v2/agents/${agent.id}/executions?tag=wave:7&tag=hot&limit=2`).expect(200)
    ).body;
    expect(ids(all)).toEqual([both[2], both[1]]);
    expect(all.meta.has_more).toBe(true);
    const next = (
      await get(
        `/v2/agents/${agent.id}/executions?tag=hot&tag=wave:7&cursor=${all.meta.next_cursor}`,
      ).expect(200)
    ).body;
    expect(ids(next)).toEqual([both[0]]);
    expect(next.meta.has_more).toBe(false);
    // The cursor holds the filter; another tag with it is 400.
    const mixed = await get(
      `/v2/agents/${agent.id}/executions?tag=wave:7&cursor=${all.meta.next_cursor}`,
    ).expect(400);
    expect(mixed.body.error.field).toBe('cursor');

    const account = (await get(`/v2/executions?tag=hot&tag=wave:7`).expect(200)).body;
    expect(ids(account)).toEqual([otherAgent, ...[...both].reverse()]);
    expect(account.data[0].tags).toEqual(['wave:7', 'hot']);
    const completed = (await get(`/v2/executions?tag=hot&status=cancelled`).expect(200)).body;
    expect(completed.data).toEqual([]);
    expect((await get(`/v2/executions?tag=nobody`).expect(200)).body.data).toEqual([]);
  });

  it('refuses a bad tag= with 400 field "tag"', async () => {
    for (const query of ['tag=', 'tag=a%20b', `tag=${'x'.repeat(65)}`]) {
      const res = await get(`/v2/executions?${query}`).expect(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'tag' });
    }
    const eleven = Array.from({ length: 11 }, (_, i) => `tag=t${i}`).join('&');
    expect((await get(`/v2/executions?${eleven}`).expect(400)).body.error.field).toBe('tag');
  });

  it('another account sees none of them', async () => {
    const stranger = await t.seedAccount();
    const res = await t
      .api()
      .get('/v2/executions?tag=wave:7')
      .set(bearer(stranger.key))
      .expect(200);
    expect(res.body.data).toEqual([]);
  });

  it('a retry keeps the tags', async () => {
    const first = (await trigger(agent.id, { tags: ['retry-me'] }).expect(202)).body.execution_id;
    let status = 'queued';
    for (let i = 0; i < 100 && !['completed', 'failed'].includes(status); i++) {
      status = (await get(`/v2/executions/${first}`).expect(200)).body.status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const retry = await t
      .api()
      .post(`/v2/executions/${first}/retry`)
      .set(bearer(key))
      .send({})
      .expect(202);
    expect(retry.body.tags).toEqual(['retry-me']);
    const found = (await get('/v2/executions?tag=retry-me').expect(200)).body;
    expect(ids(found)).toEqual([retry.body.id, first]);
  });
});

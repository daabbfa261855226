import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestService, type TestService } from './support/service';
import { waitFor } from './support/wait';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;

/**
 * Schedules over HTTP (docs/api.md, Schedules): the routes, their validation (400 naming the
 * field), the 409s, `next_runs`, and a seconds schedule starting executions with
 * `source: "schedule"`, `schedule_id` and `scheduled_for`, once per fire time.
 */
describe('schedules', () => {
  let t: TestService;
  let key: string;

  beforeAll(async () => {
    t = await startTestService({ WORKER_POLL_MS: '50' });
    key = (await t.seedAccount()).key;
  });
  afterAll(async () => {
    await t?.close();
  });

  const api = () => t.api();
  const newAgent = async (name = 'scheduled'): Promise<string> =>
    (
      await api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({ name, kind: 'lead-qualification' })
        .expect(201)
    ).body.id as string;
  const create = (agentId: string, body: Json) =>
    api().post(`/v2/agents/${agentId}/schedules`).set(bearer(key)).send(body);

  it('creates with defaults, lists oldest first, reads, changes and deletes', async () => {
    const agentId = await newAgent();
    const created = await create(agentId, { cron: '0 9 * * MON-FRI' }).expect(201);
    const schedule = created.body as Json;
    expect(schedule).toMatchObject({
      agent_id: agentId,
      cron: '0 9 * * MON-FRI',
      timezone: 'UTC',
      input: {},
      overlap: 'skip',
      catch_up: 'last',
      jitter_ms: 0,
      enabled: true,
      external_id: null,
      last_fired_at: null,
      last_execution_id: null,
    });
    expect(schedule.id).toMatch(/^sch_/);
    expect(created.headers.location).toMatch(new RegExp(`/schedules/${schedule.id}$`));
    expect(schedule.next_runs).toHaveLength(5);
    for (const run of schedule.next_runs as string[]) {
      const date = new Date(run);
      expect(run).toBe(date.toISOString());
      expect(date.getUTCHours()).toBe(9);
      expect([1, 2, 3, 4, 5]).toContain(date.getUTCDay());
    }
    expect(Object.keys(schedule).sort()).toEqual(
      [
        'id',
        'agent_id',
        'cron',
        'timezone',
        'input',
        'overlap',
        'catch_up',
        'jitter_ms',
        'enabled',
        'external_id',
        'next_runs',
        'last_fired_at',
        'last_execution_id',
        'created_at',
        'updated_at',
      ].sort(),
    );

    const second = await create(agentId, {
      cron: '30 2 * * *',
      timezone: 'Europe/Berlin',
      input: { report: 'daily' },
      overlap: 'allow',
      catch_up: 'all',
      jitter_ms: 1000,
      external_id: 'customer-1',
    }).expect(201);
    expect(second.body.next_runs[0]).toMatch(/T0[01]:30:00\.000Z$/);

    const list = await api().get(`/v2/agents/${agentId}/schedules`).set(bearer(key)).expect(200);
    expect(list.body.data.map((item: Json) => item.id)).toEqual([schedule.id, second.body.id]);

    const read = await api().get(`/v2/schedules/${schedule.id}`).set(bearer(key)).expect(200);
    expect(read.body).toEqual({ ...schedule, next_runs: read.body.next_runs });

    const changed = await api()
      .patch(`/v2/schedules/${schedule.id}`)
      .set(bearer(key))
      .send({ cron: '@hourly', timezone: 'America/New_York' })
      .expect(200);
    expect(changed.body).toMatchObject({ cron: '@hourly', timezone: 'America/New_York' });
    expect(new Date(changed.body.next_runs[0]).getUTCMinutes()).toBe(0);

    const disabled = await api()
      .patch(`/v2/schedules/${schedule.id}`)
      .set(bearer(key))
      .send({ enabled: false })
      .expect(200);
    expect(disabled.body).toMatchObject({ enabled: false, next_runs: [] });

    // A paused agent's schedules list no next runs.
    await api()
      .patch(`/v2/agents/${agentId}`)
      .set(bearer(key))
      .send({ status: 'paused' })
      .expect(200);
    const paused = await api().get(`/v2/schedules/${second.body.id}`).set(bearer(key)).expect(200);
    expect(paused.body.next_runs).toEqual([]);
    await api()
      .patch(`/v2/agents/${agentId}`)
      .set(bearer(key))
      .send({ status: 'active' })
      .expect(200);

    await api().delete(`/v2/schedules/${schedule.id}`).set(bearer(key)).expect(204);
    await api().get(`/v2/schedules/${schedule.id}`).set(bearer(key)).expect(404);
    await api().delete(`/v2/schedules/${schedule.id}`).set(bearer(key)).expect(404);

    // Deleting the agent deletes its schedules.
    await api().delete(`/v2/agents/${agentId}`).set(bearer(key)).expect(204);
    await api().get(`/v2/schedules/${second.body.id}`).set(bearer(key)).expect(404);
    await waitFor(
      () => t.service.dataSource.query('SELECT id FROM schedules WHERE agent_id = ?', [agentId]),
      (rows: unknown[]) => rows.length === 0,
    );
  });

  it('refuses bad input with 400 naming the field', async () => {
    const agentId = await newAgent();
    const cases: [Json, string][] = [
      [{}, 'cron'],
      [{ cron: 'every day' }, 'cron'],
      [{ cron: '61 * * * *' }, 'cron'],
      [{ cron: '* * *' }, 'cron'],
      [{ cron: '1 2 3 4 5 6 7' }, 'cron'],
      [{ cron: '@every 5s' }, 'cron'],
      [{ cron: 5 }, 'cron'],
      [{ cron: '* * * * *', timezone: 'Mars/Olympus' }, 'timezone'],
      [{ cron: '* * * * *', timezone: null }, 'timezone'],
      [{ cron: '* * * * *', input: [1] }, 'input'],
      [{ cron: '* * * * *', input: 'x' }, 'input'],
      [{ cron: '* * * * *', overlap: 'buffer' }, 'overlap'],
      [{ cron: '* * * * *', catch_up: 'some' }, 'catch_up'],
      [{ cron: '* * * * *', jitter_ms: -1 }, 'jitter_ms'],
      [{ cron: '* * * * *', jitter_ms: 3_600_001 }, 'jitter_ms'],
      [{ cron: '* * * * *', jitter_ms: 1.5 }, 'jitter_ms'],
      [{ cron: '* * * * *', enabled: 'yes' }, 'enabled'],
      [{ cron: '* * * * *', external_id: 'x'.repeat(256) }, 'external_id'],
      [{ cron: '* * * * *', paused: true }, 'paused'],
    ];
    for (const [body, field] of cases) {
      const answer = await create(agentId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error, JSON.stringify(body)).toMatchObject({
        code: 'invalid_request',
        field,
      });
    }
    const { body: ok } = await create(agentId, { cron: '* * * * *' }).expect(201);
    for (const [body, field] of [
      [{}, 'cron'],
      [{ cron: 'nope' }, 'cron'],
      [{ timezone: 'Nowhere/City' }, 'timezone'],
      [{ jitter_ms: 'soon' }, 'jitter_ms'],
      [{ unknown: 1 }, 'unknown'],
    ] as [Json, string][]) {
      const answer = await api().patch(`/v2/schedules/${ok.id}`).set(bearer(key)).send(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.field, JSON.stringify(body)).toBe(field);
    }
    await create('agt_unknown', { cron: '* * * * *' }).expect(404);
  });

  it('409: a second external_id of the agent, and a 51st schedule', async () => {
    const agentId = await newAgent();
    await create(agentId, { cron: '@daily', external_id: 'c-1', enabled: false }).expect(201);
    const again = await create(agentId, { cron: '@daily', external_id: 'c-1' }).expect(409);
    expect(again.body.error.code).toBe('conflict');
    // Another agent may use the same external_id.
    const other = await newAgent('other');
    await create(other, { cron: '@daily', external_id: 'c-1', enabled: false }).expect(201);
    const { body: b } = await create(agentId, { cron: '@daily', enabled: false }).expect(201);
    await api()
      .patch(`/v2/schedules/${b.id}`)
      .set(bearer(key))
      .send({ external_id: 'c-1' })
      .expect(409);
    for (let i = 2; i < 50; i++) {
      await create(agentId, { cron: '@daily', enabled: false }).expect(201);
    }
    const full = await create(agentId, { cron: '@daily' }).expect(409);
    expect(full.body.error.code).toBe('conflict');
  });

  it('a seconds schedule starts one execution per fire time, marked as the schedule’s', async () => {
    const agentId = await newAgent();
    const { body: schedule } = await create(agentId, {
      cron: '* * * * * *',
      input: { email: 'jane@acme.io', company: 'Acme' },
      overlap: 'allow',
    }).expect(201);
    const list = () =>
      api()
        .get(`/v2/agents/${agentId}/executions?limit=100`)
        .set(bearer(key))
        .then((answer) => answer.body.data as Json[]);
    const runs = await waitFor(list, (items) => items.length >= 3, 10_000, 100);
    await api()
      .patch(`/v2/schedules/${schedule.id}`)
      .set(bearer(key))
      .send({ enabled: false })
      .expect(200);
    const all = await list();
    const times = all.map((item) => item.scheduled_for as string);
    expect(new Set(times).size).toBe(times.length);
    for (const run of runs) {
      expect(run).toMatchObject({
        source: 'schedule',
        schedule_id: schedule.id,
        input: { email: 'jane@acme.io', company: 'Acme' },
      });
      const nominal = new Date(run.scheduled_for as string);
      expect(nominal.getUTCMilliseconds()).toBe(0);
      const lateness = new Date(run.created_at as string).getTime() - nominal.getTime();
      expect(lateness).toBeGreaterThanOrEqual(0);
      expect(lateness).toBeLessThan(1000);
    }
    // Consecutive seconds: no gap.
    const sorted = times.map((time) => new Date(time).getTime()).sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i] - sorted[i - 1]).toBe(1000);
    const read = await api().get(`/v2/schedules/${schedule.id}`).set(bearer(key)).expect(200);
    expect(all.map((item) => item.id)).toContain(read.body.last_execution_id);
    expect(read.body.last_fired_at).not.toBeNull();
    // Other sources carry null.
    const manual = await api()
      .post(`/v2/agents/${agentId}/trigger`)
      .set(bearer(key))
      .send({ input: { email: 'a@b.io' } })
      .expect(200);
    const detail = await api()
      .get(`/v2/executions/${manual.body.execution_id}`)
      .set(bearer(key))
      .expect(200);
    expect(detail.body).toMatchObject({ source: 'api', schedule_id: null, scheduled_for: null });
  });

  it('a workflow sees its schedule and fire time in $execution', async () => {
    const agent = await api()
      .post('/v2/agents')
      .set(bearer(key))
      .send({
        name: 'scheduled workflow',
        kind: 'workflow',
        config: {
          steps: [
            {
              id: 'who',
              type: 'transform',
              value: {
                source: '{% $execution.source %}',
                schedule_id: '{% $execution.schedule_id %}',
                scheduled_for: '{% $execution.scheduled_for %}',
              },
            },
          ],
        },
      })
      .expect(201);
    const { body: schedule } = await create(agent.body.id as string, {
      cron: '* * * * * *',
    }).expect(201);
    const [run] = await waitFor(
      () =>
        api()
          .get(`/v2/agents/${agent.body.id}/executions?status=completed`)
          .set(bearer(key))
          .then((answer) => answer.body.data as Json[]),
      (items) => items.length >= 1,
      10_000,
      100,
    );
    await api()
      .patch(`/v2/schedules/${schedule.id}`)
      .set(bearer(key))
      .send({ enabled: false })
      .expect(200);
    expect(run.output).toEqual({
      source: 'schedule',
      schedule_id: schedule.id,
      scheduled_for: run.scheduled_for,
    });
  });

  it('a paused agent fires nothing, and lists no next runs', async () => {
    const agentId = await newAgent();
    await api()
      .patch(`/v2/agents/${agentId}`)
      .set(bearer(key))
      .send({ status: 'paused' })
      .expect(200);
    const { body: schedule } = await create(agentId, { cron: '* * * * * *' }).expect(201);
    expect(schedule.next_runs).toEqual([]);
    // Proof that fire times passed: another agent's seconds schedule fired twice meanwhile.
    const witness = await newAgent('witness');
    await create(witness, { cron: '* * * * * *', overlap: 'allow' }).expect(201);
    await waitFor(
      () =>
        api()
          .get(`/v2/agents/${witness}/executions`)
          .set(bearer(key))
          .then((answer) => answer.body.data as Json[]),
      (items) => items.length >= 2,
      10_000,
      100,
    );
    const none = await api().get(`/v2/agents/${agentId}/executions`).set(bearer(key)).expect(200);
    expect(none.body.data).toEqual([]);
  });
});

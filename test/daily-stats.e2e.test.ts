import { SchedulerRegistry } from '@nestjs/schedule';
import { In, type DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentDailyStats, COUNTER_PART } from '../src/agents/agent-daily-stats.entity';
import { Agent } from '../src/agents/agent.entity';
import { utcDay } from '../src/common/time';
import { ExecutionIntakeService } from '../src/executions/execution-intake.service';
import {
  ExecutionLifecycleService,
  type RunOutcome,
} from '../src/executions/execution-lifecycle.service';
import { Execution, FINAL_STATUSES } from '../src/executions/execution.entity';
import { RetentionService } from '../src/retention/retention.service';
import { createAgent, seedAgent } from './support/agents';
import { startLocalServer, type LocalServer } from './support/http-server';
import { dailyCounters, type DayCounters } from './support/rows';
import { bearer, startTestService, TestService } from './support/service';
import { waitFor } from './support/wait';

const DAY = 86_400_000;
const VALID = { email: 'lead@acme.io', company: 'Acme' };
const INVALID = { name: 'no email' };

/** Triggers and stored routines in the service's database (there must be none). */
async function triggers(dataSource: DataSource): Promise<string[]> {
  const rows: { name: string }[] =
    dataSource.options.type === 'better-sqlite3'
      ? await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'trigger'`)
      : await dataSource.query(
          `SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()
           UNION ALL SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE()
           UNION ALL SELECT EVENT_NAME FROM information_schema.EVENTS WHERE EVENT_SCHEMA = DATABASE()`,
        );
  return rows.map((row) => row.name);
}

/**
 * The daily counters behind `executions_today` and `success_rate` (DailyCounters): created on
 * the UTC day of `created_at`, completed/failed once, on the UTC day of `completed_at`,
 * written by the application in the same transaction as the execution write they count,
 * whatever path writes it. No trigger does it (a managed MySQL does not allow them).
 */
describe('daily counters, through the service', () => {
  let t: TestService;
  let key: string;
  let slow: LocalServer;

  beforeAll(async () => {
    slow = await startLocalServer(() => undefined); // never answers
    // A batch window long enough for concurrent submits to share a batch.
    t = await startTestService({ INTAKE_BATCH_WINDOW_MS: '30', SYNC_WAIT_MS: '10000' });
    ({ key } = await t.seedAccount({ plan: 'enterprise' }));
  });
  afterAll(async () => {
    await slow?.close();
    await t?.close();
  });

  it('a fresh database has no trigger, stored routine or event', async () => {
    expect(await triggers(t.service.dataSource)).toEqual([]);
  });

  it('count triggers, webhook batches (with and without keys) and cancels once each', async () => {
    const lead = await seedAgent(t, key);
    const today = utcDay(new Date());
    // Synchronous triggers: 3 completed, 1 failed.
    for (const input of [VALID, VALID, VALID, INVALID]) {
      await t
        .api()
        .post(`/v2/agents/${lead.id}/trigger`)
        .set(bearer(key))
        .send({ input })
        .expect(200);
    }
    // A batch of webhooks without keys (MySQL: the one-round-trip INSERT and upsert).
    const plain = await Promise.all(
      Array.from({ length: 8 }, () => t.webhook().post(lead.path).send(VALID).expect(202)),
    );
    // With keys (a transaction that looks the keys up): one key three times, two others.
    const keyed = await Promise.all(
      ['k1', 'k1', 'k1', 'k2', 'k3'].map((k) =>
        t.webhook().post(lead.path).set('Idempotency-Key', k).send(VALID),
      ),
    );
    expect(new Set(keyed.map((res) => res.body.executionId)).size).toBe(3);
    // A stored key replayed later creates nothing.
    await t.webhook().post(lead.path).set('Idempotency-Key', 'k2').send(VALID).expect(200);
    const ids = [...plain, ...keyed].map((res) => res.body.executionId as string);
    await waitFor(
      () => t.service.dataSource.getRepository(Execution).findBy({ id: In(ids) }),
      (rows) => rows.every((row) => row.status === 'completed'),
    );
    expect(await dailyCounters(t.service.dataSource, lead.id)).toEqual({
      [today]: [4 + 8 + 3, 3 + 8 + 3, 1],
    });
    const agent = await t.api().get(`/v2/agents/${lead.id}`).set(bearer(key)).expect(200);
    expect(agent.body).toMatchObject({ executions_today: 15, success_rate: 93.3 });

    // A cancelled execution (its run waits on a target that never answers) counts as
    // created, neither completed nor failed.
    const waiting = await createAgent(t, key, {
      kind: 'http-request',
      config: { url: `${slow.url}/never` },
    });
    const queued = await t
      .api()
      .post(`/v2/agents/${waiting}/trigger`)
      .set(bearer(key))
      .send({ input: {}, options: { async: true } })
      .expect(202);
    await t
      .api()
      .post(`/v2/executions/${queued.body.execution_id}/cancel`)
      .set(bearer(key))
      .expect(200);
    expect(await dailyCounters(t.service.dataSource, waiting)).toEqual({ [today]: [1, 0, 0] });
  });
});

/**
 * The transitions one by one, on a service without a worker (nothing runs by itself), with
 * chosen completion days: each path counts exactly once, repeated or lost writes do not.
 */
describe('daily counters, transition by transition', () => {
  let t: TestService;
  let dataSource: DataSource;
  let agent: Agent;
  let intake: ExecutionIntakeService;
  let lifecycle: ExecutionLifecycleService;

  beforeAll(async () => {
    t = await startTestService({ ROLE: 'api' });
    dataSource = t.service.dataSource;
    const { key } = await t.seedAccount({ plan: 'enterprise' });
    const agentId = await createAgent(t, key);
    agent = await dataSource.getRepository(Agent).findOneByOrFail({ id: agentId });
    intake = t.service.api!.get(ExecutionIntakeService);
    lifecycle = t.service.api!.get(ExecutionLifecycleService);
  });
  afterAll(async () => {
    await t?.close();
  });

  const rows = () => dataSource.getRepository(Execution);

  /** A new execution through the intake, then claimed (running, attempt 1) as a worker would. */
  async function running(): Promise<Execution> {
    const { execution } = await intake.submit({ agent, input: VALID, source: 'api' });
    const startedAt = new Date();
    await rows().update(
      { id: execution.id, status: 'queued' },
      { status: 'running', attempts: 1, startedAt },
    );
    return rows().findOneByOrFail({ id: execution.id });
  }

  const outcome = (status: RunOutcome['status'], completedAt: Date): RunOutcome => ({
    status,
    output: status === 'completed' ? { ok: true } : null,
    error: status === 'failed' ? { code: 'agent_error', message: 'no' } : null,
    logs: [],
    completedAt,
  });

  it('count each path once, on the UTC day of created_at and of completed_at', async () => {
    const now = Date.now();
    const today = utcDay(new Date(now));
    const twoDaysAgo = new Date(now - 2 * DAY);
    const threeDaysAgo = new Date(now - 3 * DAY);

    // finish (one transaction: UPDATE, callback, counters), then the same again: no change.
    const a = await running();
    expect(await lifecycle.finish(a, outcome('completed', twoDaysAgo))).toBe(true);
    const aAgain = { ...a, status: 'running' as const };
    expect(await lifecycle.finish(aAgain, outcome('completed', new Date(now)))).toBe(false);
    // finishMany of one run (MySQL: UPDATE and its guarded counter in one round trip), twice.
    const b = await running();
    const bAgain = { ...b };
    expect(
      await lifecycle.finishMany([{ execution: b, outcome: outcome('failed', threeDaysAgo) }]),
    ).toEqual([true]);
    expect(
      await lifecycle.finishMany([{ execution: bAgain, outcome: outcome('failed', threeDaysAgo) }]),
    ).toEqual([false]);
    // finishMany of several (MySQL: locking read, one UPDATE per status), one of them cancelled
    // meanwhile: cancelled counts in neither, the others once each.
    const c = await running();
    const d = await running();
    const e = await running();
    await lifecycle.cancel(await rows().findOneByOrFail({ id: e.id }));
    expect(
      await lifecycle.finishMany([
        { execution: c, outcome: outcome('completed', twoDaysAgo) },
        { execution: d, outcome: outcome('failed', new Date(now)) },
        { execution: e, outcome: outcome('completed', new Date(now)) },
      ]),
    ).toEqual([true, true, false]);
    // An interrupted run given up after its lease expired (the worker's recovery path).
    const f = await running();
    await rows().update({ id: f.id }, { leasedUntil: new Date(now - 60_000) });
    expect(
      await lifecycle.finish(f, outcome('failed', new Date(now)), {
        leaseExpiredBefore: new Date(now),
      }),
    ).toBe(true);
    // A row whose stored data cannot be read is failed today.
    const g = await running();
    expect(await lifecycle.failUnreadable(g, 'broken')).toBe(true);
    expect(await lifecycle.failUnreadable(g, 'broken')).toBe(false);
    // Queued, then cancelled before it ran: created only.
    const { execution: h } = await intake.submit({ agent, input: VALID, source: 'api' });
    await lifecycle.cancel(h);

    const expected: DayCounters = {
      [today]: [8, 0, 3],
      [utcDay(twoDaysAgo)]: [0, 2, 0],
      [utcDay(threeDaysAgo)]: [0, 0, 1],
    };
    expect(await dailyCounters(dataSource, agent.id)).toEqual(expected);
    // Each writer in its own row of a day, so that intake and worker never share a row lock:
    // the intake's holds only `created`, the worker's only `completed` and `failed`.
    const parts = await dataSource.getRepository(AgentDailyStats).findBy({ agentId: agent.id });
    expect(
      parts
        .map((row) => [row.day, Number(row.part), row.created, row.completed, row.failed])
        .sort((x, y) => `${x[0]}${x[1]}`.localeCompare(`${y[0]}${y[1]}`)),
    ).toEqual(
      [
        [today, COUNTER_PART.intake, 8, 0, 0],
        [today, COUNTER_PART.worker, 0, 0, 3],
        [utcDay(twoDaysAgo), COUNTER_PART.worker, 0, 2, 0],
        [utcDay(threeDaysAgo), COUNTER_PART.worker, 0, 0, 1],
      ].sort((x, y) => `${x[0]}${x[1]}`.localeCompare(`${y[0]}${y[1]}`)),
    );

    // Retention deletes finished executions; the counters outlive them.
    const retention = new RetentionService(
      dataSource,
      { ...t.service.config, executionRetentionDays: 0 },
      new SchedulerRegistry(),
    );
    const pruned = await retention.prune(new Date(now + 1000));
    expect(pruned.executions).toBeGreaterThanOrEqual(8);
    expect(await rows().countBy({ agentId: agent.id, status: In([...FINAL_STATUSES]) })).toBe(0);
    expect(await dailyCounters(dataSource, agent.id)).toEqual(expected);
  });
});

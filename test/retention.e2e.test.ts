import { IsNull } from 'typeorm';
import { SchedulerRegistry } from '@nestjs/schedule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentDailyStats,
  COUNTER_PART,
  type CounterPart,
} from '../src/agents/agent-daily-stats.entity';
import { utcDay } from '../src/common/time';
import { Execution } from '../src/executions/execution.entity';
import { RetentionService } from '../src/retention/retention.service';
import { CallbackDelivery } from '../src/webhooks/outbound/callback-delivery.entity';
import { DeliveryAttempt } from '../src/webhooks/outbound/delivery-attempt.entity';
import {
  dailyCounters,
  insertAgent,
  insertDailyStats,
  insertDelivery,
  insertExecution,
} from './support/rows';
import { startTestService, TestService } from './support/service';

const DAY = 86_400_000;

describe('retention', () => {
  let t: TestService;

  // No worker role here: the retention service is driven by hand (and no runner touches the
  // queued row the test inserts).
  beforeAll(async () => {
    t = await startTestService({
      ROLE: 'api,webhook',
      EXECUTION_RETENTION_DAYS: '30',
      RETENTION_BATCH_SIZE: '2',
    });
  });
  afterAll(async () => t?.close());

  it('runs by itself in the worker role, on its schedule', async () => {
    const worker = await startTestService({ ROLE: 'worker', RETENTION_INTERVAL_MS: '1000' });
    try {
      const ds = worker.service.dataSource;
      const agent = await insertAgent(ds, 'acc_retention');
      const old = await insertExecution(ds, agent, { createdAt: new Date(Date.now() - 40 * DAY) });
      const fresh = await insertExecution(ds, agent);
      const deadline = Date.now() + 10_000;
      while (await ds.getRepository(Execution).existsBy({ id: old.id })) {
        if (Date.now() > deadline) throw new Error('the scheduled retention pass did not run');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await ds.getRepository(Execution).existsBy({ id: fresh.id })).toBe(true);
    } finally {
      await worker.close();
    }
  });

  it('deletes finished executions older than the window, with their deliveries, in batches', async () => {
    const ds = t.service.dataSource;
    const retention = new RetentionService(ds, t.service.config, new SchedulerRegistry());
    const at = new Date();
    const ago = (days: number) => new Date(at.getTime() - days * DAY);
    const { accountId } = await t.seedAccount();
    const agent = await insertAgent(ds, accountId);

    const old = [
      await insertExecution(ds, agent, { status: 'completed', createdAt: ago(40) }),
      await insertExecution(ds, agent, { status: 'failed', createdAt: ago(35) }),
      await insertExecution(ds, agent, { status: 'cancelled', createdAt: ago(30.01) }),
      await insertExecution(ds, agent, { status: 'completed', createdAt: ago(400) }),
    ];
    const oldDelivery = await insertDelivery(ds, old[0]);
    const kept = [
      // Never finished: a worker may hold it, so it is not pruned whatever its age.
      await insertExecution(ds, agent, { status: 'queued', createdAt: ago(40) }),
      await insertExecution(ds, agent, { status: 'completed', createdAt: ago(29.99) }),
      await insertExecution(ds, agent, { status: 'failed', createdAt: at }),
    ];
    const keptDelivery = await insertDelivery(ds, kept[1]);

    // A day's counters in the intake's row (created) and the worker's (completed).
    const stat = (days: number, part: CounterPart, n: number): AgentDailyStats => ({
      agentId: agent.id,
      day: utcDay(ago(days)),
      part,
      created: part === COUNTER_PART.intake ? n : 0,
      completed: part === COUNTER_PART.worker ? n : 0,
      failed: 0,
    });
    const { intake, worker } = COUNTER_PART;
    // The rows above were not counted; counters of chosen ages, in one part or both.
    await ds.getRepository(AgentDailyStats).delete({ agentId: agent.id });
    for (const [days, part] of [
      [31, intake],
      [31, worker],
      [45, intake],
      [90, worker],
    ] as const) {
      await insertDailyStats(ds, stat(days, part, 1));
    }
    for (const days of [29, 0]) {
      for (const part of [intake, worker]) await insertDailyStats(ds, stat(days, part, 7));
    }

    const result = await retention.prune(at);
    // 4 executions in batches of 2; 4 old daily rows (of 3 days) in batches of 2.
    expect(result).toEqual({ executions: 4, dailyStats: 4, events: 0, batches: 4 });

    const ids = (await ds.getRepository(Execution).find({ where: { agentId: agent.id } })).map(
      (row) => row.id,
    );
    expect(ids.sort()).toEqual(kept.map((row) => row.id).sort());
    expect(
      await ds.getRepository(CallbackDelivery).findOneBy({ id: oldDelivery.delivery.id }),
    ).toBeNull();
    expect(
      await ds.getRepository(DeliveryAttempt).findOneBy({ id: oldDelivery.attempt.id }),
    ).toBeNull();
    expect(
      await ds.getRepository(CallbackDelivery).findOneBy({ id: keptDelivery.delivery.id }),
    ).not.toBeNull();
    expect(
      await ds.getRepository(DeliveryAttempt).findOneBy({ id: keptDelivery.attempt.id }),
    ).not.toBeNull();

    // Recent counters are untouched (nothing is decremented for pruned rows).
    expect(await dailyCounters(ds, agent.id)).toEqual({
      [utcDay(ago(29))]: [7, 7, 0],
      [utcDay(at)]: [7, 7, 0],
    });

    // A second pass finds nothing more.
    expect(await retention.prune(at)).toEqual({
      executions: 0,
      dailyStats: 0,
      events: 0,
      batches: 0,
    });
  });

  it('deletes old deliveries of endpoint events about no execution (agent events, pings)', async () => {
    const ds = t.service.dataSource;
    const retention = new RetentionService(ds, t.service.config, new SchedulerRegistry());
    const at = new Date();
    const { accountId } = await t.seedAccount();
    const agent = await insertAgent(ds, accountId);
    const execution = await insertExecution(ds, agent, { status: 'completed', createdAt: at });
    const row = async (days: number, status: 'delivered' | 'pending') => {
      const { delivery, attempt } = await insertDelivery(ds, execution);
      const createdAt = new Date(at.getTime() - days * DAY);
      await ds
        .getRepository(CallbackDelivery)
        .update(
          { id: delivery.id },
          { executionId: null, endpointId: 'wep_01jd8z0a2b4c6d8e0f2g4h6j8k', status, createdAt },
        );
      await ds.getRepository(DeliveryAttempt).update({ id: attempt.id }, { executionId: null });
      return delivery.id;
    };
    const old = await row(31, 'delivered');
    const young = await row(29, 'delivered');
    const pending = await row(31, 'pending');
    const result = await retention.prune(at);
    expect(result.events).toBe(1);
    const left = await ds.getRepository(CallbackDelivery).findBy({ executionId: IsNull() });
    expect(left.map((d) => d.id).sort()).toEqual([young, pending].sort());
    expect(await ds.getRepository(DeliveryAttempt).countBy({ deliveryId: old })).toBe(0);
  });

  it('keeps an old child of an agent step while its parent is kept', async () => {
    const ds = t.service.dataSource;
    const retention = new RetentionService(ds, t.service.config, new SchedulerRegistry());
    const at = new Date();
    const { accountId } = await t.seedAccount();
    const agent = await insertAgent(ds, accountId);
    const parent = await insertExecution(ds, agent, {
      status: 'waiting',
      createdAt: new Date(at.getTime() - 40 * DAY),
    });
    const child = await insertExecution(ds, agent, {
      status: 'completed',
      source: 'agent',
      createdAt: new Date(at.getTime() - 39 * DAY),
      parentExecutionId: parent.id,
      rootExecutionId: parent.id,
      parentStep: 'call#1',
      parentWaits: true,
      agentDepth: 1,
    });
    await retention.prune(at);
    const rows = ds.getRepository(Execution);
    expect(await rows.countBy({ id: child.id })).toBe(1);
    await rows.update({ id: parent.id }, { status: 'completed' });
    await retention.prune(at); // the parent first, then its child
    await retention.prune(at);
    expect(await rows.countBy({ id: parent.id })).toBe(0);
    expect(await rows.countBy({ id: child.id })).toBe(0);
  });
});

import type { TestingModule } from '@nestjs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/common/api-error';
import { utcDay } from '../../src/common/time';
import { Execution } from '../../src/executions/execution.entity';
import { ExecutionIntakeService } from '../../src/executions/execution-intake.service';
import { ExecutionLeases } from '../../src/executions/execution-leases';
import {
  ExecutionLifecycleService,
  type RunOutcome,
} from '../../src/executions/execution-lifecycle.service';
import { RUN_QUEUE } from '../../src/queue/run-queue';
import { CallbackDelivery } from '../../src/webhooks/outbound/callback-delivery.entity';
import { DeliveryAttempt } from '../../src/webhooks/outbound/delivery-attempt.entity';
import { DeliveryStore } from '../../src/webhooks/outbound/delivery-store';
import type { Agent } from '../../src/agents/agent.entity';
import { openModuleTestDatabase, roleModule, type ModuleTestDatabase } from '../support/container';
import { FakeRunQueue } from '../support/fake-run-queue';
import { dailyCounters, insertAgent } from '../support/rows';

/**
 * The execution store and the delivery store on the suite's database (SQLite, and MariaDB in
 * the module-mariadb project): every state transition through the providers that own it,
 * each applied once and refused when the row has moved on. The container is the worker role
 * with a fake run queue, never started (nothing claims behind the test's back).
 */
describe('stores (module: every transition of an execution and of a delivery)', () => {
  let db: ModuleTestDatabase;
  let module: TestingModule;
  let queue: FakeRunQueue;
  let intake: ExecutionIntakeService;
  let leases: ExecutionLeases;
  let lifecycle: ExecutionLifecycleService;
  let deliveries: DeliveryStore;
  let agent: Agent;

  beforeAll(async () => {
    db = await openModuleTestDatabase();
    queue = new FakeRunQueue();
    module = await roleModule(db, ['worker']).overrideProvider(RUN_QUEUE).useValue(queue).compile();
    intake = module.get(ExecutionIntakeService, { strict: false });
    leases = module.get(ExecutionLeases, { strict: false });
    lifecycle = module.get(ExecutionLifecycleService, { strict: false });
    deliveries = module.get(DeliveryStore, { strict: false });
    const account = await db.insertAccount();
    agent = await insertAgent(db.dataSource, account.id);
  });

  afterAll(async () => {
    await module?.close();
    await db?.close();
  });

  const row = (id: string) => db.dataSource.getRepository(Execution).findOneByOrFail({ id });
  const today = () => dailyCounters(db.dataSource, agent.id).then((c) => c[utcDay(new Date())]);
  const created = async (key: string | null = null) =>
    (
      await intake.submit({
        agent,
        input: { email: 'ana@acme.io' },
        source: 'api',
        idempotencyKey: key,
      })
    ).execution;
  const outcome = (status: RunOutcome['status']): RunOutcome => ({
    status,
    output: status === 'completed' ? { ok: true } : null,
    error: status === 'failed' ? { code: 'agent_error', message: 'boom' } : null,
    logs: [],
    completedAt: new Date(),
  });

  it('creates: queued, counted and announced once; a repeated key is a replay', async () => {
    const before = (await today())?.[0] ?? 0;
    const first = await intake.submit({
      agent,
      input: { email: 'ana@acme.io' },
      source: 'api',
      idempotencyKey: 'order-1',
    });
    const replay = await intake.submit({
      agent,
      input: { email: 'ana@acme.io' },
      source: 'api',
      idempotencyKey: 'order-1',
    });
    expect(first.created).toBe(true);
    expect(replay).toMatchObject({ created: false, execution: { id: first.execution.id } });
    expect(await row(first.execution.id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(queue.enqueued.filter((id) => id === first.execution.id)).toHaveLength(1);
    expect((await today())[0]).toBe(before + 1);
  });

  it('claims once, renews only under its own claim, and finishes once', async () => {
    const execution = await created();
    const claim = await leases.claim(execution.id, 60_000);
    expect(claim).toMatchObject({ id: execution.id, status: 'running', attempts: 1 });
    expect(await leases.claim(execution.id, 60_000)).toBeNull();
    expect(await leases.renew(execution.id, 1, 60_000)).toBe(true);
    expect(await leases.renew(execution.id, 2, 60_000)).toBe(false);

    const running = await row(execution.id);
    const completedBefore = (await today())[1];
    // A recovery's finish applies only to an expired lease: this one is live.
    expect(
      await lifecycle.finish(running, outcome('failed'), { leaseExpiredBefore: new Date() }),
    ).toBe(false);
    expect(await lifecycle.finish(running, outcome('completed'))).toBe(true);
    expect(await lifecycle.finish(running, outcome('failed'))).toBe(false);
    expect(await row(execution.id)).toMatchObject({
      status: 'completed',
      output: { ok: true },
      leasedUntil: null,
    });
    expect((await today())[1]).toBe(completedBefore + 1);
    expect(await leases.renew(execution.id, 1, 60_000)).toBe(false);
  });

  it('hands back: a released run is queued again and claimed under a new number', async () => {
    const execution = await created();
    const claim = (await leases.claim(execution.id, 60_000))!;
    // Requeue by recovery refuses a live lease; a release by its owner does not.
    expect(await leases.requeue(claim, new Date(Date.now() - 1000))).toBe(false);
    expect(await leases.release(claim)).toBe(true);
    expect(await leases.release(claim)).toBe(false);
    expect(await row(execution.id)).toMatchObject({ status: 'queued', leasedUntil: null });
    const again = (await leases.claim(execution.id, 60_000))!;
    expect(again.attempts).toBe(2);
    // The first claim's finish is stale now.
    expect(
      await lifecycle.finish({ ...(await row(execution.id)), attempts: 1 }, outcome('completed')),
    ).toBe(false);
  });

  it('recovers an expired lease: listed as expired, requeued once', async () => {
    const execution = await created();
    const claim = (await leases.claim(execution.id, 1))!;
    const later = new Date(Date.now() + 1000);
    expect((await leases.expired(later, 100)).map((c) => c.id)).toContain(execution.id);
    expect(await leases.requeue(claim, later)).toBe(true);
    expect(await leases.requeue(claim, later)).toBe(false);
    expect((await row(execution.id)).status).toBe('queued');
  });

  it('cancels a queued or running execution once; a finished one is a conflict', async () => {
    const queued = await created();
    expect((await lifecycle.cancel(await row(queued.id))).status).toBe('cancelled');
    await expect(lifecycle.cancel(await row(queued.id))).rejects.toBeInstanceOf(ApiError);

    const running = await created();
    await leases.claim(running.id, 60_000);
    // Cancelled from what the caller saw as queued: judged again on the row as it is.
    expect((await lifecycle.cancel(running)).status).toBe('cancelled');
    const row2 = await row(running.id);
    expect(row2).toMatchObject({ status: 'cancelled', leasedUntil: null });
    expect(await lifecycle.finish({ ...row2, status: 'running' }, outcome('completed'))).toBe(
      false,
    );
    expect((await row(running.id)).status).toBe('cancelled');
  });

  it('moves a delivery: added, claimed by one, released or settled under its attempt count', async () => {
    const at = new Date();
    const delivery = DeliveryStore.pendingRow(
      { executionId: null, endpointId: null, accountId: agent.accountId, url: 'https://x.test/' },
      { id: 'dlv_store_test', type: 'execution.completed', created_at: at.toISOString(), data: {} },
      at,
      'dlv_store_test',
    );
    await deliveries.add([delivery]);
    const lock = new Date(at.getTime() + 60_000);
    const due = await deliveries.due(new Date(), new Date(), 10, ['id']);
    expect(due.map((d) => d.id)).toContain(delivery.id);
    expect(await deliveries.claim(delivery.id, new Date(), lock)).toBe(true);
    expect(await deliveries.claim(delivery.id, new Date(), lock)).toBe(false);
    expect(
      (await deliveries.due(new Date(), new Date(), 10, ['id'])).map((d) => d.id),
    ).not.toContain(delivery.id);

    await deliveries.release(delivery);
    expect(await deliveries.claim(delivery.id, new Date(), lock)).toBe(true);
    const attempt = {
      url: delivery.url,
      statusCode: 500,
      error: 'http_error' as const,
      durationMs: 3,
      responseExcerpt: 'no',
      createdAt: new Date(),
    };
    const retryAt = new Date(Date.now() + 60_000);
    await deliveries.settle(delivery, attempt, 'pending', retryAt, new Date());
    // Settled again under the same (now stale) attempt count: nothing moves.
    await deliveries.settle(delivery, attempt, 'delivered', new Date(), new Date());
    const stored = await db.dataSource
      .getRepository(CallbackDelivery)
      .findOneByOrFail({ id: delivery.id });
    expect(stored).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(stored.nextAttemptAt.getTime()).toBe(retryAt.getTime());
    // Not due before its retry time.
    expect(await deliveries.claim(delivery.id, new Date(), lock)).toBe(false);
    const attempts = await db.dataSource
      .getRepository(DeliveryAttempt)
      .findBy({ deliveryId: delivery.id });
    expect(attempts.map((a) => a.attempt)).toContain(1);
  });
});

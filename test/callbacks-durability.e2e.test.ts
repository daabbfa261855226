import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { In } from 'typeorm';
import { AccountsService } from '../src/auth/accounts.service';
import { Service, startService } from '../src/bootstrap';
import { loadConfig } from '../src/config/configuration';
import { LocalBus } from '../src/queue/local-bus';
import { CallbackDelivery } from '../src/webhooks/outbound/callback-delivery.entity';
import { DeliveryAttempt } from '../src/webhooks/outbound/delivery-attempt.entity';
import { finishWithCallback, insertAgent } from './support/callback-fixtures';
import { createTestDatabase, TestDatabase } from './support/database';
import { Receiver } from './support/receiver';
import { TEST_SECRET_KEY } from './support/service';
import { eventually } from './support/wait';

/** Services started on one shared database, as separate processes would be. */
describe('outgoing webhooks: durability and fairness', () => {
  let db: TestDatabase;
  const services: Service[] = [];
  const receivers: Receiver[] = [];

  const start = async (env: Record<string, string> = {}) => {
    const service = await startService(
      loadConfig({
        SECRET_KEY: TEST_SECRET_KEY,
        LOG_LEVEL: 'silent',
        OUTBOUND_ALLOW_PRIVATE: 'true',
        CALLBACK_RETRY_BASE_MS: '1',
        ...db.env,
        ...env,
      }),
    );
    services.push(service);
    return service;
  };
  const stop = async (service: Service) => {
    services.splice(services.indexOf(service), 1);
    await service.close();
  };
  const receiver = async (...args: Parameters<typeof Receiver.start>) => {
    const started = await Receiver.start(...args);
    receivers.push(started);
    return started;
  };
  const seed = async (service: Service) => {
    const account = await service.api!.get(AccountsService).create('Durability', 'enterprise');
    return insertAgent(service.dataSource, account.id);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    for (const service of services.splice(0)) await service.close();
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  afterAll(async () => db?.drop());

  it('sends the deliveries pending at a restart after it, including one claimed by a crashed sender', async () => {
    const hook = await receiver();
    // A process without the worker role: the rows stay in the outbox.
    const first = await start({ ROLE: 'api' });
    const agent = await seed(first);
    const waiting = await finishWithCallback(first.dataSource, {
      agent,
      status: 'completed',
      callbackUrl: hook.url('/waiting'),
    });
    const claimed = await finishWithCallback(first.dataSource, {
      agent,
      status: 'failed',
      callbackUrl: hook.url('/claimed'),
    });
    // As left by a sender that died mid-attempt: claimed, claim since expired.
    await first.dataSource
      .getRepository(CallbackDelivery)
      .update({ id: claimed.delivery!.id }, { lockedUntil: new Date(Date.now() - 1000) });
    const ids = [waiting.delivery!.id, claimed.delivery!.id];
    const before = await first.dataSource.getRepository(CallbackDelivery).findBy({ id: In(ids) });
    expect(before.map((row) => row.status)).toEqual(['pending', 'pending']);
    await stop(first);
    expect(hook.requests).toHaveLength(0);

    const second = await start();
    await eventually(() => hook.requests.length === 2, 10_000, 'both deliveries');
    expect(hook.requests.map((r) => r.headers['x-webhook-id']).sort()).toEqual([...ids].sort());
    await eventually(async () => {
      const rows = await second.dataSource.getRepository(CallbackDelivery).findBy({ id: In(ids) });
      return rows.every((row) => row.status === 'delivered' && row.attempts === 1);
    });
  });

  it('puts back an attempt cut by the shutdown deadline, unrecorded, for the next worker', async () => {
    let answer = false;
    const hook = await receiver(() => (answer ? 200 : 'hang'));
    const first = await start({ SHUTDOWN_GRACE_MS: '300', CALLBACK_TIMEOUT_MS: '60000' });
    const agent = await seed(first);
    const { delivery } = await finishWithCallback(first.dataSource, {
      agent,
      status: 'completed',
      callbackUrl: hook.url(),
      bus: first.worker!.get(LocalBus),
    });
    await eventually(() => hook.requests.length === 1, 10_000, 'the first attempt');
    const closing = Date.now();
    await stop(first);
    // Closed at the deadline, not after the 60 s attempt timeout.
    expect(Date.now() - closing).toBeLessThan(10_000);

    answer = true;
    const second = await start({ ROLE: 'api' });
    const row = await second.dataSource
      .getRepository(CallbackDelivery)
      .findOneByOrFail({ id: delivery!.id });
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    expect(
      await second.dataSource.getRepository(DeliveryAttempt).countBy({ deliveryId: delivery!.id }),
    ).toBe(0);
    await stop(second);

    const third = await start();
    await eventually(async () => {
      const current = await third.dataSource
        .getRepository(CallbackDelivery)
        .findOneByOrFail({ id: delivery!.id });
      return current.status === 'delivered' && current.attempts === 1;
    });
    expect(hook.requests.map((r) => r.headers['x-webhook-id'])).toEqual([
      delivery!.id,
      delivery!.id,
    ]);
  });

  it('sends each delivery once when two workers share the outbox', async () => {
    const hook = await receiver();
    const writer = await start({ ROLE: 'api' });
    const agent = await seed(writer);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const { delivery } = await finishWithCallback(writer.dataSource, {
        agent,
        status: 'completed',
        callbackUrl: hook.url(`/n${i}`),
      });
      ids.push(delivery!.id);
    }
    // Not yet due: both workers are running before any row can be claimed.
    await writer.dataSource
      .getRepository(CallbackDelivery)
      .update({ id: In(ids) }, { nextAttemptAt: new Date(Date.now() + 3_600_000) });
    await stop(writer);

    const env = { CALLBACK_CONCURRENCY: '64' };
    const [one, two] = await Promise.all([start(env), start(env)]);
    await one.dataSource
      .getRepository(CallbackDelivery)
      .update({ id: In(ids) }, { nextAttemptAt: new Date() });
    // Wake both at the same moment: they read the same due rows and race for each claim.
    one.worker!.get(LocalBus).emit('callbacks.pending');
    two.worker!.get(LocalBus).emit('callbacks.pending');
    await eventually(
      async () =>
        (await one.dataSource.getRepository(CallbackDelivery).countBy({
          id: In(ids),
          status: 'delivered',
        })) === 20,
      15_000,
      'all deliveries',
    );
    const received = hook.requests.map((r) => String(r.headers['x-webhook-id']));
    expect(received.sort()).toEqual([...ids].sort());
    expect(
      await two.dataSource.getRepository(DeliveryAttempt).countBy({ deliveryId: In(ids) }),
    ).toBe(20);
  });

  it('keeps delivering to others while one receiver hangs', async () => {
    let released = false;
    const slow = await receiver(() => (released ? 200 : 'hang'));
    const fast = await receiver();
    const service = await start({ CALLBACK_CONCURRENCY: '4', CALLBACK_TIMEOUT_MS: '20000' });
    const agent = await seed(service);
    const bus = service.worker!.get(LocalBus);
    const stuck: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { delivery } = await finishWithCallback(service.dataSource, {
        agent,
        status: 'completed',
        callbackUrl: slow.url(`/slow${i}`),
        bus,
      });
      stuck.push(delivery!.id);
    }
    await eventually(() => slow.requests.length > 0, 10_000, 'the slow receiver to be called');
    const { delivery } = await finishWithCallback(service.dataSource, {
      agent,
      status: 'completed',
      callbackUrl: fast.url(),
      bus,
    });
    await eventually(() => fast.requests.length === 1, 10_000, 'the fast receiver');
    expect(fast.requests[0].headers['x-webhook-id']).toBe(delivery!.id);
    // Every attempt to the slow receiver is still waiting for its answer.
    expect(
      await service.dataSource.getRepository(DeliveryAttempt).countBy({ deliveryId: In(stuck) }),
    ).toBe(0);
    expect(slow.requests.length).toBeLessThan(6);

    released = true;
    slow.dropHanging();
    await eventually(
      async () =>
        (await service.dataSource.getRepository(CallbackDelivery).countBy({
          id: In(stuck),
          status: 'delivered',
        })) === 6,
      15_000,
      'the slow deliveries once released',
    );
  });
});

import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { WebhookEndpoint } from '../src/webhooks/outbound/webhook-endpoint.entity';
import { CallbackDelivery } from '../src/webhooks/outbound/callback-delivery.entity';
import { Receiver } from './support/receiver';
import { bearer, startTestService, type TestService } from './support/service';
import { eventually } from './support/wait';

/**
 * An endpoint whose every attempt fails for ENDPOINT_DISABLE_AFTER_MS (5 days by default) is
 * disabled, with the reason on it; a success resets the clock. The window is made tiny here.
 */
describe('webhook endpoints: disabled after failing for too long', () => {
  const services: TestService[] = [];
  const receivers: Receiver[] = [];
  const start = async (env: Record<string, string>) => {
    const t = await startTestService({ CALLBACK_RETRY_BASE_MS: '20', ...env });
    services.push(t);
    return t;
  };
  const receiver = async (...args: Parameters<typeof Receiver.start>) => {
    const started = await Receiver.start(...args);
    receivers.push(started);
    return started;
  };
  const setUp = async (t: TestService, url: string) => {
    const { key } = await t.seedAccount();
    const endpoint = await t
      .api()
      .post('/v2/webhook-endpoints')
      .set(bearer(key))
      .send({ url, events: ['*'] })
      .expect(201);
    return { key, id: endpoint.body.id as string };
  };
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  afterAll(async () => {
    for (const t of services) await t.close();
  });

  it('disables an endpoint that keeps failing past the window, shows why, and sends it nothing more', async () => {
    const t = await start({ ENDPOINT_DISABLE_AFTER_MS: '1' });
    const hook = await receiver(() => 500);
    const { key, id } = await setUp(t, hook.url());
    await t.api().post(`/v2/webhook-endpoints/${id}/test`).set(bearer(key)).expect(202);

    const disabled = await eventually(async () => {
      const res = await t.api().get(`/v2/webhook-endpoints/${id}`).set(bearer(key)).expect(200);
      return res.body.enabled === false && res.body;
    });
    expect(disabled.disabled_reason).toMatch(/^Disabled automatically: every delivery failed/);
    // The pending retry ends without another request; new events are not written for it.
    const log = await eventually(async () => {
      const res = await t
        .api()
        .get(`/v2/webhook-endpoints/${id}/deliveries`)
        .set(bearer(key))
        .expect(200);
      return res.body.data[0].status === 'failed' && res.body.data[0];
    });
    expect(log.attempts[0]).toMatchObject({ error: 'endpoint_disabled', status_code: null });
    const sent = hook.requests.length;
    expect(sent).toBe(2);
    await t.api().post('/v2/agents').set(bearer(key)).send({ name: 'After' }).expect(201);
    const rows = await t.service.dataSource
      .getRepository(CallbackDelivery)
      .countBy({ endpointId: id });
    expect(rows).toBe(1);
    const test = await t.api().post(`/v2/webhook-endpoints/${id}/test`).set(bearer(key));
    expect(test.status).toBe(409);
    expect(test.body.error.code).toBe('conflict');

    // Enabled again: the reason is gone and events flow.
    hook.behaviour = () => 200;
    await t
      .api()
      .patch(`/v2/webhook-endpoints/${id}`)
      .set(bearer(key))
      .send({ enabled: true })
      .expect(200);
    await t.api().post(`/v2/webhook-endpoints/${id}/test`).set(bearer(key)).expect(202);
    await eventually(() => hook.requests.length === sent + 1);
  });

  it('keeps an endpoint that fails within the window, and a success resets the clock', async () => {
    const t = await start({});
    const hook = await receiver((n) => (n < 2 ? 500 : 200));
    const { key, id } = await setUp(t, hook.url());
    const endpoints = t.service.dataSource.getRepository(WebhookEndpoint);
    await t.api().post(`/v2/webhook-endpoints/${id}/test`).set(bearer(key)).expect(202);
    await eventually(async () => (await endpoints.findOneByOrFail({ id })).failingSince !== null);
    await eventually(() => hook.requests.length === 3);
    await eventually(async () => (await endpoints.findOneByOrFail({ id })).failingSince === null);
    expect(await endpoints.findOneByOrFail({ id })).toMatchObject({
      enabled: true,
      disabledReason: null,
    });
  });
});

import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Receiver } from './support/receiver';
import { bearer, startTestService, type TestService } from './support/service';
import { eventually } from './support/wait';

/**
 * Agent events (docs/api.md, Webhook endpoints and events): each change of an agent, as the API
 * shows the agent.
 */
describe('webhook endpoints: agent events', () => {
  let t: TestService;
  let key: string;
  let hook: Receiver;
  let secret: string;
  const received = () =>
    hook.requests.map(
      (r) => JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> },
    );

  beforeAll(async () => {
    t = await startTestService({ CALLBACK_RETRY_BASE_MS: '20' });
    ({ key } = await t.seedAccount());
    hook = await Receiver.start();
    const created = await t
      .api()
      .post('/v2/webhook-endpoints')
      .set(bearer(key))
      .send({
        url: hook.url(),
        events: [
          'agent.created',
          'agent.updated',
          'agent.paused',
          'agent.resumed',
          'agent.deleted',
        ],
      })
      .expect(201);
    secret = created.body.secret;
  });
  afterAll(async () => {
    await hook?.close();
    await t?.close();
  });

  it('sends agent.created, .updated, .paused, .resumed and .deleted with the agent detail', async () => {
    const agent = (
      await t.api().post('/v2/agents').set(bearer(key)).send({ name: 'Leads' }).expect(201)
    ).body;
    await eventually(() => received().length === 1);
    expect(received()[0]).toMatchObject({ type: 'agent.created', data: agent });

    const path = `/v2/agents/${agent.id}`;
    const renamed = (
      await t.api().patch(path).set(bearer(key)).send({ name: 'Leads EU' }).expect(200)
    ).body;
    const paused = (
      await t.api().patch(path).set(bearer(key)).send({ status: 'paused' }).expect(200)
    ).body;
    // Pausing a paused agent changes nothing: no event.
    await t.api().patch(path).set(bearer(key)).send({ status: 'paused' }).expect(200);
    const resumed = (
      await t.api().patch(path).set(bearer(key)).send({ status: 'active' }).expect(200)
    ).body;
    const reconfigured = (
      await t
        .api()
        .patch(path)
        .set(bearer(key))
        .send({ config: { threshold: 70 } })
        .expect(200)
    ).body;
    const rotated = (await t.api().post(`${path}/webhook-url/rotate`).set(bearer(key)).expect(200))
      .body;
    await t.api().delete(path).set(bearer(key)).expect(204);

    const all = await eventually(() => received().length >= 7 && received());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received()).toHaveLength(7);
    // Attempts may overtake one another: compare by type and content, not arrival order.
    const byType = (type: string) => all.filter((e) => e.type === type).map((e) => e.data);
    expect(byType('agent.paused')).toEqual([paused]);
    expect(byType('agent.resumed')).toEqual([resumed]);
    expect(byType('agent.updated')).toEqual(
      expect.arrayContaining([renamed, reconfigured, rotated]),
    );
    expect(byType('agent.updated')).toHaveLength(3);
    expect(reconfigured.version).toBe(2);
    expect(byType('agent.deleted')).toEqual([{ ...rotated, updated_at: expect.any(String) }]);
    for (const request of hook.requests) {
      expect(
        new Webhook(secret).verify(request.body, request.headers as Record<string, string>),
      ).toBeTruthy();
    }
  });
});

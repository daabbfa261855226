import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../src/agents/agent.entity';
import { LocalBus } from '../src/queue/local-bus';
import { deliveryRow, finishWithCallback, insertAgent } from './support/callback-fixtures';
import { Receiver } from './support/receiver';
import { bearer, startTestService, TestService } from './support/service';
import { eventually } from './support/wait';

/**
 * With OUTBOUND_ALLOW_PRIVATE=false, callbacks to loopback, private and link-local targets are
 * refused before any connection: one attempt, `address_not_allowed`, failed at once.
 * Only loopback receivers of this test are real; the other literals are refused before a
 * socket is opened, so no packet leaves the machine.
 */
describe('outgoing webhooks: outbound address policy', () => {
  let t: TestService;
  let key: string;
  let agent: Agent;
  let v4: Receiver;
  let v6: Receiver;

  beforeAll(async () => {
    v4 = await Receiver.start();
    v6 = await Receiver.start(() => 200, '::1');
    t = await startTestService({ OUTBOUND_ALLOW_PRIVATE: 'false', CALLBACK_RETRY_BASE_MS: '1' });
    let accountId: string;
    ({ key, accountId } = await t.seedAccount());
    agent = await insertAgent(t.service.dataSource, accountId);
  });
  afterAll(async () => {
    await t?.close();
    await v4?.close();
    await v6?.close();
  });

  const targets = () => [
    `http://127.0.0.1:${v4.port}/hook`,
    `http://[::1]:${v6.port}/hook`,
    `http://localhost:${v4.port}/hook`,
    'http://10.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    `ftp://127.0.0.1:${v4.port}/hook`,
  ];

  it('refuses each private target with one address_not_allowed attempt, never connecting', async () => {
    const sent = [];
    for (const url of targets()) {
      sent.push({
        url,
        ...(await finishWithCallback(t.service.dataSource, {
          agent,
          status: 'completed',
          callbackUrl: url,
          bus: t.service.worker!.get(LocalBus),
        })),
      });
    }
    for (const { url, execution, delivery } of sent) {
      const row = await eventually(
        async () => {
          const current = await deliveryRow(t.service.dataSource, delivery!.id);
          return current.status !== 'pending' && current;
        },
        10_000,
        `the delivery to ${url} to settle`,
      );
      expect({ url, status: row.status, attempts: row.attempts }).toEqual({
        url,
        status: 'failed',
        attempts: 1,
      });
      const res = await t
        .api()
        .get(`/v2/executions/${execution.id}/deliveries`)
        .set(bearer(key))
        .expect(200);
      expect(res.body.data).toEqual([
        {
          id: delivery!.id,
          url,
          event: 'execution.completed',
          attempt: 1,
          status_code: null,
          error: 'address_not_allowed',
          duration_ms: expect.any(Number),
          created_at: expect.any(String),
        },
      ]);
    }
    expect(v4.connections).toBe(0);
    expect(v6.connections).toBe(0);
    expect(v4.requests).toHaveLength(0);
    expect(v6.requests).toHaveLength(0);
  });
});

import { sign as githubSign } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newSigningSecret } from '../../src/common/crypto';
import { callbackHeaders } from '../../src/webhooks/outbound/callback-signer';
import { retryDelayMs } from '../../src/webhooks/outbound/retry-schedule';

describe('callback signing', () => {
  const body = '{"id":"dlv_1","type":"execution.completed","data":{"note":"ünïcode ✓"}}';

  it('produces the signatures the reference libraries produce', async () => {
    const secret = newSigningSecret();
    const headers = callbackHeaders({ id: 'dlv_1', timestamp: 1_700_000_000, body, secret });
    expect(headers['x-signature']).toBe(await githubSign(secret, body));
    expect(headers['webhook-signature']).toBe(
      new Webhook(secret).sign('dlv_1', new Date(1_700_000_000 * 1000), body),
    );
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'x-webhook-id': 'dlv_1',
      'x-webhook-timestamp': '1700000000',
      'webhook-id': 'dlv_1',
      'webhook-timestamp': '1700000000',
    });
  });

  it('adds one v1 signature per previous secret; X-Signature keeps the current one', async () => {
    const current = newSigningSecret();
    const previous = newSigningSecret();
    const headers = callbackHeaders({
      id: 'evt_1',
      timestamp: 1_700_000_000,
      body,
      secret: current,
      previousSecrets: [previous],
    });
    const at = new Date(1_700_000_000 * 1000);
    expect(headers['webhook-signature']).toBe(
      `${new Webhook(current).sign('evt_1', at, body)} ${new Webhook(previous).sign('evt_1', at, body)}`,
    );
    expect(headers['x-signature']).toBe(await githubSign(current, body));
  });

  it('sends no signature headers without a secret', () => {
    expect(callbackHeaders({ id: 'dlv_1', timestamp: 1, body, secret: null })).toEqual({
      'content-type': 'application/json',
      'x-webhook-id': 'dlv_1',
      'x-webhook-timestamp': '1',
    });
  });
});

describe('callback retry schedule', () => {
  it('waits 10 s, 1 min, 5 min, 30 min, 2 h by default, then gives up after the 6th attempt', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, 10_000, noJitter))).toEqual([
      10_000,
      60_000,
      300_000,
      1_800_000,
      7_200_000,
      null,
    ]);
  });

  it('scales the whole schedule with CALLBACK_RETRY_BASE_MS', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 100, noJitter))).toEqual([
      100, 600, 3000, 18_000, 72_000,
    ]);
  });

  it('adds up to 20 % jitter, never less than the step', () => {
    expect(retryDelayMs(1, 10_000, () => 0.5)).toBe(11_000);
    expect(retryDelayMs(2, 10_000, () => 0.999)).toBeLessThanOrEqual(72_000);
    for (let i = 0; i < 100; i++) {
      const delay = retryDelayMs(3, 10_000)!;
      expect(delay).toBeGreaterThanOrEqual(300_000);
      expect(delay).toBeLessThanOrEqual(360_000);
    }
  });
});

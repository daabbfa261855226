import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundHttpClient, runWorkflow } from '../../../src/workflows';
import { Receiver } from '../../support/receiver';
import { compile, FakeClock, MemoryCheckpoints, sandbox } from './harness';

let receiver: Receiver;
const open = new OutboundHttpClient({ allowPrivate: true });
const strict = new OutboundHttpClient({ allowPrivate: false });

beforeAll(async () => {
  receiver = await Receiver.start((index) => (index === 0 ? 503 : 200));
});
afterAll(async () => {
  sandbox.close();
  await Promise.all([receiver.close(), open.close(), strict.close()]);
});

function runAgainst(http: OutboundHttpClient, url: string) {
  const config = {
    steps: [
      {
        id: 'post',
        type: 'http',
        url,
        headers: { 'X-Api-Key': '{{secrets.KEY}}' },
        body: { email: '{% $input.email %}' },
        retry: { max_attempts: 2, interval_ms: 0 },
      },
    ],
  };
  return runWorkflow(compile(config), {
    execution: { id: 'exe_real', agent_id: 'agt_1', source: 'api' },
    accountId: 'acc_1',
    input: { email: 'ada@x.io' },
    signal: new AbortController().signal,
    logger: { log: () => undefined },
    checkpoint: new MemoryCheckpoints().forRun(),
    http,
    secrets: async (name) => (name === 'KEY' ? 'k-123' : undefined),
    clock: new FakeClock(),
  });
}

describe('http steps over the network', () => {
  it('sends the body, the secret header and the same Idempotency-Key on each attempt', async () => {
    const result = await runAgainst(open, receiver.url('/leads'));
    expect(result.status).toBe('completed');
    expect(result.output).toMatchObject({
      status_code: 200,
      body: 'ack',
      headers: { 'content-type': 'text/plain' },
    });
    expect(receiver.requests.map((request) => request.headers['idempotency-key'])).toEqual([
      'exe_real:post',
      'exe_real:post',
    ]);
    expect(receiver.requests[1]).toMatchObject({ method: 'POST', body: '{"email":"ada@x.io"}' });
    expect(receiver.requests[1].headers['x-api-key']).toBe('k-123');
    expect(receiver.requests[1].headers['content-type']).toBe('application/json');
  });

  it('refuses a private address under the outbound policy', async () => {
    const result = await runAgainst(strict, receiver.url('/leads'));
    expect(result.error).toMatchObject({ code: 'address_not_allowed', step: 'post' });
  });
});

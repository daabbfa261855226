import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './support/cli';
import { connect, type Line } from './support/mcp-clients';
import { startServiceProcess, type ServiceProcess } from './support/process';
import {
  bearer,
  listenOnPorts,
  startTestService,
  TEST_SECRET_KEY,
  type TestService,
} from './support/service';
import { startSlowTarget, type SlowTarget } from './support/slow-target';
import { waitFor } from './support/wait';

const REDIS_URL = process.env.REDIS_URL;

const HOT_LEAD = {
  email: 'jane@acme.io',
  name: 'Jane Doe',
  company: 'Acme',
  phone: '+1 555 123 4567',
  message: 'We would like a demo and pricing',
};

/**
 * The MCP endpoint behind a load balancer (docs/mcp.md): two API processes and a worker
 * process with Redis, one client whose requests go to the two API processes in turn (as a
 * round-robin balancer would send them). Stateless, so every request is answered wherever it
 * lands: the initialize on one, the list on the other, a call on one and the handle it
 * answers read on the other; runs go to the worker.
 */
describe.skipIf(!REDIS_URL)('MCP over two API processes with Redis', () => {
  let front: TestService;
  const processes: ServiceProcess[] = [];
  let ports: number[];
  let key: string;
  let slow: SlowTarget;
  /** The port each MCP request went to, in order. */
  const sentTo: number[] = [];

  beforeAll(async () => {
    await ensureBuilt();
    slow = await startSlowTarget(1500);
    const common = {
      REDIS_URL: REDIS_URL!,
      QUEUE_PREFIX: `aas-mcp-${randomBytes(6).toString('hex')}`,
      OUTBOUND_ALLOW_PRIVATE: 'true',
      MCP_WAIT_MS: '700',
    };
    front = await startTestService({ ...common, ROLE: 'api,webhook' });
    const env = { ...front.db.env, ...common, SECRET_KEY: TEST_SECRET_KEY };
    const second = await startServiceProcess({ ...env, ROLE: 'api' });
    processes.push(second, await startServiceProcess({ ...env, ROLE: 'worker' }));
    ports = [(await listenOnPorts(front)).api, second.port];
    ({ key } = await front.seedAccount());
    for (const [name, body] of [
      ['Qualify lead', {}],
      ['Slow call', { kind: 'http-request', config: { url: `${slow.url}/slow` } }],
    ] as const) {
      await front
        .api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({ name, ...body, mcp: { enabled: true } })
        .expect(201);
    }
  });
  afterAll(async () => {
    for (const proc of processes) proc.killAll();
    await front?.close();
    await slow?.close();
  });

  /** A fetch that sends each request to the next API process in turn. */
  const roundRobin: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    url.port = String(ports[sentTo.length % ports.length]);
    sentTo.push(Number(url.port));
    return fetch(url, init);
  };

  for (const line of ['sdk 1.x', 'client 2.x'] as Line[]) {
    it(`${line}: every request is answered by whichever process it reaches`, async () => {
      sentTo.length = 0;
      const client = await connect(line, `http://127.0.0.1:${ports[0]}/v2/mcp`, key, roundRobin);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual([
          'qualify_lead',
          'slow_call',
          'get_execution',
        ]);
        // A run on the worker, answered within the wait by the API process that took the call.
        for (let n = 0; n < 2; n++) {
          const scored = await client.callTool('qualify_lead', HOT_LEAD);
          expect(scored.isError, JSON.stringify(scored)).toBeFalsy();
          expect(scored.structuredContent).toMatchObject({ qualified: true, tier: 'hot' });
        }
        // Longer than the wait: a handle from one process, its record from either.
        const handle = await client.callTool('slow_call', {});
        expect(handle.structuredContent).toEqual({
          execution_id: expect.stringMatching(/^exe_/),
          status: 'running',
        });
        const id = handle.structuredContent!.execution_id as string;
        const done = await waitFor(
          () => client.callTool('get_execution', { execution_id: id }),
          (result) => result.structuredContent?.status === 'completed',
          20_000,
          200,
        );
        expect(done.structuredContent).toMatchObject({ id, output: { status_code: 200 } });
      } finally {
        await client.close();
      }
      // Both processes answered requests of this one client.
      expect(new Set(sentTo)).toEqual(new Set(ports));
    }, 60_000);
  }
});

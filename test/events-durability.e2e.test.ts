import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, parseOutput, runCli } from './support/cli';
import { createTestDatabase, type TestDatabase } from './support/database';
import { JsonClient, startLoad } from './support/load';
import { startServiceProcess, type ServiceProcess } from './support/process';
import { Receiver } from './support/receiver';
import { TEST_SECRET_KEY } from './support/service';
import { waitFor } from './support/wait';

/**
 * Events are written in the commit that acknowledges the state change: SIGKILL of the built
 * service while triggers and webhooks arrive loses none. The first process takes requests
 * only (no worker, so every event is still in the outbox at the kill); the second, on the same
 * database, runs the executions and sends every event, each acknowledged execution's
 * `execution.queued` and `execution.completed` included.
 */
describe('events survive SIGKILL of the service', () => {
  let db: TestDatabase;
  let hook: Receiver;
  const processes: ServiceProcess[] = [];
  const client = new JsonClient();

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    hook = await Receiver.start();
  });
  afterAll(async () => {
    for (const proc of processes) proc.child.kill('SIGKILL');
    await client.close();
    await hook?.close();
    await db?.drop();
  });

  const env = (extra: Record<string, string> = {}) => ({
    ...db.env,
    SECRET_KEY: TEST_SECRET_KEY,
    OUTBOUND_ALLOW_PRIVATE: 'true',
    WORKER_POLL_MS: '100',
    CALLBACK_RETRY_BASE_MS: '50',
    ...extra,
  });
  const start = async (extra: Record<string, string> = {}) => {
    const proc = await startServiceProcess(env(extra));
    processes.push(proc);
    return proc;
  };
  it('every acknowledged execution’s events are delivered after a restart', async () => {
    const seed = parseOutput(await runCli(['seed:demo', '--plan', 'enterprise'], env()));
    const auth = { authorization: `Bearer ${seed.api_key as string}` };
    const webhookPath = new URL(seed.webhook_url as string).pathname;

    const first = await start({ ROLE: 'api,webhook' });
    const api = `http://127.0.0.1:${first.port}`;
    const endpoint = await client.call(`${api}/v2/webhook-endpoints`, 'POST', auth, {
      url: hook.url('/events'),
      events: ['execution.queued', 'execution.completed'],
    });
    expect(endpoint.status).toBe(201);

    const load = startLoad(4, (c, i) =>
      i % 2 === 0
        ? client.call(`${api}/v2/agents/${seed.agent_id as string}/trigger`, 'POST', auth, {
            input: { email: `t-${c}-${i}@acme.io` },
            options: { async: true },
          })
        : client.call(
            `http://127.0.0.1:${first.webhookPort}${webhookPath}`,
            'POST',
            {},
            {
              email: `w-${c}-${i}@acme.io`,
            },
          ),
    );
    const { acked } = load;
    await waitFor(
      async () => acked.length,
      (n) => n >= 150,
      30_000,
    );
    first.child.kill('SIGKILL');
    await load.stop();
    expect(await first.exited).toBe('SIGKILL');
    expect(hook.requests).toHaveLength(0);

    const second = await start();
    const received = () => hook.requests.map((r) => JSON.parse(r.body));
    const missing = () => {
      const seen = new Set(received().map((e) => `${e.type} ${e.data.id}`));
      return acked.filter(
        (id) => !seen.has(`execution.queued ${id}`) || !seen.has(`execution.completed ${id}`),
      );
    };
    await waitFor(
      async () => missing().length,
      (n) => n === 0,
      60_000,
      200,
    );
    // At least once: a repeated event is the same event (same id, same body).
    const byId = new Map<string, string>();
    for (const r of hook.requests) {
      const id = String(r.headers['webhook-id']);
      expect(byId.get(id) ?? r.body).toBe(r.body);
      byId.set(id, r.body);
    }
    console.log(
      `[events-durability] ${acked.length} acknowledged before SIGKILL; ${hook.requests.length} events delivered after the restart`,
    );
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, parseOutput, runCli } from './support/cli';
import { createTestDatabase, type TestDatabase } from './support/database';
import { startLocalServer, type LocalServer } from './support/http-server';
import { JsonClient, startLoad } from './support/load';
import { startServiceProcess, type ServiceProcess } from './support/process';
import { TEST_SECRET_KEY } from './support/service';
import { waitFor } from './support/wait';

const FINAL = ['completed', 'failed', 'cancelled'];

/**
 * SIGKILL of the whole service (one process: API, webhook listener and worker) while webhooks
 * and triggers arrive: every execution it acknowledged (202) finishes after a restart on the
 * same database. The built service runs as a real process (`node dist/src/main.js`).
 */
describe('SIGKILL of the single embedded process under load', () => {
  let db: TestDatabase;
  let target: LocalServer;
  const processes: ServiceProcess[] = [];
  const client = new JsonClient();

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    // The http-request agent's target answers after a while, so runs are in flight at the kill.
    target = await startLocalServer((_req, res) => {
      setTimeout(
        () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":1}'),
        150,
      );
    });
  });

  afterAll(async () => {
    for (const proc of processes) proc.child.kill('SIGKILL');
    await client.close();
    await target?.close();
    await db?.drop();
  });

  const env = () => ({
    ...db.env,
    SECRET_KEY: TEST_SECRET_KEY,
    OUTBOUND_ALLOW_PRIVATE: 'true',
    WORKER_LEASE_MS: '1000',
    WORKER_POLL_MS: '100',
    WORKER_CONCURRENCY: '4',
  });

  async function start(): Promise<ServiceProcess> {
    const proc = await startServiceProcess(env());
    processes.push(proc);
    return proc;
  }

  it('every acknowledged execution finishes after a restart', async () => {
    const seed = parseOutput(await runCli(['seed:demo', '--plan', 'enterprise'], env()));
    const apiKey = seed.api_key as string;
    const auth = { authorization: `Bearer ${apiKey}` };
    const webhookPath = new URL(seed.webhook_url as string).pathname;

    const first = await start();
    const api = `http://127.0.0.1:${first.port}`;
    const created = await client.call(`${api}/v2/agents`, 'POST', auth, {
      name: 'Slow target',
      kind: 'http-request',
      config: { url: `${target.url}/work` },
    });
    expect(created.status).toBe(201);
    const slowAgent = created.body.id as string;

    // Four clients send webhooks (lead-qualification) and async triggers (http-request)
    // until the process dies; only 202 answers count as acknowledged.
    const load = startLoad(4, (c, i) => {
      const key = `load-${c}-${i}`;
      return i % 3 === 2
        ? client.call(
            `${api}/v2/agents/${slowAgent}/trigger`,
            'POST',
            { ...auth, 'idempotency-key': key },
            {
              input: { n: i },
              options: { async: true },
            },
          )
        : client.call(
            `http://127.0.0.1:${first.webhookPort}${webhookPath}`,
            'POST',
            { 'idempotency-key': key },
            {
              email: `${key}@acme.io`,
              company: 'Acme',
            },
          );
    });
    const { acked } = load;
    await waitFor(
      async () => acked.length,
      (n) => n >= 200,
      30_000,
    );
    // Killed while requests are in flight and runs are queued and running.
    first.child.kill('SIGKILL');
    await load.stop();
    expect(await first.exited).toBe('SIGKILL');
    const targetCallsAtKill = target.requests.length;

    const second = await start();
    const api2 = `http://127.0.0.1:${second.port}`;
    const records = new Map<string, Record<string, unknown>>();
    await waitFor(
      async () => {
        const open = acked.filter((id) => !FINAL.includes(records.get(id)?.status as string));
        for (const id of open) {
          const res = await client.call(`${api2}/v2/executions/${id}`, 'GET', auth);
          expect(res.status, `acknowledged ${id} must exist`).toBe(200);
          records.set(id, res.body);
        }
        return open.length;
      },
      (open) => open === 0,
      60_000,
      200,
    );
    for (const id of acked) {
      expect(records.get(id), id).toMatchObject({ status: 'completed', error: null });
    }
    const rerun = [...records.values()].filter((record) =>
      (record.logs as { message: string }[]).some((entry) => /attempt [2-9]/.test(entry.message)),
    );
    console.log(
      `[crash] ${load.sent()} requests sent, ${acked.length} acknowledged before SIGKILL, all completed ` +
        `after the restart (${rerun.length} run again after the kill; target calls at kill ${targetCallsAtKill})`,
    );
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, parseOutput, runCli } from './support/cli';
import { createTestDatabase, type TestDatabase } from './support/database';
import { startLocalServer, type LocalServer } from './support/http-server';
import { JsonClient } from './support/load';
import { startServiceProcess, type ServiceProcess } from './support/process';
import { TEST_SECRET_KEY } from './support/service';
import { waitFor } from './support/wait';

interface Entry {
  timestamp: string;
  level: string;
  message: string;
}

/**
 * SIGKILL of the built service while a run is in progress: the log its first attempt wrote
 * before the kill (live, and before it called out) stays, and the attempt that takes the run over after the restart adds its
 * own after it.
 */
describe('logs of an interrupted attempt', () => {
  let db: TestDatabase;
  let target: LocalServer;
  const processes: ServiceProcess[] = [];
  const client = new JsonClient();

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    // The first request never gets an answer (the process dies meanwhile); later ones do.
    target = await startLocalServer((_req, res) => {
      if (target.requests.length === 1) return;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
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
  });

  async function start(): Promise<ServiceProcess> {
    const proc = await startServiceProcess(env());
    processes.push(proc);
    return proc;
  }

  /**
   * A demo account and a first service process with an `http-request` agent to `url`,
   * triggered once asynchronously: the process, the account's auth header, the execution id.
   */
  async function runAgainst(url: string, name: string, input: Record<string, unknown>) {
    const seed = parseOutput(await runCli(['seed:demo'], env()));
    const auth = { authorization: `Bearer ${seed.api_key as string}` };
    const first = await start();
    const api = `http://127.0.0.1:${first.port}`;
    const created = await client.call(`${api}/v2/agents`, 'POST', auth, {
      name,
      kind: 'http-request',
      config: { url },
    });
    expect(created.status).toBe(201);
    const trigger = await client.call(
      `${api}/v2/agents/${created.body.id as string}/trigger`,
      'POST',
      auth,
      { input, options: { async: true } },
    );
    expect(trigger.status).toBe(202);
    return { first, api, auth, id: trigger.body.execution_id as string };
  }

  it("keeps attempt 1's entries, in order, before attempt 2's", async () => {
    const { first, api, auth, id } = await runAgainst(`${target.url}/work`, 'Hanging target', {
      n: 1,
    });
    const logsOf = async (base: string) =>
      ((await client.call(`${base}/v2/executions/${id}`, 'GET', auth)).body.logs ?? []) as Entry[];

    // Attempt 1 is waiting on the target, and its log so far is written (live).
    const before = await waitFor(
      () => logsOf(api),
      (logs) => logs.some((entry) => entry.message.startsWith('Sending POST')),
      20_000,
    );
    expect(before[0].message).toMatch(/attempt 1\)$/);
    // The target holds that request (the log line comes just before it is sent): the request
    // it leaves unanswered is this one, not the next attempt's.
    await waitFor(
      async () => target.requests.length,
      (n) => n >= 1,
      20_000,
    );
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const second = await start();
    const api2 = `http://127.0.0.1:${second.port}`;
    const done = await waitFor(
      async () => (await client.call(`${api2}/v2/executions/${id}`, 'GET', auth)).body,
      (body) => body.status === 'completed',
      60_000,
      200,
    );
    const logs = done.logs as Entry[];
    const messages = logs.map((entry) => entry.message);
    // Everything attempt 1 had written is still there, first, as it was.
    expect(logs.slice(0, before.length)).toEqual(before);
    const secondStart = messages.findIndex((message) => /attempt 2\)$/.test(message));
    expect(secondStart).toBeGreaterThanOrEqual(before.length);
    expect(messages.slice(secondStart)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Sending POST/),
        expect.stringMatching(/^Completed in/),
      ]),
    );
    expect(messages.filter((message) => message.startsWith('Run started'))).toHaveLength(2);
    const times = logs.map((entry) => entry.timestamp);
    expect(times).toEqual([...times].sort());
    expect(target.requests.length).toBe(2);
    // Two process starts, a CLI run and a lease to expire: more than the default budget.
  }, 180_000);

  it('keeps what attempt 1 logged before its call out, killed the moment the call arrives', async () => {
    // No wait for a live write: the process dies as soon as the target sees the request.
    let arrived: () => void = () => undefined;
    const called = new Promise<void>((resolve) => (arrived = resolve));
    const hanging = await startLocalServer((_req, res) => {
      if (hanging.requests.length === 1) return arrived();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    try {
      const { first, auth, id } = await runAgainst(`${hanging.url}/work`, 'Killed mid-call', {
        n: 2,
      });
      await called;
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');

      const second = await start();
      const done = await waitFor(
        async () =>
          (await client.call(`http://127.0.0.1:${second.port}/v2/executions/${id}`, 'GET', auth))
            .body,
        (body) => body.status === 'completed',
        60_000,
        200,
      );
      const messages = (done.logs as Entry[]).map((entry) => entry.message);
      expect(messages[0]).toMatch(/attempt 1\)$/);
      expect(messages[1]).toMatch(/^Sending POST/);
      expect(messages[2]).toMatch(/attempt 2\)$/);
      expect(messages.at(-1)).toMatch(/^Completed in/);
      expect(hanging.requests.length).toBe(2);
    } finally {
      await hanging.close();
    }
  }, 180_000);
});

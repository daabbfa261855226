import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, parseOutput, runCli } from './support/cli';
import { createTestDatabase, type TestDatabase } from './support/database';
import { JsonClient } from './support/load';
import { startServiceProcess, type ServiceProcess } from './support/process';
import { TEST_SECRET_KEY } from './support/service';
import { waitFor } from './support/wait';

const MATCHES = 2000;

/**
 * SIGKILL of the service while a bulk retry runs: after a restart on the same database the
 * action resumes where its row says it stopped and completes, and every match was retried
 * exactly once (the batch in flight at the kill is not retried twice).
 */
describe('SIGKILL in the middle of a bulk retry', () => {
  let db: TestDatabase;
  const processes: ServiceProcess[] = [];
  const client = new JsonClient();

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const proc of processes) proc.child.kill('SIGKILL');
    await client.close();
    await db?.drop();
  });

  const env = () => ({
    ...db.env,
    SECRET_KEY: TEST_SECRET_KEY,
    WORKER_LEASE_MS: '1000',
    WORKER_POLL_MS: '100',
  });
  async function start(): Promise<ServiceProcess> {
    const proc = await startServiceProcess(env());
    processes.push(proc);
    return proc;
  }

  it('resumes after a restart and retries each match once', async () => {
    const seed = parseOutput(await runCli(['seed:demo', '--plan', 'enterprise'], env()));
    const auth = { authorization: `Bearer ${seed.api_key as string}` };
    const first = await start();
    const api = `http://127.0.0.1:${first.port}`;
    const hook = `http://127.0.0.1:${first.webhookPort}${new URL(seed.webhook_url as string).pathname}`;

    // Failed executions: lead-qualification refuses an input without an email.
    let sent = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (sent < MATCHES) {
          sent++;
          const res = await client.call(hook, 'POST', {}, { name: 'no email' });
          expect(res.status).toBe(202);
        }
      }),
    );
    const count = () =>
      client.call(`${api}/v2/executions/bulk-retry`, 'POST', auth, {
        status: 'failed',
        dry_run: true,
        limit: 10_000,
      });
    await waitFor(
      async () => (await count()).body.matched,
      (n) => n === MATCHES,
      60_000,
      100,
    );

    const created = await client.call(`${api}/v2/executions/bulk-retry`, 'POST', auth, {
      status: 'failed',
      limit: 10_000,
    });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ status: 'running', matched: MATCHES });
    const id = created.body.id as string;
    const atKill = await waitFor(
      async () => (await client.call(`${api}/v2/bulk-actions/${id}`, 'GET', auth)).body,
      (body) => (body.retried as number) >= 100,
      30_000,
      5,
    );
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    // Killed in the middle, not after the end.
    expect(atKill.status).toBe('running');
    expect(atKill.retried as number).toBeLessThan(MATCHES);

    const second = await start();
    const api2 = `http://127.0.0.1:${second.port}`;
    const done = await waitFor(
      async () => (await client.call(`${api2}/v2/bulk-actions/${id}`, 'GET', auth)).body,
      (body) => body.status === 'completed',
      60_000,
      100,
    );
    expect(done).toEqual({
      id,
      status: 'completed',
      matched: MATCHES,
      retried: MATCHES,
      failed: 0,
    });

    // Every match has exactly one retry.
    const retryOf = new Map<string, number>();
    let cursor: string | null = null;
    do {
      const page: { body: Record<string, unknown> } = await client.call(
        `${api2}/v2/executions?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        'GET',
        auth,
      );
      for (const item of page.body.data as { source: string; retry_of: string | null }[]) {
        if (item.source === 'retry') {
          retryOf.set(item.retry_of!, (retryOf.get(item.retry_of!) ?? 0) + 1);
        }
      }
      cursor = (page.body.meta as { next_cursor: string | null }).next_cursor;
    } while (cursor);
    expect(retryOf.size).toBe(MATCHES);
    expect([...retryOf.values()].every((n) => n === 1)).toBe(true);
  }, 240_000);
});

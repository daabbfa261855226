import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, parseOutput, runCli } from './support/cli';
import { createTestDatabase, type TestDatabase } from './support/database';
import { JsonClient } from './support/load';
import { startServiceProcess, type ServiceProcess } from './support/process';
import { TEST_SECRET_KEY } from './support/service';
import { waitFor } from './support/wait';

const REDIS_URL = process.env.REDIS_URL;

/**
 * Schedules across processes (docs/schedules.md): two processes of the built service on one
 * database (with BullMQ when REDIS_URL is set and the database is MariaDB) share seconds
 * schedules: every fire time once, none skipped, also when one of them is SIGKILLed. Then
 * both are SIGKILLed for a few seconds and one restarts: `none` drops what came due
 * meanwhile, `last` runs its most recent time, `all` runs every one.
 */
describe('schedules: two processes on one database, SIGKILL and restart', () => {
  let db: TestDatabase;
  const processes: ServiceProcess[] = [];
  const client = new JsonClient();
  let auth: Record<string, string>;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    Object.assign(env, {
      ...db.env,
      SECRET_KEY: TEST_SECRET_KEY,
      WORKER_POLL_MS: '100',
      WORKER_LEASE_MS: '1000',
    });
    if (REDIS_URL && db.driver !== 'sqlite') {
      Object.assign(env, {
        REDIS_URL,
        QUEUE_PREFIX: `aas:test:${randomBytes(6).toString('hex')}`,
        THROTTLE_KEY_PREFIX: `aas:test:${randomBytes(6).toString('hex')}`,
      });
    }
    const seed = parseOutput(await runCli(['seed:demo', '--plan', 'enterprise'], env));
    auth = { authorization: `Bearer ${seed.api_key as string}` };
  });

  afterAll(async () => {
    for (const proc of processes) proc.child.kill('SIGKILL');
    await client.close();
    await db?.drop();
  });

  async function start(): Promise<ServiceProcess> {
    const proc = await startServiceProcess(env);
    processes.push(proc);
    return proc;
  }

  const api = (proc: ServiceProcess) => `http://127.0.0.1:${proc.port}`;

  /** The nominal fire times (ms) of an agent's executions, and the schedule ids they name. */
  async function firesOf(proc: ServiceProcess, agentId: string): Promise<number[]> {
    const res = await client.call(
      `${api(proc)}/v2/agents/${agentId}/executions?limit=100`,
      'GET',
      auth,
    );
    expect(res.status).toBe(200);
    const items = res.body.data as { source: string; scheduled_for: string }[];
    for (const item of items) expect(item.source).toBe('schedule');
    return items.map((item) => Date.parse(item.scheduled_for)).sort((a, b) => a - b);
  }

  /** The seconds missing between the first and the last fire. */
  function missing(fires: number[]): number[] {
    const gaps: number[] = [];
    for (let time = fires[0]; time <= fires.at(-1)!; time += 1000) {
      if (!fires.includes(time)) gaps.push(time);
    }
    return gaps;
  }

  const expectOnce = (fires: number[]) => expect(new Set(fires).size).toBe(fires.length);

  it('every second once across two processes; after a downtime, none, last and all', async () => {
    const a = await start();
    const b = await start();
    const agents: Record<string, string> = {};
    for (const catchUp of ['none', 'last', 'all']) {
      const agent = await client.call(`${api(a)}/v2/agents`, 'POST', auth, {
        name: `every second, catch_up ${catchUp}`,
        kind: 'lead-qualification',
      });
      expect(agent.status).toBe(201);
      agents[catchUp] = agent.body.id as string;
      const schedule = await client.call(
        `${api(b)}/v2/agents/${agents[catchUp]}/schedules`,
        'POST',
        auth,
        { cron: '* * * * * *', overlap: 'allow', catch_up: catchUp, input: { email: 'a@acme.io' } },
      );
      expect(schedule.status).toBe(201);
    }

    // Both processes fire for a while; then one of them is killed and the other goes on.
    await waitFor(
      () => firesOf(a, agents.all),
      (fires) => fires.length >= 4,
      20_000,
      200,
    );
    b.child.kill('SIGKILL');
    expect(await b.exited).toBe('SIGKILL');
    const atKill = (await firesOf(a, agents.all)).length;
    await waitFor(
      () => firesOf(a, agents.all),
      (fires) => fires.length >= atKill + 4,
      20_000,
      200,
    );
    for (const agentId of Object.values(agents)) {
      const fires = await firesOf(a, agentId);
      expectOnce(fires);
      expect(missing(fires), `agent ${agentId}`).toEqual([]);
    }

    // Everything down for a few seconds, then one process again.
    a.child.kill('SIGKILL');
    expect(await a.exited).toBe('SIGKILL');
    const downAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const c = await start();
    await waitFor(
      () => firesOf(c, agents.none),
      (fires) => fires.at(-1)! > Date.now() - 1500 && fires.at(-1)! > downAt + 5000,
      20_000,
      200,
    );
    // Let the last fires of all three land, then compare.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const none = await firesOf(c, agents.none);
    const last = await firesOf(c, agents.last);
    const all = await firesOf(c, agents.all);
    for (const fires of [none, last, all]) expectOnce(fires);
    const dropped = missing(none);
    // At least the 4 s asleep, less the 2 s a starting scheduler still counts as on time.
    expect(dropped.length).toBeGreaterThanOrEqual(2);
    expect(dropped[0]).toBeGreaterThan(downAt - 2000);
    // `last`: the same times but the most recent one, which ran once on restart.
    expect(missing(last)).toEqual(dropped.slice(0, -1));
    expect(last).toContain(dropped.at(-1));
    // `all`: every one of them.
    expect(missing(all)).toEqual([]);
    for (const time of dropped) expect(all).toContain(time);
  });
});

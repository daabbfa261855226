import { readdirSync, readFileSync } from 'node:fs';
import { createServer, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/configuration';
import { openDatabase } from '../src/database/database';
import { ENTITIES } from '../src/entities';
import { Execution } from '../src/executions/execution.entity';
import { ensureBuilt, parseOutput, runCli } from './support/cli';
import { createTestDatabase, TestDatabase } from './support/database';
import { ServiceProcess, startServiceProcess } from './support/process';
import { TEST_SECRET_KEY } from './support/service';
import { waitFor } from './support/wait';

/**
 * A server on 127.0.0.1 that answers each request when the test says so (or after
 * `delayMs`), so that a run of an http-request agent is in flight for as long as needed.
 */
class SlowServer {
  readonly received: number[] = [];
  delayMs = 60_000;
  private readonly waiting = new Set<ServerResponse>();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        this.received.push(Date.now());
        this.waiting.add(res);
        const timer = setTimeout(() => this.answer(res), this.delayMs);
        res.on('close', () => {
          clearTimeout(timer);
          this.waiting.delete(res);
        });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/slow`;
  }

  private answer(res: ServerResponse): void {
    if (res.writableEnded) return;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ ok: true }));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe('SIGTERM (the built service as a real process)', () => {
  let db: TestDatabase;
  let slow: SlowServer;
  let key: string;
  let proc: ServiceProcess | undefined;

  const env = (extra: Record<string, string> = {}) => ({
    SECRET_KEY: TEST_SECRET_KEY,
    OUTBOUND_ALLOW_PRIVATE: 'true',
    ...db.env,
    ...extra,
  });
  const api = (path: string, options: { method?: 'GET' | 'POST'; body?: unknown } = {}) =>
    request(`http://127.0.0.1:${proc!.port}${path}`, {
      method: options.method ?? 'GET',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }).then(async (res) => ({
      status: res.statusCode,
      body: (await res.body.json()) as Record<string, unknown>,
    }));
  const createSlowAgent = async () => {
    const res = await api('/v2/agents', {
      method: 'POST',
      body: {
        name: 'Slow target',
        kind: 'http-request',
        timeout_ms: 120_000,
        config: { url: slow.url, timeout_ms: 120_000 },
      },
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  /** Polls like `waitFor`, for up to 15 s, failing with `what`. */
  const until = <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) =>
    waitFor(read, done, 15_000, 50, what);
  /**
   * Triggers a new slow agent (its target answers after `delayMs`) with `body` and waits
   * until its run reaches the target; `answer` is the trigger's answer, `before` the
   * requests the target had received until then.
   */
  const startSlowRun = async (delayMs: number, body: Record<string, unknown>) => {
    const agentId = await createSlowAgent();
    slow.delayMs = delayMs;
    const before = slow.received.length;
    const answer = api(`/v2/agents/${agentId}/trigger`, { method: 'POST', body });
    await until(
      async () => slow.received.length,
      (n) => n > before,
      'the run never started',
    );
    return { answer, before };
  };
  /**
   * SIGTERM while a synchronous trigger waits on its run (1.5 s): the request still answers,
   * with the run completed, and the process exits 0. The answer's body.
   */
  const drainSyncRun = async (input: Record<string, unknown>) => {
    const { answer: trigger } = await startSlowRun(1500, { input, options: { async: false } });
    proc!.child.kill('SIGTERM');
    const answer = await trigger;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'completed', output: { status_code: 200 } });
    expect(await proc!.exited).toBe(0);
    return answer.body;
  };

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
    slow = new SlowServer();
    await slow.start();
    // The account and key, made by the CLI on the same database (it migrates it too).
    const seeded = parseOutput(
      await runCli(['seed:demo', '--plan', 'enterprise'], env({ MIGRATE_ON_START: 'true' })),
    );
    key = seeded.api_key as string;
  });
  afterEach(() => {
    proc?.killAll();
    proc = undefined;
  });
  afterAll(async () => {
    await slow?.close();
    await db?.drop();
  });

  it('stops accepting, closes idle keep-alive connections and exits 0', async () => {
    proc = await startServiceProcess(env());
    const keepAlive = new Agent({ keepAliveTimeout: 60_000 });
    try {
      for (const port of [proc.port, proc.webhookPort]) {
        const res = await request(`http://127.0.0.1:${port}/health`, { dispatcher: keepAlive });
        expect(res.statusCode).toBe(200);
        await res.body.json();
      }
      const started = Date.now();
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
      // Idle keep-alive connections did not hold the process for its grace period.
      expect(Date.now() - started).toBeLessThan(5000);
      expect(proc.output()).toContain('SIGTERM: draining');
      await expect(request(`http://127.0.0.1:${proc.port}/health`)).rejects.toThrow();
    } finally {
      await keepAlive.close();
    }
  });

  it('finishes an in-flight request and its run within the grace period, then exits 0', async () => {
    proc = await startServiceProcess(env({ SHUTDOWN_GRACE_MS: '15000' }));
    // A synchronous trigger: the HTTP request stays open while the run waits on the server.
    const answer = await drainSyncRun({ n: 1 });
    // Nothing is left running or queued.
    proc = await startServiceProcess(env());
    const execution = await api(`/v2/executions/${answer.execution_id}`);
    expect(execution.body.status).toBe('completed');
  });

  // Docker, systemd and Kubernetes signal the process they started: with `npm start` that is
  // npm, whose shell (`sh -c`, which dash does not replace by the command) used to die of the
  // SIGTERM npm forwards, leaving the service running without a drain and npm exiting 143.
  it('npm start: SIGTERM to the npm process drains the service, then npm exits 0', async () => {
    proc = await startServiceProcess(env({ SHUTDOWN_GRACE_MS: '15000' }), { npm: true });
    // npm's script runs the service (its shell exec'd Node) with `--v8-pool-size=0`
    // (docs/operations.md, "V8's helper threads").
    expect(childCommandLines(proc.child.pid!)).toContainEqual(
      expect.arrayContaining(['--v8-pool-size=0', 'scripts/start.js']),
    );
    // The in-flight request finishes, the service drained and stopped, and npm reports its
    // success.
    await drainSyncRun({ n: 3 });
    expect(proc.output()).toContain('SIGTERM: draining');
    expect(proc.output()).toContain('"msg":"stopped"');
    // Nothing of the group is left listening.
    await expect(request(`http://127.0.0.1:${proc.port}/health`)).rejects.toThrow();
  });

  it('puts a run that outlives the grace period back in the queue; the next process runs it', async () => {
    proc = await startServiceProcess(env({ SHUTDOWN_GRACE_MS: '300' }));
    const { answer, before } = await startSlowRun(60_000, {
      input: { n: 2 },
      options: { async: true },
    });
    const accepted = await answer;
    expect(accepted.status).toBe(202);
    const id = accepted.body.execution_id as string;
    expect((await api(`/v2/executions/${id}`)).body.status).toBe('running');
    const stopping = Date.now();
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(8000);

    // Left queued (never lost, never stuck running) ...
    const dataSource = await openDatabase(loadConfig(env()), {
      entities: ENTITIES,
      migrate: false,
    });
    try {
      const row = await dataSource.getRepository(Execution).findOneByOrFail({ id });
      expect(row).toMatchObject({ status: 'queued', leasedUntil: null, startedAt: null });
    } finally {
      await dataSource.destroy();
    }
    // ... and the next process runs it.
    slow.delayMs = 0;
    proc = await startServiceProcess(env());
    const final = await until(
      async () => (await api(`/v2/executions/${id}`)).body,
      (body) => body.status !== 'queued' && body.status !== 'running',
      'the re-queued execution did not finish',
    );
    expect(final).toMatchObject({ status: 'completed', output: { status_code: 200 } });
    expect(slow.received.length).toBe(before + 2);
  });
});

/** The command lines (arguments) of the processes whose parent is `pid` (Linux's /proc). */
function childCommandLines(pid: number): string[][] {
  const lines: string[][] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent's pid is the second field after the command's name (in parentheses).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
      lines.push(readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean));
    } catch {
      // the process ended meanwhile
    }
  }
  return lines;
}

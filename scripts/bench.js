#!/usr/bin/env node
// `npm run bench [-- --quick]`: builds, starts a bare NestJS baseline app and the service (on
// SQLite, and on MariaDB when BENCH_DATABASE_URL is set), seeds data, measures with autocannon,
// and prints one Markdown table (JSON copy in bench/results/). It reports; it never fails on a
// threshold (numbers on shared machines are noisy). It exits non-zero only when it could not
// measure at all (the service did not start, a request kind failed outright).
//
// Options: --quick (smoke run, under 2 minutes), --sqlite-only (ignore the MariaDB URLs),
// --mariadb-only (skip SQLite; needs BENCH_DATABASE_URL or BENCH_BINLOG_DATABASE_URL),
// --pinned (the service and the baseline on CPU 0, this process, which generates the load, on
// CPU 1, with `taskset`: figures that depend less on what else the machine runs; needs 2 CPUs),
// --paired N (N more rounds, after the end-to-end rows, each measuring the baseline right
// before a webhook ingest phase and again right before an end-to-end round: ratios of figures
// taken seconds apart, and their median, for a machine whose speed drifts; default 5).
// Environment: BENCH_DATABASE_URL (a MariaDB/MySQL URL whose user may create databases),
// BENCH_BINLOG_DATABASE_URL (the same for a server with binary logging on, as managed servers
// run; the bench sets sync_binlog=1 for its run and puts the old value back, so the user needs
// the privilege: e.g. mysql://aas_admin:aas_admin@127.0.0.1:3307/ of .ci/mariadb-binlog.sh),
// BENCH_REDIS_URL (a Redis URL: adds the schedule rows on BullMQ, one api,webhook process and
// two worker processes, on a fresh database of BENCH_DATABASE_URL's server when set, else on
// one SQLite file; under a key prefix of its own, deleted afterwards; without it, or with
// --mariadb-only, those rows are skipped; the other rows do not use it),
// BENCH_LOG_LEVEL (the service's LOG_LEVEL, default `info` as in production: the per-request
// log line is part of the measured path; its output goes to /dev/null), BENCH_V8_POOL_SIZE
// (Node's `--v8-pool-size` for the service and the baseline: 0 as `npm start` passes it,
// `default` to pass none). `--baseline <commit>` [--quick]: this build against that commit's
// instead, row by row, the two builds alternating (bench/ab.js).
'use strict';
const { spawn, execFileSync } = require('node:child_process');
const { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const autocannon = require('autocannon');
const { createWorkflowAgent, pureStepMicroseconds } = require('../bench/workflow');
const { httpWaitConfig, llmWaitConfig, measureSlowWaits, startSlowTarget } = require('../bench/slow-waits');
const { LEAD, createAgents, sequentialClient } = require('../bench/common');
const { measureIsolation, seedHeavy } = require('../bench/isolation');
const { measureTimedWaits, measureTokenLatency, measureWaitingRss } = require('../bench/waits');
const { measureSchedules } = require('../bench/schedules');
const { measureComposition } = require('../bench/composition');
const { measureMcp } = require('../bench/mcp');
const { measureFlow } = require('../bench/flow');
const { measureTracing } = require('../bench/tracing');

const root = join(__dirname, '..');
const quick = process.argv.includes('--quick');
const only = process.argv.includes('--sqlite-only') ? 'sqlite' : process.argv.includes('--mariadb-only') ? 'mariadb' : null;
const pinned = process.argv.includes('--pinned');
const PAIRED = process.argv.includes('--paired')
  ? Number(process.argv[process.argv.indexOf('--paired') + 1]) || 5
  : 0;
/** The second baseline app of paired rounds, running beside the service. */
const PAIRED_BASELINE_PORT = 3989;
const P = quick
  ? { seconds: 3, warmup: 4, e2e: 2000, sync: 50, small: 10_000, large: 100_000, agents: 100, drainMs: 30_000, flood: 2000, fair: 30 }
  : { seconds: 10, warmup: 5, e2e: 10_000, sync: 200, small: 10_000, large: 1_000_000, agents: 100, drainMs: 300_000, flood: 10_000, fair: 100 };
const CONNECTIONS = 50;
/** Synchronous triggers sent before the sync row's are counted (measureSync). */
const SYNC_WARMUP = 2500;
/**
 * Waiting costs nothing (docs/operations.md, Runs waiting on the network): runs each waiting on a
 * slow target, quick run too.
 */
const SLOW = { runs: 200, delayMs: 2000, targetSeconds: 5 };
/**
 * Waits (docs/workflows.md, Waits): runs waiting 2 s each (`wait duration_ms`), all to finish
 * within 4 s of their trigger; token completions timed to the next step's start (p99 < 1 s);
 * executions waiting on tokens in one process (at most 50 MB of RSS added).
 */
const WAITS = quick
  ? { timed: 200, waitMs: 2000, boundMs: 4000, tokens: 50, waiting: 2000, rssMb: 50 }
  : { timed: 1000, waitMs: 2000, boundMs: 4000, tokens: 200, waiting: 10_000, rssMb: 50 };
const LIST_CONNECTIONS = 10;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'info';
/** Set by main() before the table is printed (bench/workflow.js). */
let PURE_STEP_US = null;
const CLOCK_TICK_MS = 1000 / 100; // /proc/<pid>/stat counts CPU time in USER_HZ (100 on Linux)

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// fetch may reuse a keep-alive connection the service closed meanwhile (Node's keep-alive
// timeout is 5 s; a slow CLI step on a busy machine outlasts it): one retry after "fetch failed".
const rawFetch = globalThis.fetch;
globalThis.fetch = (url, init) =>
  rawFetch(url, init).catch((error) => {
    if (error instanceof TypeError && error.message === 'fetch failed') return rawFetch(url, init);
    throw error;
  });
const log = (msg) => process.stderr.write(`[bench] ${msg}\n`);

function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
  } catch {
    return null;
  }
}

/** CPU time (user + system, ms) a process has used so far; null off Linux. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
  } catch {
    return null;
  }
}

function loadAverage() {
  return os.loadavg().map((x) => +x.toFixed(1));
}

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`${url} did not come up`);
}

/** With --pinned: this process (autocannon, the load) on CPU 1; what it measures on CPU 0. */
function pinLoadGenerator() {
  if (!pinned) return;
  if (os.cpus().length < 2) throw new Error('--pinned needs at least 2 CPUs');
  execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
}

/**
 * Node's option `--v8-pool-size` for the service and the baseline: 0 (Node sizes V8's pool of
 * helper threads from the CPUs the process may use), as `npm start` runs the service
 * (docs/operations.md, "V8's helper threads"). BENCH_V8_POOL_SIZE sets another size
 * (`default`: not passed, Node's fixed 4).
 */
const V8_POOL_SIZE = process.env.BENCH_V8_POOL_SIZE ?? '0';
const NODE_FLAGS = V8_POOL_SIZE === 'default' ? [] : [`--v8-pool-size=${V8_POOL_SIZE}`];

function start(script, env) {
  // taskset execs the command: the child's pid is the service's.
  const node = [process.execPath, ...NODE_FLAGS, script];
  const [command, args] = pinned ? ['taskset', ['-c', '0', ...node]] : [node[0], node.slice(1)];
  return spawn(command, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000).then(() => child.kill('SIGKILL'))]);
}

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * One autocannon run against a process: only 2xx answers count as served (a 429 or 5xx is no
 * acknowledgement), and the process's CPU time per served request is kept as a figure that
 * depends less on what else the machine runs than the rate does.
 */
async function measure(pid, opts) {
  const cpu0 = cpuMs(pid);
  const r = await run(opts);
  const cpu1 = cpuMs(pid);
  const ok = r['2xx'];
  return {
    rps: Math.round(ok / r.duration),
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: +r.latency.average.toFixed(2),
    ok,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    cpu_ms_per_req: cpu0 === null || ok === 0 ? null : +((cpu1 - cpu0) / ok).toFixed(3),
  };
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function cli(env, args) {
  const out = execFileSync(process.execPath, [join(root, 'dist/src/cli/main.js'), ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  });
  return JSON.parse(out.toString());
}

/** Direct database access for bulk seeding and for counting finished executions. */
async function openDb(kind, env) {
  if (kind === 'sqlite') {
    const Database = require('better-sqlite3');
    const db = new Database(env.DATABASE_PATH);
    db.pragma('busy_timeout = 10000');
    const count = (statuses) =>
      db
        .prepare(`SELECT COUNT(*) AS n FROM executions WHERE agent_id = ? AND status IN (${statuses})`)
        .pluck();
    const finished = count("'completed','failed','cancelled'");
    const completed = count("'completed'");
    const pending = count("'queued','running'");
    const waiting = count("'waiting'");
    const lastCompleted = db.prepare('SELECT MAX(completed_at) FROM executions WHERE agent_id = ?').pluck();
    return {
      finished: async (agentId) => finished.get(agentId),
      completed: async (agentId) => completed.get(agentId),
      pending: async (agentId) => pending.get(agentId),
      waiting: async (agentId) => waiting.get(agentId),
      // Stored as UTC text `YYYY-MM-DD HH:MM:SS.SSS`.
      lastCompletedAt: async (agentId) => Date.parse(`${lastCompleted.get(agentId).replace(' ', 'T')}Z`),
      startLatencies: async (ids) =>
        db
          .prepare(
            `SELECT (julianday(started_at) - julianday(created_at)) * 86400000 FROM executions WHERE id IN (${ids.map(() => '?').join(',')})`,
          )
          .pluck()
          .all(...ids),
      // A backlog of queued runs, as if the account had just sent them all.
      seedQueued: async (accountId, agentId, count) => {
        db.prepare(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
           INSERT INTO executions (id, account_id, agent_id, agent_kind, status, source, input, attempts, created_at)
           SELECT 'exe_flood' || printf('%012d', i), ?, ?, 'lead-qualification', 'queued', 'api', ?, 0,
             strftime('%Y-%m-%d %H:%M:%f', 'now') FROM n`,
        ).run(count, accountId, agentId, LEAD);
      },
      seed: async (accountId, agentId, from, to) => {
        db.prepare(
          `WITH RECURSIVE n(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM n WHERE i < ?)
           INSERT INTO executions (id, account_id, agent_id, agent_kind, status, source, input, output, attempts,
             created_at, started_at, completed_at, duration_ms)
           SELECT 'exe_bulk' || printf('%012d', i), ?, ?, 'lead-qualification',
             CASE WHEN i % 10 = 0 THEN 'failed' ELSE 'completed' END, 'api', '{"email":"a@b.co"}', '{}', 1,
             strftime('%Y-%m-%d %H:%M:%f', 'now', '-' || i || ' seconds'),
             strftime('%Y-%m-%d %H:%M:%f', 'now', '-' || i || ' seconds'),
             strftime('%Y-%m-%d %H:%M:%f', 'now', '-' || i || ' seconds'), 1
           FROM n`,
        ).run(from, to, accountId, agentId);
        db.exec('ANALYZE');
      },
      rowLocks: async () => null,
      close: async () => db.close(),
    };
  }
  const mysql = require('mysql2/promise');
  const conn = await mysql.createConnection({ uri: env.DATABASE_URL.replace(/^mariadb:/, 'mysql:') });
  const count = async (statuses, agentId) => {
    const [rows] = await conn.query(`SELECT COUNT(*) AS n FROM executions WHERE agent_id = ? AND status IN (${statuses})`, [
      agentId,
    ]);
    return Number(rows[0].n);
  };
  return {
    finished: (agentId) => count("'completed','failed','cancelled'", agentId),
    completed: (agentId) => count("'completed'", agentId),
    pending: (agentId) => count("'queued','running'", agentId),
    waiting: (agentId) => count("'waiting'", agentId),
    lastCompletedAt: async (agentId) => {
      // The service writes UTC; read the text back as such.
      const [rows] = await conn.query(
        "SELECT DATE_FORMAT(MAX(completed_at), '%Y-%m-%dT%H:%i:%s.%fZ') AS at FROM executions WHERE agent_id = ?",
        [agentId],
      );
      return Date.parse(rows[0].at.replace(/(\.\d{3})\d*Z$/, '$1Z'));
    },
    startLatencies: async (ids) => {
      const [rows] = await conn.query(
        `SELECT TIMESTAMPDIFF(MICROSECOND, created_at, started_at) / 1000 AS ms FROM executions WHERE id IN (?)`,
        [ids],
      );
      return rows.map((row) => Number(row.ms));
    },
    seedQueued: async (accountId, agentId, count) => {
      await conn.query(
        `INSERT INTO executions (id, account_id, agent_id, agent_kind, status, source, input, attempts, created_at)
         SELECT CONCAT('exe_flood', LPAD(seq, 12, '0')), ?, ?, 'lead-qualification', 'queued', 'api', ?, 0, UTC_TIMESTAMP(3)
         FROM seq_1_to_${count}`,
        [accountId, agentId, LEAD],
      );
    },
    seed: async (accountId, agentId, from, to) => {
      // MariaDB's SEQUENCE engine (seq_1_to_N tables), in chunks of 100,000 rows.
      for (let start = from; start <= to; start += 100_000) {
        const end = Math.min(to, start + 99_999);
        await conn.query(
          `INSERT INTO executions (id, account_id, agent_id, agent_kind, status, source, input, output, attempts,
             created_at, started_at, completed_at, duration_ms)
           SELECT CONCAT('exe_bulk', LPAD(seq, 12, '0')), ?, ?, 'lead-qualification',
             IF(seq % 10 = 0, 'failed', 'completed'), 'api', '{"email":"a@b.co"}', '{}', 1,
             NOW(3) - INTERVAL seq SECOND, NOW(3) - INTERVAL seq SECOND, NOW(3) - INTERVAL seq SECOND, 1
           FROM seq_${start}_to_${end}`,
          [accountId, agentId],
        );
      }
      await conn.query('ANALYZE TABLE executions');
    },
    // Server-wide InnoDB row lock waits so far (count, ms waited): what a hot row costs.
    rowLocks: async () => {
      const [rows] = await conn.query("SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_row_lock_waits', 'Innodb_row_lock_time')");
      const value = (name) => Number(rows.find((row) => row.Variable_name === name)?.Value ?? 0);
      return { waits: value('Innodb_row_lock_waits'), ms: value('Innodb_row_lock_time') };
    },
    close: async () => conn.end(),
  };
}


/** Waits until the agent has no queued or running execution; false at the deadline. */
async function drain(db, agentId, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await db.pending(agentId)) === 0) return true;
    await sleep(100);
  }
  log(`backlog not drained after ${timeoutMs} ms; measuring anyway`);
  return false;
}

/**
 * End to end: P.e2e webhooks to an agent, until all are final. The end is the last
 * completed_at the service wrote (autocannon reports only on its one-second ticks, so its own
 * end time would round the figure).
 */
async function measureE2e(pid, db, agentId, webhookRequest) {
  const before = await db.finished(agentId);
  const locks0 = await db.rowLocks();
  const cpu0 = cpuMs(pid);
  const t0 = Date.now();
  const e2eRun = await run({ ...webhookRequest, amount: P.e2e });
  const acked = e2eRun['2xx'];
  // Polls the agent's backlog (queued and running), an index range that shrinks to nothing,
  // not its finished runs: counting those reads the agent's whole history, 9 ms of MariaDB CPU
  // at 20,000 rows, taken every 20 ms from the database the service was draining into, and
  // so slowed what it measured.
  let complete = false;
  while (Date.now() - t0 < P.drainMs) {
    if ((await db.pending(agentId)) === 0) {
      complete = (await db.finished(agentId)) - before >= acked;
      break;
    }
    await sleep(20);
  }
  const cpu1 = cpuMs(pid);
  const locks1 = await db.rowLocks();
  const e2eMs = complete ? Math.max(1, (await db.lastCompletedAt(agentId)) - t0) : Date.now() - t0;
  return {
    requests: P.e2e,
    acked,
    complete,
    ms: e2eMs,
    per_second: Math.round((acked / e2eMs) * 1000),
    cpu_ms_per_execution: cpu0 === null || acked === 0 ? null : +((cpu1 - cpu0) / acked).toFixed(3),
    row_lock_waits: locks0 && locks1 ? { waits: locks1.waits - locks0.waits, ms: locks1.ms - locks0.ms } : null,
  };
}

/** End-to-end rounds of one agent as one measurement: their executions over their time. */
function sumRounds(rounds) {
  const sum = (pick) => rounds.reduce((total, r) => total + pick(r), 0);
  const acked = sum((r) => r.acked);
  const ms = sum((r) => r.ms);
  const cpu = rounds.every((r) => r.cpu_ms_per_execution !== null)
    ? +(sum((r) => r.cpu_ms_per_execution * r.acked) / Math.max(1, acked)).toFixed(3)
    : null;
  const locks = rounds.every((r) => r.row_lock_waits)
    ? { waits: sum((r) => r.row_lock_waits.waits), ms: sum((r) => r.row_lock_waits.ms) }
    : null;
  return {
    requests: sum((r) => r.requests),
    acked,
    complete: rounds.every((r) => r.complete),
    ms,
    per_second: Math.round((acked / Math.max(1, ms)) * 1000),
    cpu_ms_per_execution: cpu,
    row_lock_waits: locks,
    rounds: rounds.map((r) => r.per_second),
  };
}

async function measureService(kind, dbEnv, ports) {
  const env = {
    ...dbEnv,
    PORT: String(ports.api),
    WEBHOOK_PORT: String(ports.webhook),
    WEBHOOK_BASE_URL: `http://127.0.0.1:${ports.webhook}`,
    BASE_URL: `http://127.0.0.1:${ports.api}/v2`,
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
    // The slow target of the waiting rows listens on 127.0.0.1.
    OUTBOUND_ALLOW_PRIVATE: 'true',
  };
  if (kind === 'mariadb') cli(env, ['migrate']);
  const service = start('dist/src/main.js', env);
  const pid = service.pid;
  const api = `http://127.0.0.1:${ports.api}`;
  try {
    await waitFor(`${api}/v2/account`);
    await sleep(1000);
    const results = { idle_rss_mb: rssMb(pid) };
    const demo = cli(env, ['seed:demo', '--plan', 'enterprise']);
    const auth = { authorization: `Bearer ${demo.api_key}`, 'content-type': 'application/json' };
    const db = await openDb(kind, env);

    // Agents for the list route (100 in all) and a quiet agent holding the bulk rows.
    await createAgents(api, auth, P.agents - 1);
    const agents = await (await fetch(`${api}/v2/agents?per_page=100`, { headers: auth })).json();
    const bulkAgentId = agents.data.find((a) => a.id !== demo.agent_id).id;

    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid) ?? 0)), 250);
    const webhookRequest = webhookLoad(demo.webhook_url);

    log(`${kind}: webhook ingest at ${CONNECTIONS} connections (${P.warmup} s warm-up)`);
    await run({ ...webhookRequest, duration: P.warmup });
    await drain(db, demo.agent_id, P.drainMs);
    results.ingest = await measure(pid, { ...webhookRequest, duration: P.seconds });
    if (results.ingest.ok === 0) throw new Error(`${kind}: no webhook request was acknowledged`);
    results.drained_after_ingest = await drain(db, demo.agent_id, P.drainMs);

    const half = Math.max(1, Math.round(results.ingest.rps / 2));
    log(`${kind}: webhook ingest at 50 % of that rate (${half}/s)`);
    results.ingest_half = { rate: half, ...(await measure(pid, { ...webhookRequest, duration: P.seconds, overallRate: half })) };
    await drain(db, demo.agent_id, P.drainMs);

    // Plain and workflow end to end alternate, two rounds each (plain, workflow, plain,
    // workflow), and each row sums its rounds: the ratio compares runs made under the same
    // machine load and table sizes, not a phase measured a minute after the other.
    const flow = await createWorkflowAgent(api, auth);
    const flowRequest = { ...webhookRequest, url: flow.webhook_url };
    await run({ ...flowRequest, amount: Math.min(500, P.e2e) }); // compile, warm up
    await drain(db, flow.id, P.drainMs);
    const rounds = { e2e: [], e2e_workflow: [] };
    for (let round = 1; round <= 2; round++) {
      log(`${kind}: end to end, ${P.e2e} webhooks until all are final (round ${round} of 2)`);
      rounds.e2e.push(await measureE2e(pid, db, demo.agent_id, webhookRequest));
      log(`${kind}: the same with a 5-step workflow agent (transform, lead-qualification, branch)`);
      rounds.e2e_workflow.push(await measureE2e(pid, db, flow.id, flowRequest));
    }
    results.e2e = sumRounds(rounds.e2e);
    results.e2e_workflow = sumRounds(rounds.e2e_workflow);
    if (PAIRED) results.paired = await measurePaired(kind, pid, db, demo.agent_id, webhookRequest);
    results.load_rss_mb = Math.max(peakRss, rssMb(pid) ?? 0);
    clearInterval(sampler);

    log(`${kind}: ${SLOW.runs} runs at once, each waiting ${SLOW.delayMs / 1000} s on a slow http target`);
    const slow = await startSlowTarget({ delayMs: SLOW.delayMs, mode: 'http' });
    try {
      results.slow_http = await measureSlowWaits({
        api,
        auth,
        db,
        rss: () => rssMb(pid),
        runs: SLOW.runs,
        target: slow,
        config: httpWaitConfig(`${slow.url}/slow`),
        drainMs: P.drainMs,
      });
    } finally {
      await slow.close();
    }

    log(`${kind}: ${SLOW.runs} runs at once, each waiting ${SLOW.delayMs / 1000} s on a fake model (llm step)`);
    const model = await startSlowTarget({ delayMs: SLOW.delayMs, mode: 'openai' });
    try {
      results.slow_llm = await measureSlowWaits({
        api,
        auth,
        db,
        rss: () => rssMb(pid),
        runs: SLOW.runs,
        target: model,
        config: llmWaitConfig(model.url),
        drainMs: P.drainMs,
      });
    } finally {
      await model.close();
    }

    log(`${kind}: ${WAITS.timed} runs at once, each waiting ${WAITS.waitMs / 1000} s (wait duration_ms)`);
    results.timed_waits = await measureTimedWaits({ api, auth, db, runs: WAITS.timed, waitMs: WAITS.waitMs, boundMs: WAITS.boundMs, drainMs: P.drainMs });
    log(`${kind}: ${WAITS.tokens} token completions, each to its next step's start`);
    results.token_latency = await measureTokenLatency({ api, auth, db, samples: WAITS.tokens, drainMs: P.drainMs });
    log(`${kind}: ${WAITS.waiting} executions left waiting on tokens, the RSS they add`);
    results.waiting_rss = await measureWaitingRss({ api, auth, db, rss: () => rssMb(pid), count: WAITS.waiting, drainMs: P.drainMs });
    log(`${kind}: end to end again, with those ${WAITS.waiting} executions still waiting`);
    results.e2e_waiting = await measureE2e(pid, db, demo.agent_id, webhookRequest);

    log(`${kind}: ${P.sync} sync triggers, one at a time (after ${SYNC_WARMUP} of them)`);
    results.sync = await measureSync(`${api}/v2/agents/${demo.agent_id}/trigger`, auth);

    log(`${kind}: fairness, another account's runs while one account's backlog of ${P.flood} drains`);
    results.fairness = await measureFairness(db, env, api, demo, auth);

    log(`${kind}: tenant isolation, another account's GET /v2/agents/:id while one account sends 1 MiB triggers and reads full pages`);
    results.isolation = await measureTenantIsolation(env, api, demo, auth);

    const list = (url) => measure(pid, { url, headers: auth, duration: P.seconds, connections: LIST_CONNECTIONS });
    log(`${kind}: GET /v2/agents (${P.agents} agents)`);
    results.list_agents = await list(`${api}/v2/agents?per_page=100`);

    const listUrl = `${api}/v2/agents/${bulkAgentId}/executions?status=failed`;
    log(`${kind}: seeding ${P.small} executions`);
    await db.seed(demo.account_id, bulkAgentId, 1, P.small);
    results.list_small = await list(listUrl);
    log(`${kind}: seeding up to ${P.large} executions`);
    await db.seed(demo.account_id, bulkAgentId, P.small + 1, P.large);
    results.list_large = await list(listUrl);
    await db.close();
    return results;
  } finally {
    await stop(service);
  }
}

/**
 * Tenant isolation (bench/isolation.js): a new account holds 40 executions of ~1 MiB of input,
 * then for P.seconds sends 1 MiB synchronous triggers on two clients and reads
 * `executions?limit=100` pages (about 5 MB each) on two more, one request after the other;
 * meanwhile the demo account's `GET /v2/agents/:id`, one at a time, 10 ms apart. Its
 * latencies, and before the load the same request alone.
 */
async function measureTenantIsolation(env, api, demo, auth) {
  const heavyAccount = cli(env, ['seed:demo', '--plan', 'enterprise']);
  const heavyAuth = { authorization: `Bearer ${heavyAccount.api_key}`, 'content-type': 'application/json' };
  const heavy = { auth: heavyAuth, ...(await seedHeavy(api, heavyAuth, 40)) };
  const neighbour = { auth, path: `/v2/agents/${demo.agent_id}` };
  return measureIsolation({ api, heavy, neighbour, seconds: P.seconds });
}

/**
 * Fairness: a second (enterprise) account has P.flood runs queued at once; the demo account
 * then triggers P.fair asynchronous runs, 20 ms apart. Their start latency (started_at -
 * created_at, from the rows) while the backlog drains, and how long the backlog took.
 */
async function measureFairness(db, env, api, demo, auth) {
  const flooder = cli(env, ['seed:demo', '--plan', 'enterprise']);
  const t0 = Date.now();
  await db.seedQueued(flooder.account_id, flooder.agent_id, P.flood);
  const ids = [];
  const body = JSON.stringify({ input: JSON.parse(LEAD), options: { async: true } });
  for (let i = 0; i < P.fair; i++) {
    const res = await fetch(`${api}/v2/agents/${demo.agent_id}/trigger`, { method: 'POST', headers: auth, body });
    if (res.status !== 202) throw new Error(`a trigger answered ${res.status}`);
    ids.push((await res.json()).execution_id);
    await sleep(20);
  }
  const deadline = Date.now() + P.drainMs;
  let latencies = [];
  while (Date.now() < deadline) {
    latencies = (await db.startLatencies(ids)).filter((ms) => ms !== null);
    if (latencies.length === ids.length) break;
    await sleep(50);
  }
  const drained = await drain(db, flooder.agent_id, P.drainMs);
  return {
    flood: P.flood,
    runs: ids.length,
    started: latencies.length,
    p50: +percentile(latencies, 50).toFixed(1),
    p99: +percentile(latencies, 99).toFixed(1),
    backlog_ms: drained ? (await db.lastCompletedAt(flooder.agent_id)) - t0 : null,
  };
}

/**
 * Paired rounds (--paired N): a second baseline app runs beside the service, and each round
 * measures it right before a webhook ingest phase and again right before an end-to-end round
 * of the plain agent, so that each ratio compares figures taken seconds apart. On a machine
 * whose speed moves by a third from one 3-second window to the next, the median of such ratios says more than one baseline per database.
 */
async function measurePaired(kind, pid, db, agentId, webhookRequest) {
  const baseline = await startBaseline(PAIRED_BASELINE_PORT);
  try {
    const rounds = [];
    for (let i = 1; i <= PAIRED; i++) {
      log(`${kind}: paired round ${i} of ${PAIRED} (baseline, webhook ingest, baseline, end to end)`);
      await baseline.rewarm(); // it idled while the service was measured
      const round = { baseline_ingest: (await baseline.measure()).rps };
      round.ingest = (await measure(pid, { ...webhookRequest, duration: P.seconds })).rps;
      await drain(db, agentId, P.drainMs);
      await baseline.rewarm();
      round.baseline_e2e = (await baseline.measure()).rps;
      round.e2e = (await measureE2e(pid, db, agentId, webhookRequest)).per_second;
      rounds.push(round);
    }
    const median = (pick) => +percentile(rounds.map(pick), 50).toFixed(1);
    const range = (pick) => rounds.map(pick).map((x) => +x.toFixed(1));
    const ingest = (r) => pct(r.ingest, r.baseline_ingest);
    const e2e = (r) => pct(r.e2e, r.baseline_e2e);
    return {
      rounds,
      ingest_pct: { median: median(ingest), each: range(ingest) },
      e2e_pct: { median: median(e2e), each: range(e2e) },
    };
  } finally {
    await baseline.stop();
  }
}

/** The ingest row's request: the lead, posted as JSON to `url`. */
function webhookLoad(url) {
  return { url, method: 'POST', headers: { 'content-type': 'application/json' }, body: LEAD };
}

/** The bare baseline app on `port`, up and warmed up (P.warmup), until `stop()`. */
async function startBaseline(port) {
  const child = start('bench/baseline.js', { PORT: String(port) });
  const url = `http://127.0.0.1:${port}/ping`;
  try {
    await waitFor(url);
    await run({ url, duration: P.warmup });
  } catch (error) {
    await stop(child);
    throw error;
  }
  return {
    measure: () => measure(child.pid, { url, duration: P.seconds }),
    /** One second of load after an idle while. */
    rewarm: () => run({ url, duration: 1 }),
    stop: () => stop(child),
    pid: child.pid,
  };
}

/**
 * The sync trigger row: SYNC_WARMUP synchronous triggers one after the other, not counted,
 * then P.sync counted: p50/p99 of the round trip and of the overhead, the round trip minus the
 * run's own `duration_ms`. The warm-up is a count: the service's CPU per trigger falls by half
 * over its first two thousand or so (JIT: the REST trigger path's code is not the webhook's),
 * whatever the time in between (BENCHMARKS.md, row "sync trigger p50 / p99").
 */
async function measureSync(url, headers) {
  const client = sequentialClient();
  const body = JSON.stringify({ input: JSON.parse(LEAD), options: { async: false } });
  const trigger = async () => {
    const t = performance.now();
    const res = await client.send(url, { method: 'POST', headers, body });
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`a sync trigger answered ${res.status}`);
    return { ms, overhead: ms - (JSON.parse(res.body).duration_ms ?? 0) };
  };
  try {
    for (let i = 0; i < SYNC_WARMUP; i++) await trigger();
    const latencies = [];
    const overheads = [];
    for (let i = 0; i < P.sync; i++) {
      const { ms, overhead } = await trigger();
      latencies.push(ms);
      overheads.push(overhead);
    }
    return {
      p50: +percentile(latencies, 50).toFixed(2),
      p99: +percentile(latencies, 99).toFixed(2),
      overhead_p50: +percentile(overheads, 50).toFixed(2),
      overhead_p99: +percentile(overheads, 99).toFixed(2),
    };
  } finally {
    client.close();
  }
}

/**
 * The baseline's throughput, then the floor of the single-request rows: its round trip one at
 * a time with their client (a second's worth first, not counted), p50 over 200; then the
 * framework's floor of the ingest and agent-list rows (bench/baseline.js says what they do).
 */
async function measureBaseline(port) {
  const baseline = await startBaseline(port);
  const client = sequentialClient();
  try {
    const result = await baseline.measure();
    const url = `http://127.0.0.1:${port}/ping`;
    const times = [];
    const warmUntil = Date.now() + 1000;
    for (let i = 0; i < 200 || Date.now() < warmUntil; i++) {
      const t = performance.now();
      const res = await client.send(url);
      if (res.status !== 200) throw new Error(`the baseline answered ${res.status}`);
      times.push(performance.now() - t);
    }
    // The framework's floor under the ingest and agent-list rows, with their loads.
    const floor = async (opts) => {
      await run({ ...opts, duration: 2 });
      return measure(baseline.pid, { ...opts, duration: P.seconds });
    };
    const post = await floor(webhookLoad(`http://127.0.0.1:${port}/webhook/floor`));
    const page = await floor({ url: `http://127.0.0.1:${port}/page`, connections: LIST_CONNECTIONS });
    return { ...result, round_trip_p50: +percentile(times.slice(-200), 50).toFixed(2), post, page };
  } finally {
    client.close();
    await baseline.stop();
  }
}

const pct = (x, base) => (x / base) * 100;
const fmtPct = (x) => `${x.toFixed(0)} %`;

/**
 * A row's rate over its framework's floor (bench/baseline.js): the bare NestJS app answering the
 * same request in the same run (docs/decisions/0013-framework-floors.md).
 */
const overFloor = (rps, floor) => (floor && floor.rps ? rps / floor.rps : 0);

/** The targets of every run, per database (BENCHMARKS.md, "Targets"). */
function targets(r) {
  const listRatio = r.list_large.mean / Math.max(r.list_small.mean, 0.01);
  const ingest = overFloor(r.ingest.rps, r.baseline.post);
  const list = overFloor(r.list_agents.rps, r.baseline.page);
  return [
    ['webhook ingest ≥ 0.75 × its floor (bare NestJS POST of the same body)', `${ingest.toFixed(2)} ×`, ingest >= 0.75],
    [`GET /v2/agents (${P.agents} agents) ≥ 0.5 × its floor (bare NestJS page of 100 items)`, `${list.toFixed(2)} ×`, list >= 0.5],
    ['5-step workflow end to end ≥ 0.8 × plain', `${(r.e2e_workflow.per_second / Math.max(1, r.e2e.per_second)).toFixed(2)} ×`, r.e2e_workflow.per_second >= 0.8 * r.e2e.per_second],
    [`${SLOW.runs} runs waiting ${SLOW.delayMs / 1000} s on http well under 10 s (< ${SLOW.targetSeconds} s)`, `${r.slow_http.seconds} s`, r.slow_http.complete && r.slow_http.completed === SLOW.runs && r.slow_http.seconds < SLOW.targetSeconds],
    [`${SLOW.runs} runs waiting ${SLOW.delayMs / 1000} s on a model well under 10 s (< ${SLOW.targetSeconds} s)`, `${r.slow_llm.seconds} s`, r.slow_llm.complete && r.slow_llm.completed === SLOW.runs && r.slow_llm.seconds < SLOW.targetSeconds],
    [`${WAITS.timed} runs waiting ${WAITS.waitMs / 1000} s each finish within ${WAITS.boundMs / 1000} s of their trigger`, `${r.timed_waits.within_bound} of ${r.timed_waits.runs} (max ${r.timed_waits.max_ms} ms)`, r.timed_waits.complete && r.timed_waits.within_bound === r.timed_waits.runs],
    ['token completion → next step start p99 < 1 s', `${r.token_latency.p99_ms} ms`, r.token_latency.measured === r.token_latency.samples && r.token_latency.p99_ms < 1000],
    [`${WAITS.waiting} executions waiting on tokens add ≤ ${WAITS.rssMb} MB of RSS`, `${r.waiting_rss.rss_added_mb} MB`, r.waiting_rss.all_waiting && r.waiting_rss.rss_added_mb !== null && r.waiting_rss.rss_added_mb <= WAITS.rssMb],
    [`end to end with ${WAITS.waiting} executions waiting ≥ 0.9 × without`, `${(r.e2e_waiting.per_second / Math.max(1, r.e2e.per_second)).toFixed(2)} ×`, r.e2e_waiting.complete && r.e2e_waiting.per_second >= 0.9 * r.e2e.per_second],
    ['end to end ≥ 25 % of the bare GET', fmtPct(pct(r.e2e.per_second, r.baseline.rps)), pct(r.e2e.per_second, r.baseline.rps) >= 25],
    ['sync trigger overhead p50 ≤ 5 ms', `${r.sync.overhead_p50} ms`, r.sync.overhead_p50 <= 5],
    ['tenant isolation: another account p99 < 100 ms', r.isolation ? `${r.isolation.p99} ms` : '—', Boolean(r.isolation) && r.isolation.p99 < 100],
    ['list at large within 2 × of small', `${listRatio.toFixed(2)} ×`, listRatio <= 2],
    ['idle RSS < 150 MB', `${r.idle_rss_mb} MB`, r.idle_rss_mb < 150],
    ['RSS under load < 300 MB', `${r.load_rss_mb} MB`, r.load_rss_mb < 300],
  ];
}

/**
 * The stricter targets of a pinned run (printed with --pinned only; ratios to the baseline GET
 * of each database's column).
 */
function round2Targets(r) {
  const listRatio = r.list_large.mean / Math.max(r.list_small.mean, 0.01);
  const of = (x) => x / r.baseline.rps;
  return [
    [`webhook ingest p99 < 30 ms at ${CONNECTIONS} connections`, `${r.ingest.p99} ms`, r.ingest.p99 < 30],
    ['end to end ≥ 0.5 × the bare GET', `${of(r.e2e.per_second).toFixed(2)} ×`, of(r.e2e.per_second) >= 0.5],
    [`executions list at ${P.large} rows within 1.5 × of ${P.small}`, `${listRatio.toFixed(2)} ×`, listRatio <= 1.5],
    ['sync trigger overhead p50 ≤ 2 ms', `${r.sync.overhead_p50} ms`, r.sync.overhead_p50 <= 2],
    ['idle RSS < 120 MB', `${r.idle_rss_mb} MB`, r.idle_rss_mb < 120],
    ['RSS under load < 250 MB', `${r.load_rss_mb} MB`, r.load_rss_mb < 250],
  ];
}

function targetTable(title, dbs, byTarget) {
  const rows = ['', `| ${title} | ${dbs.join(' | ')} |`, `|---|${dbs.map(() => '---').join('|')}|`];
  byTarget[0].forEach(([label], i) => {
    rows.push(`| ${label} | ${byTarget.map((t) => `${t[i][1]} ${t[i][2] ? 'met' : 'NOT met'}`).join(' | ')} |`);
  });
  return rows;
}

function table(byDb) {
  const dbs = Object.keys(byDb);
  const rows = [];
  const row = (label, pick) => rows.push(`| ${label} | ${dbs.map((db) => pick(byDb[db])).join(' | ')} |`);
  const ratio = (x, r) => `${fmtPct(pct(x, r.baseline.rps))} of baseline`;
  const failures = (m) => (m.non2xx || m.errors ? ` (${m.non2xx} non-2xx, ${m.errors} errors)` : '');
  rows.push(`| metric | ${dbs.join(' | ')} |`);
  rows.push(`|---|${dbs.map(() => '---').join('|')}|`);
  row(`baseline NestJS GET, ${CONNECTIONS} conn (req/s; CPU ms/req)`, (r) => `${r.baseline.rps}; ${r.baseline.cpu_ms_per_req}`);
  const floor = (m, r) => (m ? `${m.rps} (${(m.rps / r.baseline.rps).toFixed(2)} ×); ${m.cpu_ms_per_req}` : '—');
  // With its p99: at a saturating load the latency follows the rate (Little's law: mean =
  // connections / rate), so the framework's own p99 at this load is the floor of the ingest's.
  row(`the framework's floor of ingest: bare NestJS POST of the same body, ${CONNECTIONS} conn (req/s (× GET); CPU ms/req; p99 ms)`, (r) =>
    r.baseline.post ? `${floor(r.baseline.post, r)}; ${r.baseline.post.p99}` : '—');
  row(`the framework's floor of the agent list: bare NestJS GET of a 100-item page, ${LIST_CONNECTIONS} conn (req/s (× GET); CPU ms/req)`, (r) => floor(r.baseline.page, r));
  row(`webhook ingest, ${CONNECTIONS} conn (acks/s)`, (r) => `${r.ingest.rps} (${ratio(r.ingest.rps, r)})${failures(r.ingest)}`);
  row('webhook ingest p50 / p99 (ms)', (r) => `${r.ingest.p50} / ${r.ingest.p99}`);
  row('webhook ingest, service CPU ms per ack', (r) => `${r.ingest.cpu_ms_per_req}`);
  row('ingest at 50 % of that rate: p50 / p99 (ms)', (r) => `${r.ingest_half.p50} / ${r.ingest_half.p99} @ ${r.ingest_half.rate}/s${failures(r.ingest_half)}`);
  row(`end to end (2 × ${P.e2e} webhooks → final), executions/s`, (r) => `${r.e2e.per_second} (${ratio(r.e2e.per_second, r)}; rounds ${r.e2e.rounds.join(', ')})${r.e2e.complete ? '' : ' INCOMPLETE'}`);
  row('end to end, service CPU ms per execution', (r) => `${r.e2e.cpu_ms_per_execution}`);
  row('end to end, InnoDB row lock waits / ms waited (server-wide)', (r) =>
    r.e2e.row_lock_waits ? `${r.e2e.row_lock_waits.waits} / ${r.e2e.row_lock_waits.ms}` : '—');
  row(`end to end, 5-step workflow agent (2 × ${P.e2e} webhooks → final, alternating with plain), executions/s (× plain)`, (r) =>
    `${r.e2e_workflow.per_second} (${(r.e2e_workflow.per_second / Math.max(1, r.e2e.per_second)).toFixed(2)} ×; rounds ${r.e2e_workflow.rounds.join(', ')})${r.e2e_workflow.complete ? '' : ' INCOMPLETE'}`);
  row('end to end, 5-step workflow, service CPU ms per execution', (r) => `${r.e2e_workflow.cpu_ms_per_execution}`);
  row('one pure workflow step (transform), µs', () => `${PURE_STEP_US}`);
  row(`${SLOW.runs} runs each waiting ${SLOW.delayMs / 1000} s on a slow http target, one process: s (target's most requests at once); RSS before / peak (MB)`, (r) =>
    r.slow_http ? `${r.slow_http.seconds} (${r.slow_http.max_in_flight})${r.slow_http.completed < r.slow_http.runs ? ` ${r.slow_http.completed} of ${r.slow_http.runs} completed` : ''}; ${r.slow_http.rss_before_mb} / ${r.slow_http.rss_peak_mb}` : '—');
  row(`${SLOW.runs} runs each waiting ${SLOW.delayMs / 1000} s on a fake model (llm step), one process: s (target's most requests at once); RSS before / peak (MB)`, (r) =>
    r.slow_llm ? `${r.slow_llm.seconds} (${r.slow_llm.max_in_flight})${r.slow_llm.completed < r.slow_llm.runs ? ` ${r.slow_llm.completed} of ${r.slow_llm.runs} completed` : ''}; ${r.slow_llm.rss_before_mb} / ${r.slow_llm.rss_peak_mb}` : '—');
  row(`${WAITS.timed} runs each waiting ${WAITS.waitMs / 1000} s (wait duration_ms), one process: trigger → completed p50 / p99 / max (ms); within ${WAITS.boundMs / 1000} s`, (r) =>
    `${r.timed_waits.p50_ms} / ${r.timed_waits.p99_ms} / ${r.timed_waits.max_ms}; ${r.timed_waits.within_bound} of ${r.timed_waits.runs}${r.timed_waits.complete ? '' : ' INCOMPLETE'}`);
  row(`token completion → next step start, ${WAITS.tokens} tokens one after the other: p50 / p99 / max (ms)`, (r) =>
    `${r.token_latency.p50_ms} / ${r.token_latency.p99_ms} / ${r.token_latency.max_ms}`);
  row(`${WAITS.waiting} executions waiting on tokens, one process: RSS before / peak / after (MB); added`, (r) =>
    `${r.waiting_rss.rss_before_mb} / ${r.waiting_rss.rss_peak_mb} / ${r.waiting_rss.rss_after_mb}; ${r.waiting_rss.rss_added_mb} MB${r.waiting_rss.all_waiting ? '' : ' INCOMPLETE'}`);
  row(`end to end with those ${WAITS.waiting} still waiting (${P.e2e} webhooks → final), executions/s`, (r) =>
    `${r.e2e_waiting.per_second} (${(r.e2e_waiting.per_second / Math.max(1, r.e2e.per_second)).toFixed(2)} × without)${r.e2e_waiting.complete ? '' : ' INCOMPLETE'}`);
  row('sync trigger p50 / p99 (ms)', (r) => `${r.sync.p50} / ${r.sync.p99}`);
  row('sync trigger overhead over the run p50 / p99 (ms)', (r) => `${r.sync.overhead_p50} / ${r.sync.overhead_p99}`);
  row('the same client, one at a time: bare NestJS GET round trip p50 (ms)', (r) => `${r.baseline.round_trip_p50 ?? '—'}`);
  row(`fairness: other account's start latency p50 / p99 (ms) while ${P.flood} queued runs of one account drain (backlog drained in)`, (r) =>
    r.fairness ? `${r.fairness.p50} / ${r.fairness.p99}${r.fairness.started < r.fairness.runs ? ` (${r.fairness.started} of ${r.fairness.runs} started)` : ''} (${r.fairness.backlog_ms ?? '—'} ms)` : '—');
  row(`tenant isolation: another account's GET /v2/agents/:id p50 / p99 (ms) while one account sends 1 MiB triggers (2 clients) and reads 100-item pages of 1 MiB executions (2 clients); alone before`, (r) =>
    r.isolation ? `${r.isolation.p50} / ${r.isolation.p99} (alone ${r.isolation.quiet_p50} / ${r.isolation.quiet_p99}; ${r.isolation.triggers} triggers, ${r.isolation.pages} pages of ≤ ${(r.isolation.page_bytes_max / 1048576).toFixed(1)} MiB)` : '—');
  row(`GET /v2/agents (${P.agents} agents), ${LIST_CONNECTIONS} conn: req/s, mean / p99 ms`, (r) => `${r.list_agents.rps}, ${r.list_agents.mean} / ${r.list_agents.p99}`);
  row(`executions?status=failed @ ${P.small} rows: req/s, mean / p99 ms`, (r) => `${r.list_small.rps}, ${r.list_small.mean} / ${r.list_small.p99}`);
  row(`executions?status=failed @ ${P.large} rows: req/s, mean / p99 ms`, (r) => `${r.list_large.rps}, ${r.list_large.mean} / ${r.list_large.p99}`);
  row('RSS idle / under load (MB)', (r) => `${r.idle_rss_mb} / ${r.load_rss_mb}`);
  if (PAIRED) {
    const each = (m) => `median ${fmtPct(m.median)} (rounds ${m.each.map(fmtPct).join(', ')})`;
    row(`paired rounds (${PAIRED}): webhook ingest, % of the baseline measured right before`, (r) => each(r.paired.ingest_pct));
    row(`paired rounds (${PAIRED}): end to end (${P.e2e} webhooks), % of the baseline measured right before`, (r) => each(r.paired.e2e_pct));
  }
  rows.push(...targetTable('target (every run)', dbs, dbs.map((db) => targets(byDb[db]))));
  if (pinned) {
    rows.push(...targetTable('target (pinned run)', dbs, dbs.map((db) => round2Targets(byDb[db]))));
  }
  return rows.join('\n');
}

/**
 * One MariaDB/MySQL server: a database of its own, dropped afterwards. With `binlog`, the
 * server must have binary logging on, and runs with sync_binlog=1 (every commit flushes the
 * binary log too, as managed servers do) for the duration.
 */
async function measureMariadb(label, serverUrl, binlog, dir, ports) {
  const mysql = require('mysql2/promise');
  const name = `bench_${Date.now()}`;
  const admin = await mysql.createConnection({ uri: serverUrl.replace(/^mariadb:/, 'mysql:') });
  const [[settings]] = await admin.query('SELECT @@log_bin AS log_bin, @@sync_binlog AS sync_binlog');
  if (binlog && Number(settings.log_bin) !== 1) throw new Error(`${label}: binary logging is off on that server`);
  if (binlog) await admin.query('SET GLOBAL sync_binlog = 1');
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    log(`baseline (bare NestJS GET) before ${label}`);
    const baseline = await measureBaseline(3990);
    log(`baseline: ${baseline.rps} req/s`);
    const [[server]] = await admin.query('SELECT @@log_bin AS log_bin, @@sync_binlog AS sync_binlog, VERSION() AS version');
    return {
      baseline,
      server: { version: server.version, log_bin: Number(server.log_bin) === 1, sync_binlog: Number(server.sync_binlog) },
      ...(await measureService('mariadb', { DATABASE_URL: url.toString(), DATABASE_PATH: join(dir, 'unused.sqlite') }, ports)),
    };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    if (binlog) await admin.query('SET GLOBAL sync_binlog = ?', [Number(settings.sync_binlog)]);
    await admin.end();
  }
}

async function main() {
  const started = Date.now();
  require('./ensure-build');
  if (process.argv.includes('--baseline')) {
    // This build against another commit, row by row (bench/ab.js): that comparison instead.
    execFileSync(process.execPath, [join(root, 'bench/ab.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
    return;
  }
  pinLoadGenerator();
  log('one pure workflow step, in the engine');
  PURE_STEP_US = await pureStepMicroseconds(root);
  const load = { start: loadAverage() };
  const byDb = {};
  let schedules = null;
  /** The rows of the bench modules run after the schedule rows (SQLite), by name. */
  const modules = {};
  const dir = mkdtempSync(join(os.tmpdir(), 'aas-bench-'));
  try {
    // The baseline is measured right before each database's run, so that each ratio compares
    // figures taken minutes apart at most on a machine whose load changes.
    if (only !== 'mariadb') {
      log('baseline (bare NestJS GET)');
      const baseline = await measureBaseline(3990);
      log(`baseline: ${baseline.rps} req/s`);
      byDb.sqlite = {
        baseline,
        ...(await measureService('sqlite', { DATABASE_PATH: join(dir, 'bench.sqlite') }, { api: 3991, webhook: 3992 })),
      };
    }
    const servers = [
      ['mariadb', process.env.BENCH_DATABASE_URL, false],
      ['mariadb-binlog', process.env.BENCH_BINLOG_DATABASE_URL, true],
    ];
    let port = 3993;
    for (const [label, serverUrl, binlog] of servers) {
      if (!serverUrl || only === 'sqlite') continue;
      byDb[label] = await measureMariadb(label, serverUrl, binlog, dir, { api: port++, webhook: port++ });
    }
    if (only !== 'mariadb') {
      log('schedules: 1,000 every 10 s, then 10,000 daily at rest (SQLite)');
      schedules = await measureSchedules({ quick, port: 3985 });
      const databaseUrl = only === 'sqlite' ? null : process.env.BENCH_DATABASE_URL;
      if (process.env.BENCH_REDIS_URL) {
        log(`schedules on BullMQ: the same, two worker processes (${databaseUrl ? 'MariaDB' : 'SQLite'})`);
        modules.schedules_bullmq = await measureSchedules({ quick, mode: 'bullmq', redisUrl: process.env.BENCH_REDIS_URL, databaseUrl });
      } else log('schedules on BullMQ: skipped (no BENCH_REDIS_URL)');
      log('agents as steps: sync trigger of a parent against its child alone, then end to end (SQLite)');
      modules.composition = await measureComposition({ quick });
      log('MCP: tools/call against a REST sync trigger, then tools/list of 500 tools (SQLite)');
      modules.mcp = await measureMcp({ quick });
      log('flow control: concurrency 1000 against no flow, then 1,000 keys of limit 1 (SQLite)');
      modules.flow = await measureFlow({ quick });
      log('tracing on against off, then a bulk retry of 10,000 failed executions (SQLite)');
      modules.tracing = await measureTracing({ quick });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  load.end = loadAverage();
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const markdown = table(byDb) + [schedules, ...Object.values(modules)].map((m) => (m ? `\n\n${m.markdown}` : '')).join('');
  const servers = Object.entries(byDb)
    .filter(([, r]) => r.server)
    .map(([db, r]) => `${db}: ${r.server.version}, binary log ${r.server.log_bin ? `on, sync_binlog=${r.server.sync_binlog}` : 'off'}`);
  const placement = `${pinned ? 'pinned: service and baseline on CPU 0, load generator on CPU 1' : 'not pinned: every process may use every CPU'}; service and baseline ${NODE_FLAGS.length ? `with ${NODE_FLAGS.join(' ')}` : "with Node's default V8 pool"}`;
  const header = `${quick ? 'Quick run' : 'Full run'} on ${new Date().toISOString()} (${Math.round((Date.now() - started) / 1000)} s); ${machine}; ${placement}; ${servers.length ? `${servers.join('; ')}; ` : ''}load average ${load.start.join(' ')} at start, ${load.end.join(' ')} at end; service LOG_LEVEL=${LOG_LEVEL}`;
  process.stdout.write(`\n${header}\n\n${markdown}\n`);
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  const file = join(root, 'bench', 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}${quick ? '-quick' : ''}.json`);
  writeFileSync(file, JSON.stringify({ quick, pinned, params: P, machine, load, log_level: LOG_LEVEL, results: byDb, schedules, ...modules, header, markdown }, null, 2));
  process.stdout.write(`\nJSON: ${file}\n`);
}

main()
  // Keep-alive sockets of fetch/autocannon would hold the process for a while: the run is over.
  .then(() => process.exit(0))
  .catch((error) => {
    process.stderr.write(`bench failed: ${error.stack || error}\n`);
    process.exit(1);
  });

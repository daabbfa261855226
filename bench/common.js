// What the bench scripts share: the lead every webhook posts, a process's CPU time and RSS,
// percentiles, the built service on free ports (start, stop, its CLI), the agents of the list
// row and the client of the single-request rows; for the modules that run a service of their
// own (bench/schedules.js, bench/flow.js, bench/tracing.js, bench/composition.js, bench/mcp.js):
// the service on a temp SQLite database, autocannon, and the end-to-end round read from the
// database file.
'use strict';
const { execFileSync, spawn } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const { join } = require('node:path');
const autocannon = require('autocannon');

const root = join(__dirname, '..');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The 175-byte lead of every benchmark webhook (a plain lead-qualification input). */
const LEAD = JSON.stringify({
  email_address: 'jane@acme-industries.com',
  full_name: 'Jane Doe',
  company_name: 'Acme Industries',
  phone_number: '+1 555 123 4567',
  inquiry: 'We would like a demo and pricing for the enterprise plan',
});

/** User + system CPU of a process so far, in ms (Linux: /proc/<pid>/stat). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Resident set size of a process, in MB (Linux: /proc/<pid>/status). */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

/** The value below which `p` % of `values` lie (nearest rank). */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A SQLite timestamp column (UTC text `YYYY-MM-DD HH:MM:SS.SSS`) as a time in ms. */
const msOf = (text) => Date.parse(text.includes('T') ? text : `${text.replace(' ', 'T')}Z`);

/** `count` distinct TCP ports that were free a moment ago (the OS's choice). */
async function freePorts(count) {
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = net.createServer();
      await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
      servers.push(server);
    }
    return servers.map((server) => server.address().port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/**
 * The built service (`dist/src/main.js`, `--v8-pool-size=0` as `npm start` runs it) with
 * `env` over this process's, once its /health answers. Its stdout (the per-request log lines
 * at LOG_LEVEL info) goes nowhere; its stderr is this process's.
 */
async function startService(env) {
  const child = spawn(process.execPath, ['--v8-pool-size=0', 'dist/src/main.js'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${env.PORT}/health`);
      return child;
    } catch {
      if (Date.now() > deadline) throw new Error('the service did not start');
      await sleep(100);
    }
  }
}

/** SIGTERM, then SIGKILL after 30 s. */
async function stopService(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000).then(() => child.kill('SIGKILL'))]);
}

/** The built CLI (`dist/src/cli/main.js`) with `env`: its JSON answer. */
function cli(env, args) {
  const out = execFileSync(process.execPath, [join(root, 'dist/src/cli/main.js'), ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  });
  return JSON.parse(out.toString());
}

/**
 * The built service on a new temp SQLite database and free ports, LOG_LEVEL as the main
 * bench's (BENCH_LOG_LEVEL, default `info`), `env` added, with an enterprise demo account:
 * its `api` base, `auth` headers, `call(method, path, body)` on the API, `db` (the file read
 * with better-sqlite3, SqliteReader) and `close()`, which stops it and removes the database.
 */
async function sqliteService(name, env = {}) {
  const dir = mkdtempSync(join(os.tmpdir(), `aas-bench-${name}-`));
  const [port, webhookPort] = await freePorts(2);
  const serviceEnv = {
    DATABASE_PATH: join(dir, 'bench.sqlite'),
    PORT: String(port),
    WEBHOOK_PORT: String(webhookPort),
    WEBHOOK_BASE_URL: `http://127.0.0.1:${webhookPort}`,
    BASE_URL: `http://127.0.0.1:${port}/v2`,
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
    // The bench's own targets listen on 127.0.0.1.
    OUTBOUND_ALLOW_PRIVATE: 'true',
    ...env,
  };
  let child;
  try {
    child = await startService(serviceEnv);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const api = `http://127.0.0.1:${port}`;
  const demo = cli(serviceEnv, ['seed:demo', '--plan', 'enterprise']);
  const auth = { authorization: `Bearer ${demo.api_key}`, 'content-type': 'application/json' };
  const call = async (method, path, body, headers = auth) => {
    const res = await fetch(`${api}/v2${path}`, {
      method,
      headers,
      body: body && JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  const db = new SqliteReader(serviceEnv.DATABASE_PATH);
  return {
    env: serviceEnv,
    pid: child.pid,
    api,
    demo,
    auth,
    call,
    db,
    /** Another enterprise account of the same service: its demo agent and `auth`. */
    account: () => {
      const other = cli(serviceEnv, ['seed:demo', '--plan', 'enterprise']);
      return { ...other, auth: { ...auth, authorization: `Bearer ${other.api_key}` } };
    },
    close: async () => {
      db.close();
      await stopService(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The executions of a service's SQLite file, read beside it (better-sqlite3, read-only). */
class SqliteReader {
  constructor(path) {
    const Database = require('better-sqlite3');
    this.db = new Database(path, { readonly: true });
    this.db.pragma('busy_timeout = 10000');
    // Not final: queued, held by flow control, running, waiting.
    this.pendingOf = this.db
      .prepare(
        "SELECT COUNT(*) FROM executions WHERE agent_id = ? AND status IN ('queued','held','running','waiting')",
      )
      .pluck();
    this.finishedOf = this.db
      .prepare(
        "SELECT COUNT(*) FROM executions WHERE agent_id = ? AND status IN ('completed','failed','cancelled')",
      )
      .pluck();
    this.lastCompletedOf = this.db
      .prepare('SELECT MAX(completed_at) FROM executions WHERE agent_id = ?')
      .pluck();
  }
  pending(agentId) {
    return this.pendingOf.get(agentId);
  }
  finished(agentId) {
    return this.finishedOf.get(agentId);
  }
  lastCompletedAt(agentId) {
    return msOf(this.lastCompletedOf.get(agentId));
  }
  /** Polls until the agent has no execution that is not final; false at the deadline. */
  async drain(agentId, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.pending(agentId) === 0) return true;
      await sleep(20);
    }
    return false;
  }
  close() {
    this.db.close();
  }
}

/** One autocannon run (50 connections unless `opts` says otherwise): its result. */
function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/**
 * An autocannon run without an end of its own: `stop()` ends it and resolves its result;
 * `instance` is autocannon's (its `response` events time each request).
 */
function startLoad(opts) {
  let instance;
  const result = new Promise((resolve, reject) => {
    instance = autocannon({ connections: 50, duration: 86_400, ...opts }, (err, r) =>
      err ? reject(err) : resolve(r),
    );
  });
  return { instance, stop: () => (instance.stop(), result) };
}

/** The lead posted as JSON to `url` (the main bench's webhook request); `extra` fields added. */
function webhookLoad(url, extra) {
  const body = extra ? JSON.stringify({ ...JSON.parse(LEAD), ...extra }) : LEAD;
  return { url, method: 'POST', headers: { 'content-type': 'application/json' }, body };
}

/**
 * End to end, as the main bench's row: `amount` webhooks (`request`) to an agent at 50
 * connections, until all are final; the end is the last completed_at the service wrote.
 */
async function endToEnd({ pid, db, agentId, request, amount, drainMs = 300_000 }) {
  const before = db.finished(agentId);
  const cpu0 = cpuMs(pid);
  const t0 = Date.now();
  const acked = (await load({ ...request, amount }))['2xx'];
  const drained = await db.drain(agentId, drainMs);
  const cpu1 = cpuMs(pid);
  const complete = drained && db.finished(agentId) - before >= acked;
  const ms = complete ? Math.max(1, db.lastCompletedAt(agentId) - t0) : Date.now() - t0;
  return { requests: amount, acked, complete, ms, cpu_ms: cpu1 - cpu0 };
}

/** End-to-end rounds of one agent as one figure: their executions over their time. */
function sumRounds(rounds) {
  const acked = rounds.reduce((sum, r) => sum + r.acked, 0);
  const ms = rounds.reduce((sum, r) => sum + r.ms, 0);
  const cpu = rounds.reduce((sum, r) => sum + r.cpu_ms, 0);
  return {
    acked,
    complete: rounds.every((r) => r.complete),
    ms,
    per_second: Math.round((acked / Math.max(1, ms)) * 1000),
    cpu_ms_per_execution: +(cpu / Math.max(1, acked)).toFixed(3),
    rounds: rounds.map((r) => Math.round((r.acked / Math.max(1, r.ms)) * 1000)),
  };
}

/** Creates `count` more agents (`Agent 1` …) through the API: the page of the list row. */
async function createAgents(api, auth, count) {
  for (let i = 1; i <= count; i++) {
    const res = await fetch(`${api}/v2/agents`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: `Agent ${i}` }),
    });
    if (res.status !== 201) throw new Error(`creating an agent answered ${res.status}`);
  }
}

/**
 * One request at a time over one keep-alive connection of `node:http`: the client of the
 * rows that time single requests. Not `fetch`, whose own work added about 0.45 ms to every
 * round trip on the AMD EPYC machine (BENCHMARKS.md, row "sync trigger p50 / p99").
 */
function sequentialClient() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (url, { method = 'GET', headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/**
 * A bench module run alone (`node bench/<name>.js [--quick]`): prints the markdown its
 * `measure` resolves and exits 0, or the error and exits 1.
 */
function runAlone(measure) {
  measure({ quick: process.argv.includes('--quick') })
    .then(({ markdown }) => {
      console.log(markdown);
      process.exit(0);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}

module.exports = {
  LEAD,
  cli,
  cpuMs,
  createAgents,
  endToEnd,
  freePorts,
  load,
  msOf,
  percentile,
  root,
  rssMb,
  runAlone,
  sequentialClient,
  sleep,
  sqliteService,
  startLoad,
  startService,
  stopService,
  sumRounds,
  webhookLoad,
};

// The wait rows of `npm run bench` (docs/workflows.md, Waits): runs that wait for a time, the
// latency from a token's completion to the next step's start, and what executions waiting on
// tokens cost one process in RSS. `node bench/waits.js [runs] [tokens] [waiting]` measures them
// alone against the built service on SQLite (defaults 1000, 200, 10000). With REDIS_URL set it
// runs an `api,webhook` process and two `worker` processes on BullMQ instead (one SQLite file),
// and measures the first two (the RSS row is one process's).
'use strict';
const { execFileSync, spawn } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const { URLSearchParams } = require('node:url');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The `p`-th percentile (0..100) of `values` (nearest rank), or null for none. */
function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function createWorkflow(api, auth, name, steps) {
  const res = await fetch(`${api}/v2/agents`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name, kind: 'workflow', config: { steps } }),
  });
  if (res.status !== 201) throw new Error(`creating ${name} answered ${res.status}: ${await res.text()}`);
  return (await res.json()).id;
}

/** Triggers `count` asynchronous runs of `agentId`, `parallel` at a time; their ids. */
async function triggerMany(api, auth, agentId, count, parallel = 50) {
  const ids = new Array(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const n = next++;
      const res = await fetch(`${api}/v2/agents/${agentId}/trigger`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ input: { n }, options: { async: true } }),
      });
      if (res.status !== 202) throw new Error(`a trigger answered ${res.status}: ${await res.text()}`);
      ids[n] = (await res.json()).execution_id;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, lane));
  return ids;
}

/** Every execution of an agent through the API (100 a page), without logs. */
async function allExecutions(api, auth, agentId, status) {
  const items = [];
  let cursor = null;
  do {
    const query = new URLSearchParams({ limit: '100', ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) });
    const res = await fetch(`${api}/v2/agents/${agentId}/executions?${query}`, { headers: auth });
    if (res.status !== 200) throw new Error(`listing executions answered ${res.status}`);
    const page = await res.json();
    items.push(...page.data);
    cursor = page.meta.next_cursor;
  } while (cursor);
  return items;
}

/** Polls `count()` until it reaches `target` (or `timeoutMs` passes); whether it did. */
async function until(count, target, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await count()) >= target) return true;
    await sleep(100);
  }
  return false;
}

/**
 * `runs` runs, triggered at once, each waiting `waitMs` (`wait duration_ms`) between two
 * transforms: how long each took from its trigger (`created_at`) to `completed_at`, and how
 * many finished within `boundMs` of it. `db.finished(agentId)` counts the agent's final rows.
 */
async function measureTimedWaits({ api, auth, db, runs = 1000, waitMs = 2000, boundMs = 4000, drainMs = 120_000 }) {
  const agentId = await createWorkflow(api, auth, 'Bench timed waits', [
    { id: 'before', type: 'transform', value: '{% $input.n %}' },
    { id: 'hold', type: 'wait', duration_ms: waitMs },
    { id: 'after', type: 'transform', value: '{% $steps.before %}' },
  ]);
  const t0 = Date.now();
  await triggerMany(api, auth, agentId, runs);
  const triggerSeconds = (Date.now() - t0) / 1000;
  const complete = await until(() => db.finished(agentId), runs, drainMs);
  const executions = await allExecutions(api, auth, agentId);
  const took = executions
    .filter((e) => e.status === 'completed')
    .map((e) => Date.parse(e.completed_at) - Date.parse(e.created_at));
  return {
    runs,
    wait_ms: waitMs,
    complete,
    completed: took.length,
    within_bound: took.filter((ms) => ms <= boundMs).length,
    bound_ms: boundMs,
    trigger_seconds: +triggerSeconds.toFixed(2),
    p50_ms: percentile(took, 50),
    p99_ms: percentile(took, 99),
    max_ms: took.length ? Math.max(...took) : null,
  };
}

/**
 * `samples` runs each waiting on a token; once all wait, their tokens are completed one after
 * the other, `spacingMs` apart (`POST /v2/wait-tokens/:id/complete`): the time from each
 * token's `completed_at` to the `started_at` of the step after the wait.
 */
async function measureTokenLatency({ api, auth, db, samples = 200, spacingMs = 20, drainMs = 120_000 }) {
  const agentId = await createWorkflow(api, auth, 'Bench token waits', [
    { id: 't', type: 'create_token' },
    { id: 'w', type: 'wait', token: '{% $steps.t.id %}' },
    { id: 'after', type: 'transform', value: '{% $steps.w.data %}' },
  ]);
  const ids = await triggerMany(api, auth, agentId, samples);
  if (!(await until(() => db.waiting(agentId), samples, drainMs))) throw new Error('the token runs did not all wait');
  const waiting = await allExecutions(api, auth, agentId, 'waiting');
  const completedAt = new Map();
  for (const execution of waiting) {
    const res = await fetch(`${api}/v2/wait-tokens/${execution.waiting.token_id}/complete`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ data: { ok: true } }),
    });
    if (res.status !== 200) throw new Error(`a completion answered ${res.status}`);
    completedAt.set(execution.id, Date.parse((await res.json()).completed_at));
    await sleep(spacingMs);
  }
  const complete = await until(() => db.finished(agentId), samples, drainMs);
  const latencies = [];
  for (const id of ids) {
    const record = await (await fetch(`${api}/v2/executions/${id}`, { headers: auth })).json();
    const after = (record.steps ?? []).find((step) => step.id === 'after');
    if (after?.started_at && completedAt.has(id)) latencies.push(Date.parse(after.started_at) - completedAt.get(id));
  }
  return {
    samples,
    complete,
    measured: latencies.length,
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    max_ms: latencies.length ? Math.max(...latencies) : null,
  };
}

/**
 * `count` executions of one process left waiting on tokens (a `create_token` and its `wait`):
 * the process's RSS before them, at its highest while they were triggered and run to their
 * wait, and once they all wait (after `settleMs`). `rss()` reads the process's RSS in MB.
 */
async function measureWaitingRss({ api, auth, db, rss, count = 10_000, settleMs = 3000, drainMs = 300_000 }) {
  const agentId = await createWorkflow(api, auth, 'Bench many token waits', [
    { id: 't', type: 'create_token', timeout_ms: 86_400_000 },
    { id: 'w', type: 'wait', token: '{% $steps.t.id %}' },
  ]);
  // A few first, so that the agent's compiled workflow is not counted as the waits' cost.
  await triggerMany(api, auth, agentId, 20);
  await until(() => db.waiting(agentId), 20, drainMs);
  await sleep(settleMs);
  const before = rss();
  let peak = before ?? 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rss() ?? 0)), 100);
  const t0 = Date.now();
  try {
    await triggerMany(api, auth, agentId, count - 20);
    const all = await until(() => db.waiting(agentId), count, drainMs);
    const seconds = (Date.now() - t0) / 1000;
    await sleep(settleMs);
    const after = rss();
    return {
      count,
      all_waiting: all,
      seconds_to_wait: +seconds.toFixed(1),
      rss_before_mb: before,
      rss_peak_mb: Math.max(peak, after ?? 0),
      rss_after_mb: after,
      rss_added_mb: before === null || after === null ? null : after - before,
    };
  } finally {
    clearInterval(sampler);
  }
}

function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
  } catch {
    return null;
  }
}

/** Alone: the built service on a temp SQLite database, the three measurements in turn. */
async function main() {
  const root = join(__dirname, '..');
  const [runs, samples, waiting] = process.argv.slice(2).map(Number);
  const dir = mkdtempSync(join(os.tmpdir(), 'aas-bench-waits-'));
  const env = {
    PATH: process.env.PATH ?? '',
    DATABASE_PATH: join(dir, 'bench.sqlite'),
    PORT: '3995',
    WEBHOOK_PORT: '3996',
    BASE_URL: 'http://127.0.0.1:3995/v2',
    WEBHOOK_BASE_URL: 'http://127.0.0.1:3996',
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
  };
  const bullmq = Boolean(process.env.REDIS_URL);
  if (bullmq) {
    Object.assign(env, {
      REDIS_URL: process.env.REDIS_URL,
      QUEUE_PREFIX: `aas-bench-waits-${process.pid}`,
      ROLE: 'api,webhook',
    });
  }
  const demo = JSON.parse(
    execFileSync(process.execPath, [join(root, 'dist/src/cli/main.js'), 'seed:demo', '--plan', 'enterprise'], {
      env: { ...env, MIGRATE_ON_START: 'true', LOG_LEVEL: 'silent' },
    }).toString(),
  );
  const startProcess = (extra) =>
    spawn(process.execPath, ['--v8-pool-size=0', 'dist/src/main.js'], {
      cwd: root,
      env: { ...env, ...extra },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const service = startProcess({});
  // Two worker processes beside the front (no listeners of their own).
  const workers = bullmq
    ? [1, 2].map(() => startProcess({ ROLE: 'worker', PORT: '0', WEBHOOK_PORT: '0' }))
    : [];
  const api = 'http://127.0.0.1:3995';
  const Database = require('better-sqlite3');
  let sqlite;
  try {
    for (let i = 0; ; i++) {
      if (await fetch(`${api}/health`).then((res) => res.ok, () => false)) break;
      if (i > 300) throw new Error('the service did not start');
      await sleep(100);
    }
    sqlite = new Database(env.DATABASE_PATH, { readonly: true });
    sqlite.pragma('busy_timeout = 10000');
    const count = (statuses) =>
      sqlite.prepare(`SELECT COUNT(*) FROM executions WHERE agent_id = ? AND status IN (${statuses})`).pluck();
    const finished = count("'completed','failed','cancelled'");
    const waitingRows = count("'waiting'");
    const db = { finished: async (id) => finished.get(id), waiting: async (id) => waitingRows.get(id) };
    const auth = { authorization: `Bearer ${demo.api_key}`, 'content-type': 'application/json' };
    const out = {};
    out.timed_waits = await measureTimedWaits({ api, auth, db, runs: runs || 1000 });
    console.error(JSON.stringify(out.timed_waits));
    out.token_latency = await measureTokenLatency({ api, auth, db, samples: samples || 200 });
    console.error(JSON.stringify(out.token_latency));
    if (!bullmq) {
      out.waiting_rss = await measureWaitingRss({ api, auth, db, rss: () => rssMb(service.pid), count: waiting || 10_000 });
    }
    console.log(JSON.stringify({ queue: bullmq ? 'bullmq, two worker processes' : 'embedded, one process', ...out }, null, 2));
  } finally {
    sqlite?.close();
    for (const child of [service, ...workers]) {
      child.kill('SIGINT');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { measureTimedWaits, measureTokenLatency, measureWaitingRss, percentile };

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

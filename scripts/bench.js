#!/usr/bin/env node
// `npm run bench [-- --quick]`: builds, starts a bare NestJS baseline app and the service (on
// SQLite, and on MariaDB when BENCH_DATABASE_URL is set), seeds data, measures with autocannon,
// and prints one Markdown table (JSON copy in bench/results/). It reports; it never fails on a
// threshold (numbers on shared machines are noisy).
'use strict';
const { spawn, execFileSync } = require('node:child_process');
const { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const autocannon = require('autocannon');

const root = join(__dirname, '..');
const quick = process.argv.includes('--quick');
const P = quick
  ? { seconds: 3, e2e: 1000, sync: 50, small: 10_000, large: 100_000, agents: 100 }
  : { seconds: 10, e2e: 10_000, sync: 200, small: 10_000, large: 1_000_000, agents: 100 };
const CONNECTIONS = 50;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (msg) => process.stderr.write(`[bench] ${msg}\n`);

function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
  } catch {
    return null;
  }
}

async function waitFor(url, timeoutMs = 30_000) {
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

function start(script, env) {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
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

const summary = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

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
    return {
      count: async (agentId) =>
        db
          .prepare(
            "SELECT COUNT(*) AS n FROM executions WHERE agent_id = ? AND status IN ('completed','failed','cancelled')",
          )
          .get(agentId).n,
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
      },
      close: async () => db.close(),
    };
  }
  const mysql = require('mysql2/promise');
  const conn = await mysql.createConnection({ uri: env.DATABASE_URL.replace(/^mariadb:/, 'mysql:') });
  return {
    count: async (agentId) => {
      const [rows] = await conn.query(
        "SELECT COUNT(*) AS n FROM executions WHERE agent_id = ? AND status IN ('completed','failed','cancelled')",
        [agentId],
      );
      return Number(rows[0].n);
    },
    seed: async (accountId, agentId, from, to) => {
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
    },
    close: async () => conn.end(),
  };
}

const LEAD = JSON.stringify({
  email_address: 'jane@acme-industries.com',
  full_name: 'Jane Doe',
  company_name: 'Acme Industries',
  phone_number: '+1 555 123 4567',
  inquiry: 'We would like a demo and pricing for the enterprise plan',
});

async function measureService(kind, dbEnv, ports) {
  const env = {
    ...dbEnv,
    PORT: String(ports.api),
    WEBHOOK_PORT: String(ports.webhook),
    WEBHOOK_BASE_URL: `http://127.0.0.1:${ports.webhook}`,
    BASE_URL: `http://127.0.0.1:${ports.api}/v2`,
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
  };
  if (kind === 'mariadb') cli(env, ['migrate']);
  const service = start('dist/src/main.js', env);
  const api = `http://127.0.0.1:${ports.api}`;
  try {
    await waitFor(`${api}/v2/account`);
    await sleep(1000);
    const idleRss = rssMb(service.pid);
    const demo = cli(env, ['seed:demo', '--plan', 'enterprise']);
    const auth = { authorization: `Bearer ${demo.api_key}`, 'content-type': 'application/json' };
    const results = { idle_rss_mb: idleRss };

    // Agents for the list route (100 in all) and a quiet agent holding the bulk rows.
    for (let i = 1; i < P.agents; i++) {
      await fetch(`${api}/v2/agents`, { method: 'POST', headers: auth, body: JSON.stringify({ name: `Agent ${i}` }) });
    }
    const agents = await (await fetch(`${api}/v2/agents?per_page=100`, { headers: auth })).json();
    const bulkAgentId = agents.data.find((a) => a.id !== demo.agent_id).id;

    log(`${kind}: webhook ingest at ${CONNECTIONS} connections`);
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(service.pid) ?? 0)), 250);
    const webhookRequest = { url: demo.webhook_url, method: 'POST', headers: { 'content-type': 'application/json' }, body: LEAD };
    const ingest = summary(await run({ ...webhookRequest, duration: P.seconds }));
    results.ingest = ingest;
    log(`${kind}: webhook ingest at 50% of that rate`);
    const half = Math.max(1, Math.round(ingest.rps / 2));
    results.ingest_half = { rate: half, ...summary(await run({ ...webhookRequest, duration: P.seconds, overallRate: half })) };

    const db = await openDb(kind, env);
    // Let the worker drain the ingest backlog before the end-to-end measurement.
    const drainDeadline = Date.now() + 600_000;
    const backlogUrl = `${api}/v2/agents/${demo.agent_id}/executions?status=queued,running&limit=1`;
    while (Date.now() < drainDeadline) {
      const listed = await (await fetch(backlogUrl, { headers: auth })).json();
      if (!listed.data || listed.data.length === 0) break;
      await sleep(200);
    }
    log(`${kind}: end to end, ${P.e2e} webhooks until all are final`);
    const before = await db.count(demo.agent_id);
    const t0 = Date.now();
    const e2eRun = await run({ ...webhookRequest, amount: P.e2e });
    const acked = e2eRun['2xx'];
    while (Date.now() - t0 < 600_000) {
      if ((await db.count(demo.agent_id)) - before >= acked) break;
      await sleep(50);
    }
    const e2eMs = Date.now() - t0;
    results.e2e = { requests: P.e2e, acked, ms: e2eMs, per_second: Math.round((acked / e2eMs) * 1000) };
    results.load_rss_mb = Math.max(peakRss, rssMb(service.pid) ?? 0);
    clearInterval(sampler);

    log(`${kind}: ${P.sync} sync triggers, one at a time`);
    const latencies = [];
    const overheads = [];
    const triggerBody = JSON.stringify({ input: JSON.parse(LEAD), options: { async: false } });
    for (let i = 0; i < P.sync; i++) {
      const t = performance.now();
      const res = await fetch(`${api}/v2/agents/${demo.agent_id}/trigger`, { method: 'POST', headers: auth, body: triggerBody });
      const body = await res.json();
      const ms = performance.now() - t;
      latencies.push(ms);
      overheads.push(ms - (body.duration_ms ?? 0));
    }
    results.sync = {
      p50: +percentile(latencies, 50).toFixed(2),
      p99: +percentile(latencies, 99).toFixed(2),
      overhead_p50: +percentile(overheads, 50).toFixed(2),
      overhead_p99: +percentile(overheads, 99).toFixed(2),
    };

    log(`${kind}: GET /v2/agents (${P.agents} agents)`);
    results.list_agents = summary(await run({ url: `${api}/v2/agents?per_page=100`, headers: auth, duration: P.seconds, connections: 10 }));

    const listUrl = `${api}/v2/agents/${bulkAgentId}/executions?status=failed`;
    log(`${kind}: seeding ${P.small} executions`);
    await db.seed(demo.account_id, bulkAgentId, 1, P.small);
    results.list_small = summary(await run({ url: listUrl, headers: auth, duration: P.seconds, connections: 10 }));
    log(`${kind}: seeding up to ${P.large} executions`);
    await db.seed(demo.account_id, bulkAgentId, P.small + 1, P.large);
    results.list_large = summary(await run({ url: listUrl, headers: auth, duration: P.seconds, connections: 10 }));
    await db.close();
    return results;
  } finally {
    await stop(service);
  }
}

async function measureBaseline(port) {
  const child = start('bench/baseline.js', { PORT: String(port) });
  try {
    await waitFor(`http://127.0.0.1:${port}/ping`);
    return summary(await run({ url: `http://127.0.0.1:${port}/ping`, duration: P.seconds }));
  } finally {
    await stop(child);
  }
}

function table(baseline, byDb) {
  const dbs = Object.keys(byDb);
  const rows = [];
  const ratio = (x) => `${((x / baseline.rps) * 100).toFixed(0)} %`;
  const row = (label, pick) => rows.push(`| ${label} | ${dbs.map((db) => pick(byDb[db])).join(' | ')} |`);
  rows.push(`| metric | ${dbs.join(' | ')} |`);
  rows.push(`|---|${dbs.map(() => '---').join('|')}|`);
  row('baseline NestJS GET (req/s)', () => baseline.rps);
  row('webhook ingest (acks/s, 50 conn)', (r) => `${r.ingest.rps} (${ratio(r.ingest.rps)} of baseline)`);
  row('webhook ingest p50 / p99 (ms)', (r) => `${r.ingest.p50} / ${r.ingest.p99}`);
  row('ingest at 50 % rate: p50 / p99 (ms)', (r) => `${r.ingest_half.p50} / ${r.ingest_half.p99} @ ${r.ingest_half.rate}/s`);
  row(`end to end (${P.e2e} webhooks → final), executions/s`, (r) => `${r.e2e.per_second} (${ratio(r.e2e.per_second)} of baseline)`);
  row('sync trigger p50 / p99 (ms)', (r) => `${r.sync.p50} / ${r.sync.p99}`);
  row('sync trigger overhead over run p50 / p99 (ms)', (r) => `${r.sync.overhead_p50} / ${r.sync.overhead_p99}`);
  row(`GET /v2/agents (${P.agents} agents) req/s, p99 ms`, (r) => `${r.list_agents.rps}, ${r.list_agents.p99}`);
  row(`executions?status=failed @ ${P.small} rows: req/s, p99 ms`, (r) => `${r.list_small.rps}, ${r.list_small.p99}`);
  row(`executions?status=failed @ ${P.large} rows: req/s, p99 ms`, (r) => `${r.list_large.rps}, ${r.list_large.p99}`);
  row('large / small list p50 latency', (r) => `${(r.list_large.p50 / Math.max(r.list_small.p50, 0.01)).toFixed(2)} ×`);
  row('RSS idle / under load (MB)', (r) => `${r.idle_rss_mb} / ${r.load_rss_mb}`);
  return rows.join('\n');
}

async function main() {
  require('./ensure-build');
  const baseline = await measureBaseline(3990);
  log(`baseline: ${baseline.rps} req/s`);
  const byDb = {};
  const dir = mkdtempSync(join(tmpdir(), 'aas-bench-'));
  try {
    byDb.sqlite = await measureService('sqlite', { DATABASE_PATH: join(dir, 'bench.sqlite') }, { api: 3991, webhook: 3992 });
    if (process.env.BENCH_DATABASE_URL) {
      const mysql = require('mysql2/promise');
      const name = `bench_${Date.now()}`;
      const admin = await mysql.createConnection({ uri: process.env.BENCH_DATABASE_URL });
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.BENCH_DATABASE_URL);
      url.pathname = `/${name}`;
      try {
        byDb.mariadb = await measureService('mariadb', { DATABASE_URL: url.toString(), DATABASE_PATH: join(dir, 'unused.sqlite') }, { api: 3993, webhook: 3994 });
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const markdown = table(baseline, byDb);
  process.stdout.write(`\n${quick ? 'Quick run' : 'Full run'} on ${new Date().toISOString()}\n\n${markdown}\n`);
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  const file = join(root, 'bench', 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}${quick ? '-quick' : ''}.json`);
  writeFileSync(file, JSON.stringify({ quick, params: P, baseline, results: byDb, markdown }, null, 2));
  process.stdout.write(`\nJSON: ${file}\n`);
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error.stack || error}\n`);
  process.exit(1);
});

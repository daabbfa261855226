#!/usr/bin/env node
// `npm run bench:scaleout [-- --quick]`: the run queue on BullMQ with 1 and then 2 worker
// processes. Needs BENCH_DATABASE_URL (a MySQL/MariaDB URL whose user may create databases)
// and REDIS_URL. For each worker count, on a fresh database and a fresh BullMQ prefix, with one
// `api,webhook` front process and N `worker` processes (all real processes of the built
// service): webhook ingest while the workers run, the workers draining a backlog, and
// synchronous trigger latency. Prints one Markdown table (JSON copy in bench/results/). It
// reports; it never fails on a threshold (numbers on shared machines are noisy).
'use strict';
const { spawn, execFileSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { mkdirSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:net');
const { cpus, totalmem } = require('node:os');
const { join } = require('node:path');
const autocannon = require('autocannon');
const mysql = require('mysql2/promise');

const root = join(__dirname, '..');
const quick = process.argv.includes('--quick');
const P = quick ? { backlog: 2000, ingest: 2000, sync: 50 } : { backlog: 10_000, ingest: 10_000, sync: 200 };
const CONNECTIONS = 50;
const LEAD = JSON.stringify({
  email_address: 'jane@acme-industries.com',
  company_name: 'Acme Industries',
  inquiry: 'We would like a demo and pricing',
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (msg) => process.stderr.write(`[bench:scaleout] ${msg}\n`);

/** A TCP port that was free a moment ago. */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function cli(env, args) {
  const out = execFileSync(process.execPath, [join(root, 'dist/src/cli/main.js'), ...args], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
  });
  return JSON.parse(out.toString());
}

/** Starts the built service with ROLE=role; resolves once it says it started. */
async function start(env, role) {
  const port = await freePort();
  const webhookPort = await freePort();
  const child = spawn(process.execPath, [join(root, 'dist/src/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      ROLE: role,
      PORT: String(port),
      WEBHOOK_PORT: String(webhookPort),
      BASE_URL: `http://127.0.0.1:${port}/v2`,
      WEBHOOK_BASE_URL: `http://127.0.0.1:${webhookPort}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (!output.includes('agent automation service started')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${role} did not start: ${output}`);
    await sleep(50);
  }
  return { child, port, webhookPort };
}

async function stop(proc) {
  if (proc.child.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000).then(() => proc.child.kill('SIGKILL'))]);
}

function run(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, ...opts }, (err, result) => (err ? reject(err) : resolve(result))),
  );
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(workers, adminUrl) {
  const name = `bench_so_${Date.now()}`;
  const admin = await mysql.createConnection({ uri: adminUrl });
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = {
    DATABASE_URL: url.toString(),
    REDIS_URL: process.env.REDIS_URL,
    QUEUE_PREFIX: `aas-bench-${randomBytes(4).toString('hex')}`,
    THROTTLE_KEY_PREFIX: `aas-bench-rl-${randomBytes(4).toString('hex')}`,
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
    SYNC_WAIT_MS: '60000',
  };
  const procs = [];
  const db = await mysql.createConnection({ uri: url.toString() });
  try {
    cli(env, ['migrate']);
    const front = await start(env, 'api,webhook');
    procs.push(front);
    const demo = cli(env, ['seed:demo', '--plan', 'enterprise']);
    const hookUrl = `http://127.0.0.1:${front.webhookPort}${new URL(demo.webhook_url).pathname}`;
    const request = { url: hookUrl, method: 'POST', headers: { 'content-type': 'application/json' }, body: LEAD };
    const finals = async () =>
      Number((await db.query("SELECT COUNT(*) AS n FROM executions WHERE status IN ('completed','failed')"))[0][0].n);
    const waitFinal = async (count) => {
      const deadline = Date.now() + 900_000;
      while ((await finals()) < count) {
        if (Date.now() > deadline) throw new Error('executions did not finish');
        await sleep(100);
      }
    };

    // 1. A backlog written with no worker running, then N workers started at once: the
    //    workers' own throughput (first start to last finish, from the rows).
    log(`${workers} worker(s): backlog of ${P.backlog} webhooks, no worker running`);
    const backlog = await run({ ...request, amount: P.backlog });
    const acked = backlog['2xx'];
    const workerProcs = await Promise.all(Array.from({ length: workers }, () => start(env, 'worker')));
    procs.push(...workerProcs);
    await waitFinal(acked);
    const [[window]] = await db.query(
      'SELECT TIMESTAMPDIFF(MICROSECOND, MIN(started_at), MAX(completed_at)) AS us FROM executions',
    );
    const drainPerSecond = Math.round(acked / (Number(window.us) / 1e6));

    // 2. Webhooks while the workers run: acknowledgements per second, and executions final
    //    per second from the first request to the last finish.
    log(`${workers} worker(s): ${P.ingest} webhooks while the workers run`);
    const t0 = Date.now();
    const ingest = await run({ ...request, amount: P.ingest });
    await waitFinal(acked + ingest['2xx']);
    const e2eMs = Date.now() - t0;

    // 3. Synchronous triggers one at a time (front process → worker process → front).
    log(`${workers} worker(s): ${P.sync} synchronous triggers`);
    const latencies = [];
    const body = JSON.stringify({ input: JSON.parse(LEAD) });
    for (let i = 0; i < P.sync; i++) {
      const t = performance.now();
      const res = await fetch(`http://127.0.0.1:${front.port}/v2/agents/${demo.agent_id}/trigger`, {
        method: 'POST',
        headers: { authorization: `Bearer ${demo.api_key}`, 'content-type': 'application/json' },
        body,
      });
      await res.json();
      if (res.status !== 200) throw new Error(`sync trigger answered ${res.status}`);
      latencies.push(performance.now() - t);
    }
    return {
      workers,
      drain_per_second: drainPerSecond,
      ingest_acks_per_second: Math.round(ingest.requests.average),
      ingest_p99_ms: ingest.latency.p99,
      ingest_non2xx: ingest.non2xx,
      e2e_per_second: Math.round((ingest['2xx'] / e2eMs) * 1000),
      sync_p50_ms: +percentile(latencies, 50).toFixed(1),
      sync_p99_ms: +percentile(latencies, 99).toFixed(1),
    };
  } finally {
    await Promise.all(procs.map(stop));
    await db.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl || !process.env.REDIS_URL) {
    process.stderr.write('bench:scaleout needs BENCH_DATABASE_URL (MySQL/MariaDB) and REDIS_URL\n');
    process.exit(2);
  }
  require('./ensure-build');
  const results = [];
  for (const workers of [1, 2]) results.push(await measure(workers, adminUrl));
  const rows = [
    '| worker processes | drain a backlog (executions/s) | webhook ingest (acks/s, 50 conn) | ingest p99 (ms) | end to end (executions/s) | sync trigger p50 / p99 (ms) |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.workers} | ${r.drain_per_second} | ${r.ingest_acks_per_second} | ${r.ingest_p99_ms} | ${r.e2e_per_second} | ${r.sync_p50_ms} / ${r.sync_p99_ms} |`,
    ),
  ];
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const markdown = rows.join('\n');
  process.stdout.write(`\n${quick ? 'Quick run' : 'Full run'} on ${new Date().toISOString()} (${machine})\n\n${markdown}\n`);
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  const file = join(root, 'bench', 'results', `scaleout-${new Date().toISOString().replace(/[:.]/g, '-')}${quick ? '-quick' : ''}.json`);
  writeFileSync(file, JSON.stringify({ quick, params: P, machine, results, markdown }, null, 2));
  process.stdout.write(`\nJSON: ${file}\n`);
}

main().catch((error) => {
  process.stderr.write(`bench:scaleout failed: ${error.stack || error}\n`);
  process.exit(1);
});

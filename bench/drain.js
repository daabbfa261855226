#!/usr/bin/env node
// Intake and worker measured apart (`node bench/drain.js`): an `api,webhook` process
// takes N webhooks (the worker is not running), then a `worker`-only process drains them.
// Prints each side's CPU per run from /proc, MariaDB's CPU (server-wide) and the rates.
//
//   npm run build && BENCH_DATABASE_URL=mysql://root@127.0.0.1:3306/ node bench/drain.js [N]
//
// LOG_LEVEL of both processes: BENCH_LOG_LEVEL (default info, as in production).
'use strict';
const { spawn, execFileSync } = require('node:child_process');
const { join } = require('node:path');
const autocannon = require('autocannon');
const mysql = require('mysql2/promise');
const { LEAD, cpuMs } = require('./common');

const root = join(__dirname, '..');
const count = Number(process.argv[2]) || 6000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function serverPid() {
  return Number(execFileSync('pgrep', ['-o', '-x', 'mariadbd']).toString().trim());
}

async function main() {
  const url = new URL(process.env.BENCH_DATABASE_URL);
  const admin = await mysql.createConnection({ uri: url.toString().replace(/^mariadb:/, 'mysql:') });
  const name = `aas_drain_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  url.pathname = `/${name}`;
  const env = {
    ...process.env,
    DATABASE_URL: url.toString(),
    PORT: '3995',
    WEBHOOK_PORT: '3996',
    WEBHOOK_BASE_URL: 'http://127.0.0.1:3996',
    SECRET_KEY: 'profile-secret-key-0123456789abcdef0123456789',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
  };
  const cli = (args) =>
    JSON.parse(
      execFileSync(process.execPath, [join(root, 'dist/src/cli/main.js'), ...args], {
        cwd: root,
        env: { ...env, LOG_LEVEL: 'silent' },
      }).toString(),
    );
  cli(['migrate']);
  const demo = cli(['seed:demo', '--plan', 'enterprise']);
  const start = (role) =>
    spawn(process.execPath, ['dist/src/main.js'], { cwd: root, env: { ...env, ROLE: role }, stdio: 'ignore' });
  const rows = async (where) =>
    Number((await admin.query(`SELECT COUNT(*) AS n FROM ${name}.executions${where}`))[0][0].n);
  const fire = (amount) =>
    autocannon({ url: demo.webhook_url, method: 'POST', headers: { 'content-type': 'application/json' }, body: LEAD, connections: 50, amount });
  const db = serverPid();

  const intake = start('api,webhook');
  for (let i = 0; i < 100; i++) {
    if (await fetch('http://127.0.0.1:3995/health').then((r) => r.ok, () => false)) break;
    await sleep(200);
  }
  await fire(500); // warm-up
  let cpu = [cpuMs(intake.pid), cpuMs(db)];
  let t0 = Date.now();
  await fire(count);
  let seconds = (Date.now() - t0) / 1000;
  const per = (pid, i, n) => ((cpuMs(pid) - cpu[i]) / n).toFixed(3);
  console.log(`intake: ${count} webhooks in ${seconds.toFixed(2)} s; service ${per(intake.pid, 0, count)} ms/ack, MariaDB ${per(db, 1, count)} ms/ack`);
  intake.kill('SIGTERM');
  await new Promise((resolve) => intake.once('exit', resolve));

  const total = await rows('');
  const finished = () => rows(" WHERE status IN ('completed', 'failed')");
  const worker = start('worker');
  // Measured from the first finished run: the worker's start is not in the figures.
  while ((await finished()) === 0) await sleep(5);
  const before = await finished();
  cpu = [cpuMs(worker.pid), cpuMs(db)];
  t0 = Date.now();
  // The backlog, not the finished runs: counting those would read the whole table every 20 ms
  // on the server whose CPU per run is measured.
  while ((await rows(" WHERE status IN ('queued', 'running')")) > 0) await sleep(20);
  seconds = (Date.now() - t0) / 1000;
  const runs = total - before;
  console.log(`drain: ${runs} runs in ${seconds.toFixed(2)} s (${Math.round(runs / seconds)}/s); worker ${per(worker.pid, 0, runs)} ms/run, MariaDB ${per(db, 1, runs)} ms/run`);
  worker.kill('SIGTERM');
  await new Promise((resolve) => worker.once('exit', resolve));
  await admin.query(`DROP DATABASE ${name}`);
  await admin.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

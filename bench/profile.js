#!/usr/bin/env node
// Where the service's CPU goes in one end-to-end phase (BENCHMARKS.md, "where the time goes"):
// starts the built service with `--cpu-prof`, sends webhooks to a plain lead-qualification
// agent or to the 5-step workflow agent of the bench until all are final, stops the service
// and prints the profile's self time by function and by package.
//
//   node bench/profile.js [--workflow] [--count N]      (SQLite in a temporary directory)
//   BENCH_DATABASE_URL=mysql://root@127.0.0.1:3306/ node bench/profile.js --mariadb [--workflow]
//   node bench/profile.js --list [--mariadb]   GET /v2/agents (a page of 100) instead, 10 s at 10
//                                               connections after a 3 s warm-up
//   node bench/profile.js --sync [--mariadb] [--count N]   synchronous triggers one at a time
//                                               (the bench's sync row): 2,500 not counted, then N
//   node bench/profile.js --ingest [--mariadb] [--count N]  webhooks at 50 connections to a
//                                               process without the worker (ROLE=api,webhook):
//                                               the acknowledgement path alone, no run
//
// `--flow` gives the agent `flow: {concurrency: {limit: 1000}}` first (the flow bench's row).
//
// `--no-profile` runs the same phase without the profiler (whose overhead is about half the
// service's CPU) and prints only the rate and CPU per run: a quick A/B of one change.
//
// Run `npm run build` first. The .cpuprofile stays in the printed directory (open it in
// Chrome's DevTools for the flame chart).
'use strict';
const { spawn, execFileSync } = require('node:child_process');
const { mkdtempSync, readdirSync, readFileSync } = require('node:fs');
const os = require('node:os');
const { join, relative } = require('node:path');
const autocannon = require('autocannon');
const { createWorkflowAgent } = require('./workflow');
const { LEAD, cpuMs, createAgents, sequentialClient } = require('./common');

const root = join(__dirname, '..');
const args = process.argv.slice(2);
const workflow = args.includes('--workflow');
const listing = args.includes('--list');
const syncing = args.includes('--sync');
const ingesting = args.includes('--ingest');
const mariadb = args.includes('--mariadb');
const flowing = args.includes('--flow');
const profiling = !args.includes('--no-profile');
const count = Number(args[args.indexOf('--count') + 1]) || 2000;
const dir = mkdtempSync(join(os.tmpdir(), 'aas-profile-'));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The agent's backlog: its finished runs would be a count over its whole history, whose cost on
// the database grows with every round.
const PENDING = "SELECT COUNT(*) AS n FROM executions WHERE agent_id = ? AND status IN ('queued', 'running')";

/** The database the service uses, with a count of an agent's queued and running executions. */
async function database() {
  if (!mariadb) {
    const path = join(dir, 'profile.sqlite');
    let statement;
    const pending = async (agentId) => {
      statement ??= new (require('better-sqlite3'))(path).prepare(PENDING).pluck();
      return statement.get(agentId);
    };
    return { env: { DATABASE_PATH: path }, pending, drop: async () => {} };
  }
  const mysql = require('mysql2/promise');
  const url = new URL(process.env.BENCH_DATABASE_URL);
  const admin = await mysql.createConnection({ uri: url.toString().replace(/^mariadb:/, 'mysql:') });
  const name = `aas_profile_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    pending: async (agentId) => Number((await admin.query(PENDING.replace('executions', `${name}.executions`), [agentId]))[0][0].n),
    drop: async () => {
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    },
  };
}

function cli(env, command) {
  const out = execFileSync(process.execPath, [join(root, 'dist/src/cli/main.js'), ...command], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  });
  return JSON.parse(out.toString());
}

/** The local MariaDB/MySQL server's pid (its CPU is counted as the database's). */
function serverPid() {
  for (const name of ['mariadbd', 'mysqld']) {
    try {
      return Number(execFileSync('pgrep', ['-o', '-x', name]).toString().trim());
    } catch {
      // not this name
    }
  }
  return null;
}

async function fire(url, amount) {
  await autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body: LEAD, connections: 50, amount });
}

async function main() {
  const db = await database();
  const env = {
    ...db.env,
    PORT: '3995',
    WEBHOOK_PORT: '3996',
    WEBHOOK_BASE_URL: 'http://127.0.0.1:3996',
    SECRET_KEY: 'profile-secret-key-0123456789abcdef0123456789',
    LOG_LEVEL: 'warn',
  };
  if (mariadb) cli(env, ['migrate']);
  const demo = cli(env, ['seed:demo', '--plan', 'enterprise']);
  const flags = profiling ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  const service = spawn(process.execPath, [...flags, 'dist/src/main.js'], {
    cwd: root,
    env: { ...process.env, ...env, ...(ingesting ? { ROLE: 'api,webhook' } : {}) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const api = 'http://127.0.0.1:3995';
  const auth = { authorization: `Bearer ${demo.api_key}`, 'content-type': 'application/json' };
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${api}/v2/account`, { headers: auth }).then((r) => r.ok, () => false)) break;
    await sleep(200);
  }
  if (listing) return listAgents({ api, auth, service, db });
  if (syncing) return syncTriggers({ api, auth, service, db, agentId: demo.agent_id });
  if (ingesting) return ingest({ service, db, webhookUrl: demo.webhook_url });
  const target = workflow ? await createWorkflowAgent(api, auth) : { id: demo.agent_id, webhook_url: demo.webhook_url };
  if (flowing) {
    const patched = await fetch(`${api}/v2/agents/${target.id}`, { method: 'PATCH', headers: auth, body: JSON.stringify({ flow: { concurrency: { limit: 1000 } } }) });
    if (!patched.ok) throw new Error(`PATCH flow: ${patched.status} ${await patched.text()}`);
  }
  // Called once the requests are answered: every acknowledged run is in the table by then.
  const drained = async () => {
    while ((await db.pending(target.id)) > 0) await sleep(50);
  };
  await fire(target.webhook_url, 500); // warm-up
  await drained();
  const dbPid = mariadb ? serverPid() : null;
  const cpu0 = [cpuMs(service.pid), dbPid && cpuMs(dbPid)];
  const t0 = Date.now();
  await fire(target.webhook_url, count);
  await drained();
  const seconds = (Date.now() - t0) / 1000;
  const cpu1 = [cpuMs(service.pid), dbPid && cpuMs(dbPid)];
  const perRun = (i) => ((cpu1[i] - cpu0[i]) / count).toFixed(3);
  console.log(`measured phase: service CPU ${perRun(0)} ms/run${dbPid ? `, MariaDB server CPU ${perRun(1)} ms/run (server-wide)` : ''}`);
  service.kill('SIGTERM');
  await new Promise((resolve) => service.once('exit', resolve));
  await db.drop();
  if (!profiling) {
    console.log(`${workflow ? 'workflow' : 'plain'} agent${flowing ? ' with flow' : ''}, ${mariadb ? 'MariaDB' : 'SQLite'}: ${count} runs in ${seconds.toFixed(2)} s (${Math.round(count / seconds)}/s)`);
    return;
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  summarise(JSON.parse(readFileSync(join(dir, file), 'utf8')), seconds);
  console.log(`\nprofile: ${join(dir, file)}`);
}

/** `--list`: 99 more agents, then a page of 100 as the bench's list row asks it. */
async function listAgents({ api, auth, service, db }) {
  await createAgents(api, auth, 99);
  const url = `${api}/v2/agents?per_page=100`;
  await autocannon({ url, headers: auth, connections: 10, duration: 3 });
  const cpu0 = cpuMs(service.pid);
  const result = await autocannon({ url, headers: auth, connections: 10, duration: 10 });
  const requests = result.requests.total;
  const cpu = (cpuMs(service.pid) - cpu0) / requests;
  service.kill('SIGTERM');
  await new Promise((resolve) => service.once('exit', resolve));
  await db.drop();
  console.log(`GET /v2/agents (100 agents), ${mariadb ? 'MariaDB' : 'SQLite'}: ${result.requests.average} req/s, service CPU ${cpu.toFixed(3)} ms/request (${result.non2xx} non-2xx)`);
  if (!profiling) return;
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  summarise(JSON.parse(readFileSync(join(dir, file), 'utf8')), 10, requests);
  console.log(`\nprofile: ${join(dir, file)}`);
}

/** `--ingest`: webhooks at 50 connections, acknowledged and left queued (no worker here). */
async function ingest({ service, db, webhookUrl }) {
  await fire(webhookUrl, 20000); // warm-up
  const cpu0 = cpuMs(service.pid);
  const t0 = Date.now();
  await fire(webhookUrl, count);
  const seconds = (Date.now() - t0) / 1000;
  const cpu = (cpuMs(service.pid) - cpu0) / count;
  service.kill('SIGTERM');
  await new Promise((resolve) => service.once('exit', resolve));
  await db.drop();
  console.log(`webhook ingest without the worker, ${mariadb ? 'MariaDB' : 'SQLite'}: ${Math.round(count / seconds)} acks/s, service CPU ${cpu.toFixed(3)} ms/ack`);
  if (!profiling) return;
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  summarise(JSON.parse(readFileSync(join(dir, file), 'utf8')), seconds, count + 20000);
  console.log(`\nprofile: ${join(dir, file)}`);
}

/**
 * `--sync`: synchronous triggers one after the other over one keep-alive connection, as the
 * bench's sync row sends them (2,500 first, not counted: the JIT), then `count` measured.
 */
async function syncTriggers({ api, auth, service, db, agentId }) {
  const client = sequentialClient();
  const url = `${api}/v2/agents/${agentId}/trigger`;
  const body = JSON.stringify({ input: JSON.parse(LEAD), options: { async: false } });
  const latencies = [];
  const overheads = [];
  const trigger = async () => {
    const t = performance.now();
    const res = await client.send(url, { method: 'POST', headers: auth, body });
    if (res.status !== 200) throw new Error(`a sync trigger answered ${res.status}`);
    latencies.push(performance.now() - t);
    overheads.push(latencies.at(-1) - (JSON.parse(res.body).duration_ms ?? 0));
  };
  for (let i = 0; i < 2500; i++) await trigger();
  latencies.length = 0;
  overheads.length = 0;
  const dbPid = mariadb ? serverPid() : null;
  const cpu0 = [cpuMs(service.pid), dbPid && cpuMs(dbPid)];
  for (let i = 0; i < count; i++) await trigger();
  const perTrigger = (i, pid) => ((cpuMs(pid) - cpu0[i]) / count).toFixed(3);
  const cpu = `service CPU ${perTrigger(0, service.pid)} ms/trigger${dbPid ? `, MariaDB server CPU ${perTrigger(1, dbPid)}` : ''}`;
  client.close();
  service.kill('SIGTERM');
  await new Promise((resolve) => service.once('exit', resolve));
  await db.drop();
  const p = (values, q) => values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((q / 100) * values.length))].toFixed(2);
  console.log(`sync triggers, ${mariadb ? 'MariaDB' : 'SQLite'}: round trip p50 ${p(latencies, 50)} ms, overhead p50 ${p(overheads, 50)} ms, p90 ${p(overheads, 90)} ms (${count} measured); ${cpu}`);
  if (!profiling) return;
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  summarise(JSON.parse(readFileSync(join(dir, file), 'utf8')), 0, count + 2500);
  console.log(`\nprofile: ${join(dir, file)}`);
}

/** Self time by function and by package (own code by file); `units`: runs or requests. */
function summarise(profile, seconds, units = count + 500) {
  const self = new Map(profile.nodes.map((node) => [node.id, 0]));
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], self.get(profile.samples[i]) + (dt[i] ?? 0));
  const byFunction = new Map();
  const byPlace = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id);
    if (!us) continue;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const place = placeOf(url);
    const key = `${functionName || '(anonymous)'} ${place}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  const print = (title, map, n) => {
    console.log(`\n${title}`);
    for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
      const perRun = (us / units).toFixed(1).padStart(6);
      console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${perRun} µs/${unit}  ${key}`);
    }
  };
  const unit = listing ? 'request' : syncing ? 'trigger' : ingesting ? 'ack' : 'run';
  const busy = (total - (byFunction.get('(idle) (native):0') ?? 0)) / units / 1000;
  if (ingesting) {
    console.log(`CPU per ack (all ${units}, the process's start and the warm-up included): ${busy.toFixed(3)} ms`);
  } else if (syncing) {
    console.log(`CPU per trigger (all ${units}, the process's start included): ${busy.toFixed(3)} ms`);
  } else if (listing) {
    console.log(`CPU per request (the ${units} measured; the process's start, the agents' creation and the warm-up included): ${busy.toFixed(3)} ms`);
  } else {
    console.log(`${workflow ? 'workflow' : 'plain'} agent${flowing ? ' with flow' : ''}, ${mariadb ? 'MariaDB' : 'SQLite'}: ${count} runs in ${seconds.toFixed(2)} s (${Math.round(count / seconds)}/s); profile covers the whole process`);
    console.log(`CPU per run (all ${units} runs, the process's start included): ${busy.toFixed(3)} ms`);
  }
  print('self time by package (own code by file)', byPlace, 25);
  print('self time by function', byFunction, Number(process.env.PROFILE_TOP || 30));
}

function placeOf(url) {
  if (!url) return '(native)';
  const path = url.replace(/^file:\/\//, '');
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (module) return module[1];
  if (path.startsWith('node:')) return path;
  return relative(root, path);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// What the bench scripts share: the lead every webhook posts, a process's CPU time and RSS,
// percentiles, the built service on free ports (start, stop, its CLI), the agents of the list
// row and the client of the single-request rows.
'use strict';
const { spawn, execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const { join } = require('node:path');

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

/** Creates `count` more agents (`Agent 1` …) through the API: the page of the list row. */
async function createAgents(api, auth, count) {
  for (let i = 1; i <= count; i++) {
    const res = await fetch(`${api}/v2/agents`, { method: 'POST', headers: auth, body: JSON.stringify({ name: `Agent ${i}` }) });
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
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

module.exports = {
  LEAD,
  cli,
  cpuMs,
  createAgents,
  freePorts,
  msOf,
  percentile,
  rssMb,
  sequentialClient,
  sleep,
  startService,
  stopService,
};

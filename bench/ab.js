#!/usr/bin/env node
// This build against a baseline commit, row by row, alternating the two builds in one run
// (`npm run bench -- --baseline <commit> [--quick]`, or `node bench/ab.js --baseline <commit>`).
//
// The baseline commit is checked out in a temporary git work tree, which shares this tree's
// node_modules when its package-lock.json is the same (otherwise it gets its own `npm ci`;
// `--shared-modules` links them anyway, for a commit whose lock differs only in packages it does
// not load), and built with its own `npm run build`. Each row then runs once on each build, a
// fresh process each time, for --rounds rounds (3; --quick: 2), each build first in every
// other round, on SQLite:
//
//   end to end   --count webhooks (1,000; --quick 500) at 50 connections to the seeded
//                lead-qualification agent until none is queued or running, after as many
//                not counted; service CPU ms per execution, executions/s
//   ingest       webhooks acknowledged by a process without the worker (ROLE=api,webhook),
//                5,000 (quick 2,000) after 5,000 not counted; service CPU ms per ack, acks/s
//   agent list   GET /v2/agents?per_page=100 with 100 agents, 10 connections, 5 s (quick 3 s)
//                after 3 s; service CPU ms per request, requests/s
//
// Each row prints the medians of both builds and their ratio (current / baseline) for CPU per
// unit of work and for the rate; a CPU ratio of 1.10 or more, or a rate ratio of 0.90 or less,
// is flagged. CPU per unit is the figure to trust on a busy machine; a rate only on a quiet one.
// The work tree is removed at the end. Run `npm run build` first (scripts/bench.js does).
'use strict';
const { spawn, execFileSync } = require('node:child_process');
const { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const autocannon = require('autocannon');
const Database = require('better-sqlite3');
const { LEAD, cpuMs, createAgents } = require('./common');

const root = join(__dirname, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const quick = args.includes('--quick');
const commit = option('--baseline');
const rounds = Number(option('--rounds', quick ? 2 : 3));
const count = Number(option('--count', quick ? 500 : 1000));
/** Link this tree's node_modules even though the lock files differ (runtime packages alike). */
const sharedModules = args.includes('--shared-modules');
const only = option('--rows', 'e2e,ingest,list').split(',');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (msg) => process.stderr.write(`[bench:baseline] ${msg}\n`);
const SECRET_KEY = 'baseline-secret-key-0123456789abcdef0123456789';
/** The services started and not yet stopped. */
const running = new Set();
/** A CPU ratio at or above this, or a rate ratio at or below its inverse, is flagged. */
const FLAG = 1.1;

/** Runs a command to its end without blocking the event loop (a signal is heard meanwhile). */
function run(command, commandArgs, cwd) {
  return new Promise((resolve, reject) => {
    // Its own process group, so that an interruption stops what it started (npm → tsc) too.
    const child = spawn(command, commandArgs, {
      cwd,
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
    child.group = true;
    running.add(child);
    child.once('error', reject);
    child.once('exit', (code) => {
      running.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${commandArgs.join(' ')} exited with ${code}`));
    });
  });
}

/**
 * A work tree of `ref` under the temp directory, built. `cleanup.remove` removes it, also when
 * the process is interrupted meanwhile.
 */
async function checkout(ref, cleanup) {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: root })
    .toString()
    .trim();
  const dir = join(mkdtempSync(join(os.tmpdir(), 'aas-baseline-')), sha.slice(0, 8));
  execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { cwd: root, stdio: 'ignore' });
  cleanup.remove = () => {
    cleanup.remove = () => {};
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
    rmSync(join(dir, '..'), { recursive: true, force: true });
  };
  const lock = (cwd) => readFileSync(join(cwd, 'package-lock.json'), 'utf8');
  if (lock(dir) === lock(root) || sharedModules) {
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  } else {
    log(`${sha.slice(0, 8)}: its package-lock.json differs, npm ci (its own node_modules)`);
    await run('npm', ['ci', '--no-audit', '--no-fund'], dir);
  }
  log(`${sha.slice(0, 8)}: npm run build`);
  await run('npm', ['run', 'build'], dir);
  return { dir, sha };
}

/** Starts the built service of `dir` on a fresh SQLite file, seeded with the demo account. */
async function start(dir, port, extraEnv = {}) {
  const data = mkdtempSync(join(os.tmpdir(), 'aas-ab-'));
  const path = join(data, 'bench.sqlite');
  const env = {
    ...process.env,
    DATABASE_PATH: path,
    PORT: String(port),
    WEBHOOK_PORT: String(port + 1),
    WEBHOOK_BASE_URL: `http://127.0.0.1:${port + 1}`,
    SECRET_KEY,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const seed = execFileSync(
    process.execPath,
    [join(dir, 'dist/src/cli/main.js'), 'seed:demo', '--plan', 'enterprise'],
    {
      cwd: dir,
      env: { ...env, LOG_LEVEL: 'silent' },
    },
  );
  const demo = JSON.parse(seed.toString());
  const child = spawn(process.execPath, ['--v8-pool-size=0', 'dist/src/main.js'], {
    cwd: dir,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const api = `http://127.0.0.1:${port}`;
  const auth = { authorization: `Bearer ${demo.api_key}`, 'content-type': 'application/json' };
  for (let i = 0; ; i++) {
    if (
      await fetch(`${api}/v2/account`, { headers: auth }).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 300 || child.exitCode !== null) throw new Error(`the service of ${dir} did not start`);
    await sleep(200);
  }
  let pending;
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    rmSync(data, { recursive: true, force: true });
  };
  const backlog = () => {
    pending ??= new Database(path, { readonly: true })
      .prepare(
        "SELECT COUNT(*) FROM executions WHERE agent_id = ? AND status IN ('queued', 'running')",
      )
      .pluck();
    return pending.get(demo.agent_id);
  };
  return { pid: child.pid, api, auth, demo, stop, backlog };
}

const fire = (url, amount) =>
  autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: LEAD,
    connections: 50,
    amount,
  });

/** One measurement of a row on the build in `dir`: { cpu: ms per unit, rate: units/s }. */
const ROWS = {
  e2e: {
    title: `end to end (${count} webhooks → final)`,
    unit: 'execution',
    async measure(dir, port) {
      const s = await start(dir, port);
      try {
        const drained = async () => {
          while (s.backlog() > 0) await sleep(20);
        };
        await fire(s.demo.webhook_url, count);
        await drained();
        const cpu0 = cpuMs(s.pid);
        const t0 = Date.now();
        const result = await fire(s.demo.webhook_url, count);
        await drained();
        if (result.non2xx) throw new Error(`${result.non2xx} webhooks were not acknowledged`);
        return { cpu: (cpuMs(s.pid) - cpu0) / count, rate: (count / (Date.now() - t0)) * 1000 };
      } finally {
        await s.stop();
      }
    },
  },
  ingest: {
    title: 'webhook ingest, no worker in the process',
    unit: 'ack',
    async measure(dir, port) {
      const amount = quick ? 2000 : 5000;
      const s = await start(dir, port, { ROLE: 'api,webhook' });
      try {
        await fire(s.demo.webhook_url, amount);
        const cpu0 = cpuMs(s.pid);
        const t0 = Date.now();
        const result = await fire(s.demo.webhook_url, amount);
        return {
          cpu: (cpuMs(s.pid) - cpu0) / result['2xx'],
          rate: (result['2xx'] / (Date.now() - t0)) * 1000,
        };
      } finally {
        await s.stop();
      }
    },
  },
  list: {
    title: 'GET /v2/agents, a page of 100',
    unit: 'request',
    async measure(dir, port) {
      const s = await start(dir, port);
      try {
        await createAgents(s.api, s.auth, 99);
        const url = `${s.api}/v2/agents?per_page=100`;
        await autocannon({ url, headers: s.auth, connections: 10, duration: 3 });
        const cpu0 = cpuMs(s.pid);
        const result = await autocannon({
          url,
          headers: s.auth,
          connections: 10,
          duration: quick ? 3 : 5,
        });
        if (result.non2xx) throw new Error(`${result.non2xx} pages were not 200`);
        return {
          cpu: (cpuMs(s.pid) - cpu0) / result.requests.total,
          rate: result.requests.average,
        };
      } finally {
        await s.stop();
      }
    },
  },
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  if (!commit)
    throw new Error(
      'usage: node bench/ab.js --baseline <commit> [--quick] [--rounds N] [--count N] [--rows e2e,ingest,list]',
    );
  if (!existsSync(join(root, 'dist/src/main.js'))) throw new Error('run `npm run build` first');
  const cleanup = { remove: () => {} };
  // Interrupted: the commands and services under way and the work tree go too.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      for (const child of running) {
        if (child.group) process.kill(-child.pid, 'SIGTERM');
        else child.kill('SIGTERM');
      }
      cleanup.remove();
      process.exit(130);
    });
  }
  let base;
  try {
    base = await checkout(commit, cleanup);
  } catch (error) {
    cleanup.remove();
    throw error;
  }
  const current = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
    .toString()
    .trim();
  const lines = [];
  try {
    for (const name of only) {
      const row = ROWS[name];
      if (!row) throw new Error(`unknown row ${name}`);
      const figures = { baseline: [], current: [] };
      for (let round = 1; round <= rounds; round++) {
        // Each build goes first in every other round: neither gains from always following.
        const order = round % 2 ? ['baseline', 'current'] : ['current', 'baseline'];
        log(`${row.title}: round ${round} of ${rounds}, ${order.join(' then ')}`);
        for (const build of order) {
          figures[build].push(
            await row.measure(
              build === 'baseline' ? base.dir : root,
              build === 'baseline' ? 4310 : 4300,
            ),
          );
        }
      }
      const cpu = {
        baseline: median(figures.baseline.map((f) => f.cpu)),
        current: median(figures.current.map((f) => f.cpu)),
      };
      const rate = {
        baseline: median(figures.baseline.map((f) => f.rate)),
        current: median(figures.current.map((f) => f.rate)),
      };
      const cpuRatio = cpu.current / cpu.baseline;
      const rateRatio = rate.current / rate.baseline;
      const flag = cpuRatio >= FLAG || rateRatio <= 1 / FLAG ? ' ← costs 10 % or more' : '';
      lines.push(
        `| ${row.title} | ${cpu.baseline.toFixed(3)} | ${cpu.current.toFixed(3)} | ${cpuRatio.toFixed(2)} × | ` +
          `${Math.round(rate.baseline)} | ${Math.round(rate.current)} | ${rateRatio.toFixed(2)} ×${flag} |`,
      );
      log(lines.at(-1));
    }
  } finally {
    cleanup.remove();
  }
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
  console.log(
    `\n${current} against ${base.sha.slice(0, 8)} on SQLite, medians of ${rounds} alternating rounds (load average ${load})\n`,
  );
  console.log(
    '| row | CPU ms per unit, baseline | current | ratio | rate /s, baseline | current | ratio |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const line of lines) console.log(line);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// Schedules under load (docs/schedules.md): 1,000 schedules firing every 10 s on one process
// (SQLite): the lateness of each execution's `created_at` after its `scheduled_for` (p50, p99,
// max), duplicates and misses over the window, and the process's CPU per fire; then 10,000
// daily schedules at rest: the CPU share and RSS they add. With `--bullmq` instead: the same
// fire rate on BullMQ (BENCH_REDIS_URL, alone also REDIS_URL) with one `api,webhook` process
// and two `worker` processes, whose schedulers compete for the fires, on a fresh database of
// the MariaDB server of BENCH_DATABASE_URL when set, else on one SQLite file shared by the
// three (workers have no /metrics: how the fires split between them is not told). A part of
// `npm run bench` (its last rows; the BullMQ ones with BENCH_REDIS_URL), or alone: `node
// bench/schedules.js [--quick] [--bullmq]` (build first). It reports; it never fails on a
// threshold.
'use strict';
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const {
  cli: runCli,
  cpuMs,
  freePorts,
  msOf,
  percentile,
  root,
  rssMb,
  sleep,
  startService,
  stopService,
} = require('./common');

const SCHEDULES = 1000;
const IDLE_SCHEDULES = 10_000;
const PER_AGENT = 50;

const log = (...args) => console.error('[bench:schedules]', ...args);

/**
 * The built service with ROLE=worker (`env` over this process's), once it says it started: it
 * has no listener whose /health startService could wait for.
 */
async function startWorker(env) {
  const child = spawn(process.execPath, ['--v8-pool-size=0', 'dist/src/main.js'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, ROLE: 'worker' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const read = (chunk) => (output += chunk);
  child.stdout.on('data', read);
  const deadline = Date.now() + 60_000;
  while (!output.includes('agent automation service started')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the worker did not start: ${output}`);
    }
    await sleep(50);
  }
  child.stdout.off('data', read);
  child.stdout.resume(); // the rest of its output is not kept
  return child;
}

/**
 * The processes of a mode, and the database they share: `embedded`, one process (ROLE=all) on
 * SQLite; `bullmq`, on Redis (`redisUrl`), one `api,webhook` process and two `worker`
 * processes (each runs a scheduler) on a fresh database of the MariaDB server `databaseUrl`
 * (dropped afterwards), or without one on a SQLite file the three share.
 */
async function startProcesses({ mode, ports, dir, redisUrl, databaseUrl }) {
  const env = {
    DATABASE_PATH: join(dir, 'bench.sqlite'),
    DATABASE_URL: '',
    REDIS_URL: '',
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
  };
  let dropDatabase = async () => {};
  let dropKeys = async () => {};
  if (mode === 'bullmq') {
    if (!redisUrl) throw new Error('the bullmq mode needs a Redis URL (BENCH_REDIS_URL or REDIS_URL)');
    const prefix = `aas-bench-sched-${randomBytes(4).toString('hex')}`;
    Object.assign(env, { REDIS_URL: redisUrl, QUEUE_PREFIX: prefix, THROTTLE_KEY_PREFIX: `${prefix}-rl` });
    // What the run left in Redis under its prefixes (queue metadata, events, rate counters).
    dropKeys = async () => {
      const Redis = require('ioredis');
      const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await redis.connect();
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
          if (keys.length > 0) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    };
    if (databaseUrl) {
      const mysql = require('mysql2/promise');
      const name = `bench_sched_${Date.now()}`;
      const admin = await mysql.createConnection({ uri: databaseUrl.replace(/^mariadb:/, 'mysql:') });
      await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      dropDatabase = async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      };
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
    }
  }
  const cli = (args) => runCli(env, args);
  const processes = [];
  try {
    if (env.DATABASE_URL) cli(['migrate']);
    const listeners = { PORT: String(ports[0]), WEBHOOK_PORT: String(ports[1]) };
    if (mode === 'embedded') {
      processes.push({ name: 'service', child: await startService({ ...env, ...listeners, ROLE: 'all' }) });
    } else {
      // The front first: on SQLite it creates and migrates the file the workers then open.
      processes.push({ name: 'api,webhook', child: await startService({ ...env, ...listeners, ROLE: 'api,webhook' }) });
      for (const n of [1, 2]) {
        // A worker binds no port; PORT only has to be valid.
        processes.push({ name: `worker ${n}`, child: await startWorker({ ...env, ...listeners }) });
      }
    }
  } catch (error) {
    await Promise.all(processes.map(({ child }) => stopService(child)));
    await dropDatabase();
    await dropKeys();
    throw error;
  }
  return {
    env,
    cli,
    processes,
    database: env.DATABASE_URL ? 'MariaDB' : 'SQLite',
    close: async () => {
      await Promise.all(processes.map(({ child }) => stopService(child)));
      await dropDatabase();
      await dropKeys();
    },
  };
}

/** The schedule fires stored (schedule id, nominal time, creation time in ms), from either database. */
async function readFires(env) {
  const sql = "SELECT schedule_id, scheduled_for, created_at FROM executions WHERE source = 'schedule'";
  let rows;
  if (env.DATABASE_URL) {
    // DATETIME(3) as text: the service writes UTC.
    const mysql = require('mysql2/promise');
    const conn = await mysql.createConnection({ uri: env.DATABASE_URL, dateStrings: true });
    try {
      [rows] = await conn.query(sql);
    } finally {
      await conn.end();
    }
  } else {
    const Database = require('better-sqlite3');
    const db = new Database(env.DATABASE_PATH, { readonly: true });
    db.pragma('busy_timeout = 10000');
    rows = db.prepare(sql).all();
    db.close();
  }
  return rows.map((row) => ({ id: row.schedule_id, at: msOf(row.scheduled_for), created: msOf(row.created_at) }));
}

/**
 * The schedule rows: `quick` measures the fires for 30 s instead of two minutes. `mode`:
 * `embedded` (one process on SQLite; then the daily schedules at rest) or `bullmq` (the fires
 * only; see startProcesses). The service listens on `port` and the next one, or on two free
 * ports.
 */
async function measureSchedules({ quick = false, port, mode = 'embedded', redisUrl = null, databaseUrl = null } = {}) {
  const ports = port ? [port, port + 1] : await freePorts(2);
  /** How long the fires are measured, and how long the idle schedules are watched. */
  const WINDOW_S = quick ? 30 : 120;
  const IDLE_S = quick ? 10 : 30;
  const dir = mkdtempSync(join(os.tmpdir(), 'aas-bench-schedules-'));
  let started = null;
  try {
    started = await startProcesses({ mode, ports, dir, redisUrl, databaseUrl });
    const { env, cli, processes, database } = started;
    const service = processes[0].child;
    const api = `http://127.0.0.1:${ports[0]}/v2`;
    const demo = cli(['seed:demo', '--plan', 'enterprise']);
    const auth = { authorization: `Bearer ${demo.api_key}`, 'content-type': 'application/json' };
    const call = async (method, path, body) => {
      const res = await fetch(`${api}${path}`, { method, headers: auth, body: body && JSON.stringify(body) });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    };
    log(`${mode}: creating ${SCHEDULES} schedules (*/10 * * * * *) on ${SCHEDULES / PER_AGENT} agents`);
    for (let a = 0; a < SCHEDULES / PER_AGENT; a++) {
      const agent = await call('POST', '/agents', { name: `Scheduled ${a}` });
      await Promise.all(
        Array.from({ length: PER_AGENT }, () =>
          call('POST', `/agents/${agent.id}/schedules`, {
            cron: '*/10 * * * * *',
            overlap: 'allow',
            catch_up: 'none',
            input: { email: 'lead@acme.io', company: 'Acme' },
          }),
        ),
      );
    }
    // The window: whole 10 s periods, starting with the second one after the creation.
    const from = Math.ceil(Date.now() / 10_000) * 10_000 + 10_000;
    const to = from + WINDOW_S * 1000;
    await sleep(from - Date.now() - 200);
    const cpu0 = processes.map(({ child }) => cpuMs(child.pid));
    const peakRss = processes.map(() => 0);
    const sampler = setInterval(() => {
      processes.forEach(({ child }, i) => (peakRss[i] = Math.max(peakRss[i], rssMb(child.pid))));
    }, 500);
    await sleep(to - Date.now() - 200);
    const cpu = processes.map(({ child }, i) => cpuMs(child.pid) - cpu0[i]);
    clearInterval(sampler);
    await sleep(3000); // the last period's fires land

    const rows = (await readFires(env)).filter((row) => row.at >= from && row.at < to);
    const pairs = new Set(rows.map((row) => `${row.id} ${row.at}`));
    const expected = SCHEDULES * (WINDOW_S / 10);
    const lateness = rows.map((row) => row.created - row.at);
    const perFire = (ms) => +(ms / Math.max(1, rows.length)).toFixed(3);
    const fires = {
      mode,
      database,
      window_s: WINDOW_S,
      expected,
      stored: rows.length,
      duplicates: rows.length - pairs.size,
      misses: expected - pairs.size,
      lateness_p50_ms: percentile(lateness, 50),
      lateness_p99_ms: percentile(lateness, 99),
      lateness_max_ms: Math.max(...lateness),
      cpu_ms_per_fire: perFire(cpu.reduce((a, b) => a + b, 0)),
      peak_rss_mb: Math.max(...peakRss),
      processes: processes.map(({ name }, i) => ({ name, cpu_ms_per_fire: perFire(cpu[i]), peak_rss_mb: peakRss[i] })),
    };
    log(`${mode}: fires`, JSON.stringify(fires));
    const firesRows = (title) => [
      `| ${title} | figure |`,
      `|---|---|`,
      `| ${SCHEDULES} schedules every 10 s for ${WINDOW_S} s: lateness of created_at after scheduled_for, p50 / p99 / max | ${fires.lateness_p50_ms} / ${fires.lateness_p99_ms} / ${fires.lateness_max_ms} ms |`,
      `| duplicates / misses (of ${expected}) | ${fires.duplicates} / ${fires.misses} |`,
    ];
    if (mode === 'bullmq') {
      // Workers have no listener, hence no /metrics: how the fires split between them is not told.
      const split = fires.processes.map((p) => `${p.name} ${p.cpu_ms_per_fire}`).join(', ');
      const markdown = [
        ...firesRows(`schedules (BullMQ, ${database}: one api,webhook process, two worker processes)`),
        `| CPU per fire, the three processes together (each) | ${fires.cpu_ms_per_fire} ms (${split}) |`,
      ].join('\n');
      return { fires, markdown };
    }

    // At rest: the firing schedules disabled, 10,000 daily ones (inserted as the API stores them).
    const Database = require('better-sqlite3');
    const rw = new Database(env.DATABASE_PATH);
    rw.pragma('busy_timeout = 10000');
    rw.prepare('UPDATE schedules SET enabled = 0, next_run_at = NULL, next_fire_at = NULL').run();
    // The process at rest without schedules due, then with the 10,000 daily ones.
    await sleep(3000);
    const base0 = cpuMs(service.pid);
    await sleep(IDLE_S * 1000);
    const baseCpu = ((cpuMs(service.pid) - base0) / (IDLE_S * 1000)) * 100;
    const baseRss = rssMb(service.pid);
    const agents = [];
    for (let a = 0; a < IDLE_SCHEDULES / PER_AGENT; a++) {
      agents.push((await call('POST', '/agents', { name: `Daily ${a}` })).id);
    }
    const account = rw.prepare('SELECT account_id FROM agents WHERE id = ?').get(agents[0]).account_id;
    const next = new Date();
    next.setUTCHours(3, 0, 0, 0);
    if (next.getTime() <= Date.now()) next.setUTCDate(next.getUTCDate() + 1);
    const stamp = next.toISOString().replace('T', ' ').replace('Z', '');
    const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
    const insert = rw.prepare(
      `INSERT INTO schedules (id, account_id, agent_id, cron, timezone, input, overlap, catch_up, jitter_ms, enabled, external_id, next_run_at, next_fire_at, claimed_by, last_fired_at, last_execution_id, created_at, updated_at)
       VALUES (?, ?, ?, '0 3 * * *', 'UTC', '{}', 'skip', 'last', 0, 1, NULL, ?, ?, NULL, NULL, NULL, ?, ?)`,
    );
    rw.transaction(() => {
      for (let i = 0; i < IDLE_SCHEDULES; i++) {
        const id = `sch_bench${String(i).padStart(21, '0')}`;
        insert.run(id, account, agents[Math.floor(i / PER_AGENT)], stamp, stamp, now, now);
      }
    })();
    rw.close();
    await sleep(3000);
    const idle0 = cpuMs(service.pid);
    await sleep(IDLE_S * 1000);
    const idle1 = cpuMs(service.pid);
    const idleCpu = ((idle1 - idle0) / (IDLE_S * 1000)) * 100;
    const idle = {
      schedules: IDLE_SCHEDULES,
      cpu_percent: +idleCpu.toFixed(2),
      cpu_percent_without: +baseCpu.toFixed(2),
      cpu_percent_added: +(idleCpu - baseCpu).toFixed(2),
      rss_mb: rssMb(service.pid),
      rss_mb_without: baseRss,
    };
    log('idle', JSON.stringify(idle));
    const markdown = [
      ...firesRows('schedules (SQLite, one process)'),
      `| CPU per fire | ${fires.cpu_ms_per_fire} ms |`,
      `| ${IDLE_SCHEDULES} daily schedules at rest: CPU added, RSS added | ${idle.cpu_percent_added} % of a core (${idle.cpu_percent_without} → ${idle.cpu_percent}), ${idle.rss_mb - idle.rss_mb_without} MB (${idle.rss_mb_without} → ${idle.rss_mb}) |`,
    ].join('\n');
    return { fires, idle, markdown };
  } finally {
    await started?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { measureSchedules };

if (require.main === module) {
  const bullmq = process.argv.includes('--bullmq');
  const options = bullmq
    ? {
        mode: 'bullmq',
        redisUrl: process.env.BENCH_REDIS_URL || process.env.REDIS_URL,
        databaseUrl: process.env.BENCH_DATABASE_URL,
      }
    : {};
  measureSchedules({ quick: process.argv.includes('--quick'), ...options })
    .then(({ markdown }) => {
      console.log(markdown);
      process.exit(0);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}

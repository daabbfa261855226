// Schedules under load (docs/schedules.md): 1,000 schedules firing every 10 s on one process
// (SQLite): the lateness of each execution's `created_at` after its `scheduled_for` (p50, p99,
// max), duplicates and misses over the window, and the process's CPU per fire; then 10,000
// daily schedules at rest: the CPU share and RSS they add. A part of `npm run bench` (after
// the database rows), or alone: `node bench/schedules.js [--quick]` (build first). It reports; it
// never fails on a threshold.
'use strict';
const { mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const {
  cli: runCli,
  cpuMs,
  msOf,
  percentile,
  rssMb,
  sleep,
  startService,
  stop,
} = require('./common');

const SCHEDULES = 1000;
const IDLE_SCHEDULES = 10_000;
const PER_AGENT = 50;

const log = (...args) => console.error('[bench:schedules]', ...args);

/** The schedule rows: `quick` measures the fires for 30 s instead of two minutes. */
async function measureSchedules({ quick = false, port = 3977 } = {}) {
  /** How long the fires are measured, and how long the idle schedules are watched. */
  const WINDOW_S = quick ? 30 : 120;
  const IDLE_S = quick ? 10 : 30;
  const dir = mkdtempSync(join(os.tmpdir(), 'aas-bench-schedules-'));
  const env = {
    DATABASE_PATH: join(dir, 'bench.sqlite'),
    PORT: String(port),
    WEBHOOK_PORT: String(port + 1),
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
  };
  const cli = (args) => runCli(env, args);
  const service = await startService(env);
  const api = `http://127.0.0.1:${env.PORT}/v2`;
  try {
    const demo = cli(['seed:demo', '--plan', 'enterprise']);
    const auth = { authorization: `Bearer ${demo.api_key}`, 'content-type': 'application/json' };
    const call = async (method, path, body) => {
      const res = await fetch(`${api}${path}`, {
        method,
        headers: auth,
        body: body && JSON.stringify(body),
      });
      if (res.status >= 300)
        throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    };
    log(`creating ${SCHEDULES} schedules (*/10 * * * * *) on ${SCHEDULES / PER_AGENT} agents`);
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
    const cpu0 = cpuMs(service.pid);
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(service.pid))), 500);
    await sleep(to - Date.now() - 200);
    const cpu1 = cpuMs(service.pid);
    clearInterval(sampler);
    await sleep(3000); // the last period's fires land

    const Database = require('better-sqlite3');
    const db = new Database(env.DATABASE_PATH, { readonly: true });
    db.pragma('busy_timeout = 10000');
    const rows = db
      .prepare(
        "SELECT schedule_id, scheduled_for, created_at FROM executions WHERE source = 'schedule'",
      )
      .all()
      .map((row) => ({
        id: row.schedule_id,
        at: msOf(row.scheduled_for),
        created: msOf(row.created_at),
      }))
      .filter((row) => row.at >= from && row.at < to);
    const pairs = new Set(rows.map((row) => `${row.id} ${row.at}`));
    const expected = SCHEDULES * (WINDOW_S / 10);
    const lateness = rows.map((row) => row.created - row.at);
    const fires = {
      window_s: WINDOW_S,
      expected,
      stored: rows.length,
      duplicates: rows.length - pairs.size,
      misses: expected - pairs.size,
      lateness_p50_ms: percentile(lateness, 50),
      lateness_p99_ms: percentile(lateness, 99),
      lateness_max_ms: Math.max(...lateness),
      cpu_ms_per_fire: +((cpu1 - cpu0) / Math.max(1, rows.length)).toFixed(3),
      peak_rss_mb: peakRss,
    };
    db.close();
    log('fires', JSON.stringify(fires));

    // At rest: the firing schedules disabled, 10,000 daily ones (inserted as the API stores them).
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
    const account = rw
      .prepare('SELECT account_id FROM agents WHERE id = ?')
      .get(agents[0]).account_id;
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
    const cpu = ((idle1 - idle0) / (IDLE_S * 1000)) * 100;
    const idle = {
      schedules: IDLE_SCHEDULES,
      cpu_percent: +cpu.toFixed(2),
      cpu_percent_without: +baseCpu.toFixed(2),
      cpu_percent_added: +(cpu - baseCpu).toFixed(2),
      rss_mb: rssMb(service.pid),
      rss_mb_without: baseRss,
    };
    log('idle', JSON.stringify(idle));
    const markdown = [
      `| schedules (SQLite, one process) | figure |`,
      `|---|---|`,
      `| ${SCHEDULES} schedules every 10 s for ${WINDOW_S} s: lateness of created_at after scheduled_for, p50 / p99 / max | ${fires.lateness_p50_ms} / ${fires.lateness_p99_ms} / ${fires.lateness_max_ms} ms |`,
      `| duplicates / misses (of ${expected}) | ${fires.duplicates} / ${fires.misses} |`,
      `| CPU per fire | ${fires.cpu_ms_per_fire} ms |`,
      `| ${IDLE_SCHEDULES} daily schedules at rest: CPU added, RSS added | ${idle.cpu_percent_added} % of a core (${idle.cpu_percent_without} → ${idle.cpu_percent}), ${idle.rss_mb - idle.rss_mb_without} MB (${idle.rss_mb_without} → ${idle.rss_mb}) |`,
    ].join('\n');
    return { fires, idle, markdown };
  } finally {
    await stop(service);
    rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { measureSchedules };

if (require.main === module) {
  measureSchedules({ quick: process.argv.includes('--quick') })
    .then(({ markdown }) => {
      console.log(markdown);
      process.exit(0);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}

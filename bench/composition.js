// Agents as steps (docs/workflows.md, Agents as steps) on one process (SQLite): a parent
// workflow agent whose one step is an `agent` step calling a `lead-qualification` child.
// (a) A synchronous trigger of the parent against one of the child alone, one request at a
// time over one keep-alive connection, the two alternating: the parent's overhead (its time
// minus the child's, pair by pair), p50 and p99. A synchronous trigger answers 202 `waiting`
// as soon as its run waits, and the parent waits for its child, so the parent's time runs to
// its final record as a client gets it: the trigger, then `GET /v2/executions/:id` one after
// the other on the same connection until the record is final. The records' own created_at →
// completed_at are reported beside, free of that polling.
// (b) End to end: webhooks at 50 connections to the parent, timed to the last parent's
// completed_at, against the plain lead-qualification agent measured the same way, the two
// alternating (two rounds each): the parents' rate as a share of the plain agent's.
// A part of `npm run bench` (after the schedule rows), or alone: `node bench/composition.js
// [--quick]` (build first). It reports; it never fails on a threshold.
'use strict';
const { mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const autocannon = require('autocannon');
const {
  LEAD,
  cli,
  cpuMs,
  freePorts,
  msOf,
  percentile,
  sequentialClient,
  sleep,
  startService,
  stopService,
  runAlone,
} = require('./common');

const CONNECTIONS = 50;
/** As scripts/bench.js runs the service: the per-request log line is part of what is measured. */
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'info';
const FINAL = new Set(['completed', 'failed', 'cancelled']);
/** Targets (reported, never enforced). */
const TARGET = { overheadP50Ms: 3, e2eRatio: 0.45 };

const log = (...args) => console.error('[bench:composition]', ...args);
const round2 = (x) => +x.toFixed(2);

/** One statement of each: the parent's one step calls the child. */
const parentConfig = (childId) => ({
  steps: [{ id: 'qualify', type: 'agent', agent_id: childId }],
});

async function measureComposition({ quick = false } = {}) {
  /** Pairs (child alone, parent) counted; pairs before them not counted (JIT warm-up). */
  const PAIRS = quick ? 50 : 300;
  const WARMUP = { pairs: quick ? 100 : 1000, ms: quick ? 10_000 : 30_000 };
  /** Parents (and plain runs) end to end, in two rounds each. */
  const E2E = quick ? 200 : 2000;
  const drainMs = quick ? 60_000 : 300_000;

  const dir = mkdtempSync(join(os.tmpdir(), 'aas-bench-composition-'));
  const [port, webhookPort] = await freePorts(2);
  const env = {
    DATABASE_PATH: join(dir, 'bench.sqlite'),
    PORT: String(port),
    WEBHOOK_PORT: String(webhookPort),
    WEBHOOK_BASE_URL: `http://127.0.0.1:${webhookPort}`,
    BASE_URL: `http://127.0.0.1:${port}/v2`,
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
    LOG_LEVEL,
  };
  const service = await startService(env);
  const api = `http://127.0.0.1:${port}/v2`;
  const Database = require('better-sqlite3');
  let db;
  try {
    const demo = cli(env, ['seed:demo', '--plan', 'enterprise']);
    const auth = { authorization: `Bearer ${demo.api_key}`, 'content-type': 'application/json' };
    const create = async (body) => {
      const res = await fetch(`${api}/agents`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(body),
      });
      if (res.status !== 201)
        throw new Error(`creating an agent answered ${res.status} ${await res.text()}`);
      return res.json();
    };
    const child = await create({ name: 'Qualifier (child)' });
    const parent = await create({
      name: 'Router (parent)',
      kind: 'workflow',
      config: parentConfig(child.id),
    });
    db = new Database(env.DATABASE_PATH, { readonly: true });
    db.pragma('busy_timeout = 10000');

    log(
      `${PAIRS} pairs of synchronous triggers, child alone and parent, one connection (after up to ${WARMUP.pairs} pairs or ${WARMUP.ms / 1000} s)`,
    );
    const sync = await measurePairs({
      api,
      auth,
      db,
      child: child.id,
      parent: parent.id,
      pairs: PAIRS,
      warmup: WARMUP,
    });
    log('sync', JSON.stringify(sync));

    log(
      `end to end: ${E2E} webhooks to the plain agent and ${E2E} to the parent, at ${CONNECTIONS} connections, alternating in two rounds`,
    );
    const e2e = await measureEndToEnd({
      db,
      pid: service.pid,
      plain: demo,
      parent,
      count: E2E,
      drainMs,
    });
    log('e2e', JSON.stringify(e2e));

    const markdown = [
      `| agents as steps (SQLite, one process) | figure |`,
      `|---|---|`,
      `| sync trigger of the child alone, p50 / p99 (${sync.pairs} pairs, one connection, alternating) | ${sync.child_p50} / ${sync.child_p99} ms |`,
      `| sync trigger of the parent (one \`agent\` step) to its final record (202 \`waiting\`, then GETs), p50 / p99 | ${sync.parent_p50} / ${sync.parent_p99} ms (${sync.parent_gets_p50} GETs at p50) |`,
      `| parent overhead over the child alone, pair by pair, p50 / p99 (target p50 ≤ ${TARGET.overheadP50Ms} ms) | ${sync.overhead_p50} / ${sync.overhead_p99} ms ${sync.overhead_p50 <= TARGET.overheadP50Ms ? 'met' : 'NOT met'} |`,
      `| in the records, created_at → completed_at: parent / child alone, p50 / p99 | ${sync.record_parent_p50} / ${sync.record_parent_p99} ms; ${sync.record_child_p50} / ${sync.record_child_p99} ms |`,
      `| end to end, plain lead-qualification (2 × ${E2E / 2} webhooks → final, ${CONNECTIONS} conn), executions/s; CPU ms per execution | ${e2e.plain.per_second} (rounds ${e2e.plain.rounds.join(', ')})${e2e.plain.complete ? '' : ' INCOMPLETE'}; ${e2e.plain.cpu_ms_per_execution} |`,
      `| end to end, parents calling a child (2 × ${E2E / 2}, alternating with plain), parents/s; CPU ms per parent | ${e2e.parent.per_second} (rounds ${e2e.parent.rounds.join(', ')})${e2e.parent.complete ? '' : ' INCOMPLETE'}${e2e.parent.failed ? ` (${e2e.parent.failed} not completed)` : ''}; ${e2e.parent.cpu_ms_per_execution} |`,
      `| parents' rate × the plain agent's (target ≥ ${TARGET.e2eRatio} ×) | ${e2e.ratio} × ${e2e.ratio >= TARGET.e2eRatio ? 'met' : 'NOT met'} |`,
    ].join('\n');
    return { sync, e2e, markdown };
  } finally {
    db?.close();
    await stopService(service);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * (a): pairs of synchronous triggers on one keep-alive connection, the child alone and the
 * parent, in turn first (so that neither always follows the other). The parent's time runs to
 * its final record: its trigger answers 202 `waiting` once it waits for its child, then its
 * record is read again and again until final.
 */
async function measurePairs({ api, auth, db, child, parent, pairs, warmup }) {
  const client = sequentialClient();
  const body = JSON.stringify({ input: JSON.parse(LEAD), options: { async: false } });
  const trigger = async (agentId) => {
    const res = await client.send(`${api}/agents/${agentId}/trigger`, {
      method: 'POST',
      headers: auth,
      body,
    });
    if (res.status !== 200 && res.status !== 202)
      throw new Error(`a sync trigger answered ${res.status} ${res.body}`);
    return JSON.parse(res.body);
  };
  const runChild = async () => {
    const t = performance.now();
    const result = await trigger(child);
    const ms = performance.now() - t;
    if (result.status !== 'completed') throw new Error(`the child alone answered ${result.status}`);
    return { ms, id: result.execution_id };
  };
  const runParent = async () => {
    const t = performance.now();
    let result = await trigger(parent);
    const id = result.execution_id;
    let gets = 0;
    while (!FINAL.has(result.status)) {
      const res = await client.send(`${api}/executions/${id}`, { headers: auth });
      if (res.status !== 200) throw new Error(`reading the parent answered ${res.status}`);
      result = JSON.parse(res.body);
      gets++;
    }
    const ms = performance.now() - t;
    if (result.status !== 'completed')
      throw new Error(`the parent ended ${result.status}: ${JSON.stringify(result.error)}`);
    return { ms, gets, id };
  };
  const pair = async (i) => {
    if (i % 2 === 0) {
      const c = await runChild();
      return { child: c, parent: await runParent() };
    }
    const p = await runParent();
    return { child: await runChild(), parent: p };
  };
  try {
    const warmUntil = Date.now() + warmup.ms;
    for (let i = 0; i < warmup.pairs && Date.now() < warmUntil; i++) await pair(i);
    const measured = [];
    for (let i = 0; i < pairs; i++) measured.push(await pair(i));
    const records = db.prepare('SELECT id, created_at, completed_at FROM executions WHERE id = ?');
    const recordMs = (id) => {
      const row = records.get(id);
      return msOf(row.completed_at) - msOf(row.created_at);
    };
    const p = (values, q) => round2(percentile(values, q));
    const childMs = measured.map((m) => m.child.ms);
    const parentMs = measured.map((m) => m.parent.ms);
    const overhead = measured.map((m) => m.parent.ms - m.child.ms);
    const recordParent = measured.map((m) => recordMs(m.parent.id));
    const recordChild = measured.map((m) => recordMs(m.child.id));
    return {
      pairs,
      child_p50: p(childMs, 50),
      child_p99: p(childMs, 99),
      parent_p50: p(parentMs, 50),
      parent_p99: p(parentMs, 99),
      parent_gets_p50: percentile(
        measured.map((m) => m.parent.gets),
        50,
      ),
      overhead_p50: p(overhead, 50),
      overhead_p99: p(overhead, 99),
      record_parent_p50: p(recordParent, 50),
      record_parent_p99: p(recordParent, 99),
      record_child_p50: p(recordChild, 50),
      record_child_p99: p(recordChild, 99),
    };
  } finally {
    client.close();
  }
}

/** (b): the plain agent and the parent in turn, two rounds each, each row the sum of its rounds. */
async function measureEndToEnd({ db, pid, plain, parent, count, drainMs }) {
  const pending = db
    .prepare(
      "SELECT COUNT(*) FROM executions WHERE agent_id = ? AND status IN ('queued', 'held', 'running', 'waiting')",
    )
    .pluck();
  const finished = db.prepare(
    'SELECT status, COUNT(*) AS n FROM executions WHERE agent_id = ? GROUP BY status',
  );
  const lastCompleted = db
    .prepare('SELECT MAX(completed_at) FROM executions WHERE agent_id = ?')
    .pluck();
  const webhook = (url, amount) =>
    new Promise((resolve, reject) => {
      autocannon(
        {
          url,
          connections: CONNECTIONS,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: LEAD,
          amount,
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
    });
  const settle = async (agentId, deadline) => {
    while (Date.now() < deadline) {
      if (pending.get(agentId) === 0) return true;
      await sleep(20);
    }
    return false;
  };
  const counts = (agentId) =>
    Object.fromEntries(finished.all(agentId).map((row) => [row.status, row.n]));
  /** One round: `amount` webhooks, until the agent has nothing queued, running or waiting. */
  const round = async (agent, amount) => {
    const before = counts(agent.id);
    const cpu0 = cpuMs(pid);
    const t0 = Date.now();
    const acked = (await webhook(agent.webhook_url, amount))['2xx'];
    const complete = await settle(agent.id, t0 + drainMs);
    const cpu1 = cpuMs(pid);
    const after = counts(agent.id);
    const completed = (after.completed ?? 0) - (before.completed ?? 0);
    const ms = complete ? Math.max(1, msOf(lastCompleted.get(agent.id)) - t0) : Date.now() - t0;
    return { acked, completed, complete, ms, cpu: cpu1 - cpu0 };
  };
  const sum = (rounds) => {
    const total = (pick) => rounds.reduce((n, r) => n + pick(r), 0);
    const acked = total((r) => r.acked);
    return {
      acked,
      failed: acked - total((r) => r.completed),
      complete: rounds.every((r) => r.complete),
      ms: total((r) => r.ms),
      per_second: Math.round(
        (acked /
          Math.max(
            1,
            total((r) => r.ms),
          )) *
          1000,
      ),
      cpu_ms_per_execution: round2(total((r) => r.cpu) / Math.max(1, acked)),
      rounds: rounds.map((r) => Math.round((r.acked / r.ms) * 1000)),
    };
  };
  const agents = { plain: { id: plain.agent_id, webhook_url: plain.webhook_url }, parent };
  // Compiles and warms up both paths; not counted.
  for (const agent of Object.values(agents)) {
    await webhook(agent.webhook_url, Math.min(500, count / 2));
    await settle(agent.id, Date.now() + drainMs);
  }
  const rounds = { plain: [], parent: [] };
  for (let i = 0; i < 2; i++) {
    rounds.plain.push(await round(agents.plain, count / 2));
    rounds.parent.push(await round(agents.parent, count / 2));
  }
  const result = { plain: sum(rounds.plain), parent: sum(rounds.parent) };
  result.ratio = round2(result.parent.per_second / Math.max(1, result.plain.per_second));
  return result;
}

module.exports = { measureComposition };

if (require.main === module) runAlone(measureComposition);

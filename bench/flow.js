// Flow control under load (docs/api.md, Flow control), one process on SQLite: end to end of a
// lead-qualification agent with `flow: {concurrency: {limit: 1000}}` against the same agent
// without `flow`, in alternating rounds (target ≥ 0.9 ×); then 1,000 keys with
// `concurrency: {limit: 1, key}`, 5 runs each, sent key after key: the end-to-end rate and how
// long any key waited, in rounds (the time for every key to start one run; target: no key
// waits longer than two). A
// part of `npm run bench`, or alone: `node bench/flow.js [--quick]` (build first). It
// reports; it never fails on a threshold.
'use strict';
const {
  endToEnd,
  load,
  msOf,
  percentile,
  sqliteService,
  sumRounds,
  webhookLoad,
  runAlone,
} = require('./common');

const log = (...args) => console.error('[bench:flow]', ...args);
const DRAIN_MS = 300_000;

/** The flow rows: `quick` sends 500 runs per round and 100 keys instead of 5,000 and 1,000. */
async function measureFlow({ quick = false } = {}) {
  const RUNS = quick ? 500 : 5000;
  const KEYS = quick ? 100 : 1000;
  const PER_KEY = 5;
  const service = await sqliteService('flow');
  const { call, db, pid } = service;
  try {
    const agent = async (name, flow) => {
      const created = await call('POST', '/agents', { name, ...(flow ? { flow } : {}) });
      return { id: created.id, request: webhookLoad(created.webhook_url) };
    };
    const plain = await agent('Bench plain');
    const limited = await agent('Bench concurrency 1000', { concurrency: { limit: 1000 } });
    for (const a of [plain, limited]) {
      await load({ ...a.request, amount: Math.min(500, RUNS) }); // warm up
      await db.drain(a.id, DRAIN_MS);
    }
    // Plain and limited, four rounds each in the order ABBA ABBA (a drift over the run, as
    // the database grows, falls on both alike), and each figure sums its rounds.
    const rounds = { plain: [], limited: [] };
    const since = Date.now();
    const order = ['plain', 'limited', 'limited', 'plain', 'plain', 'limited', 'limited', 'plain'];
    for (const [i, side] of order.entries()) {
      const a = side === 'plain' ? plain : limited;
      log(
        `end to end, ${RUNS} webhooks ${side === 'plain' ? 'without flow' : 'with flow: {concurrency: {limit: 1000}}'} (round ${i + 1} of ${order.length})`,
      );
      rounds[side].push(
        await endToEnd({ pid, db, agentId: a.id, request: a.request, amount: RUNS }),
      );
    }
    const e2e = { plain: sumRounds(rounds.plain), limited: sumRounds(rounds.limited) };
    e2e.ratio = +(e2e.limited.per_second / Math.max(1, e2e.plain.per_second)).toFixed(2);
    // What a run waits from its webhook to its start in such a burst without flow control:
    // the worker defers to the intake while the burst lasts (acknowledgements first).
    const waits = db.db
      .prepare(
        'SELECT created_at, started_at FROM executions WHERE agent_id = ? AND started_at IS NOT NULL',
      )
      .all(plain.id)
      .map((row) => ({
        created: msOf(row.created_at),
        wait: msOf(row.started_at) - msOf(row.created_at),
      }))
      .filter((row) => row.created >= since)
      .map((row) => row.wait);
    e2e.plain.start_wait_p50_ms = Math.round(percentile(waits, 50));
    e2e.plain.start_wait_max_ms = Math.round(Math.max(...waits));
    log('end to end', JSON.stringify(e2e));

    log(`${KEYS} keys with concurrency {limit: 1, key}, ${PER_KEY} runs each`);
    const keyed = await agent('Bench keyed', { concurrency: { limit: 1, key: '{% $input.k %}' } });
    await load({ ...webhookLoad(keyed.request.url, { k: 'warm-up' }), amount: 100 });
    await db.drain(keyed.id, DRAIN_MS);
    const keys = await measureKeys({
      service,
      agentId: keyed.id,
      url: keyed.request.url,
      keys: KEYS,
      perKey: PER_KEY,
    });
    keys.rate_vs_plain = +(keys.per_second / Math.max(1, e2e.plain.per_second)).toFixed(2);
    log('keys', JSON.stringify(keys));

    const markdown = [
      `| flow control (SQLite, one process) | figure |`,
      `|---|---|`,
      `| end to end, lead-qualification with \`flow: {concurrency: {limit: 1000}}\` (4 × ${RUNS} webhooks in the order ABBA ABBA with the same agent without \`flow\`), executions/s (× without) | ${e2e.limited.per_second} (${e2e.ratio} ×; rounds ${e2e.limited.rounds.join(', ')}; without: ${e2e.plain.per_second}, rounds ${e2e.plain.rounds.join(', ')})${e2e.limited.complete && e2e.plain.complete ? '' : ' INCOMPLETE'} |`,
      `| end to end, CPU ms per execution with / without \`flow\` | ${e2e.limited.cpu_ms_per_execution} / ${e2e.plain.cpu_ms_per_execution} |`,
      `| ${KEYS} keys with \`concurrency: {limit: 1, key}\`, ${PER_KEY} runs each sent key after key (${keys.runs} webhooks): executions/s (× without \`flow\`) | ${keys.per_second} (${keys.rate_vs_plain} ×)${keys.complete ? '' : ' INCOMPLETE'} |`,
      `| the same: a round (every key starts one run); first run's wait p50 / max (a run without \`flow\` in the rounds above: p50 / max); longest gap between a key's starts; the longest wait of any key, in rounds (target ≤ 2) (the longest gap alone, in rounds) | ${keys.round_ms} ms; ${keys.first_wait_p50_ms} / ${keys.first_wait_max_ms} ms (${e2e.plain.start_wait_p50_ms} / ${e2e.plain.start_wait_max_ms} ms); ${keys.gap_max_ms} ms; ${keys.max_rounds} rounds (${keys.gap_rounds}) |`,
      `| the same: two runs of one key running at once / starts out of creation order within a key | ${keys.overlaps} / ${keys.out_of_order} |`,
    ].join('\n');
    return { e2e, keys, markdown };
  } finally {
    await service.close();
  }
}

/**
 * `keys × perKey` webhooks at 50 connections, key after key (the runs of `key-0` first, then
 * those of `key-1`…: the order in which a gate taking the oldest first would starve the later
 * keys), until all are final; then, from the rows: the rate (runs over the time from the first
 * webhook to the last completed_at), a round (that time's share of starting one run per key:
 * from the first webhook to the last started_at, over `perKey`), each key's first-run wait
 * (created_at → started_at) and longest gap between consecutive starts, and the worst of these
 * over all keys in rounds. Also what the limit forbids: a run of a key starting before the
 * previous one completed, or before an older one of its key.
 */
async function measureKeys({ service, agentId, url, keys, perKey }) {
  const { db } = service;
  const runs = keys * perKey;
  let sent = 0;
  const t0 = Date.now();
  const result = await load({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    amount: runs,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: webhookLoad(url, { k: `key-${Math.floor(sent++ / perKey)}` }).body,
        }),
      },
    ],
  });
  const drained = await db.drain(agentId, DRAIN_MS);
  const rows = db.db
    .prepare(
      `SELECT json_extract(input, '$.k') AS k, id, status, created_at, started_at, completed_at FROM executions
       WHERE agent_id = ? AND json_extract(input, '$.k') LIKE 'key-%'`,
    )
    .all(agentId)
    .map((row) => ({
      k: row.k,
      id: row.id,
      status: row.status,
      created: msOf(row.created_at),
      started: row.started_at ? msOf(row.started_at) : null,
      completed: row.completed_at ? msOf(row.completed_at) : null,
    }));
  const started = rows.filter((row) => row.started !== null);
  const lastStart = Math.max(...started.map((row) => row.started));
  const lastCompleted = Math.max(...rows.map((row) => row.completed ?? 0));
  const round = (lastStart - t0) / perKey;
  const byKey = new Map();
  for (const row of started) byKey.set(row.k, [...(byKey.get(row.k) ?? []), row]);
  const firstWaits = [];
  let gapMax = 0;
  let worst = 0;
  let worstKey = null;
  let overlaps = 0;
  let outOfOrder = 0;
  for (const list of byKey.values()) {
    const byCreation = [...list].sort((a, b) => a.created - b.created);
    const wait = byCreation[0].started - byCreation[0].created;
    firstWaits.push(wait);
    const byStart = [...list].sort((a, b) => a.started - b.started);
    let gap = 0;
    for (let i = 1; i < byStart.length; i++) {
      gap = Math.max(gap, byStart[i].started - byStart[i - 1].started);
      if (byStart[i - 1].completed !== null && byStart[i].started < byStart[i - 1].completed)
        overlaps++;
      if (byStart[i].created < byStart[i - 1].created) outOfOrder++;
    }
    gapMax = Math.max(gapMax, gap);
    if (Math.max(wait, gap) > worst) {
      worst = Math.max(wait, gap);
      worstKey = {
        k: byCreation[0].k,
        created_after_ms: byCreation[0].created - t0,
        first_wait_ms: wait,
        gap_ms: gap,
      };
    }
  }
  return {
    keys,
    per_key: perKey,
    runs,
    acked: result['2xx'],
    complete: drained && rows.length === runs && rows.every((row) => row.status === 'completed'),
    keys_started: byKey.size,
    per_second: Math.round((rows.length / Math.max(1, lastCompleted - t0)) * 1000),
    round_ms: Math.round(round),
    first_wait_p50_ms: Math.round(percentile(firstWaits, 50)),
    first_wait_max_ms: Math.round(Math.max(...firstWaits)),
    gap_max_ms: Math.round(gapMax),
    max_rounds: +(worst / Math.max(1, round)).toFixed(2),
    gap_rounds: +(gapMax / Math.max(1, round)).toFixed(2),
    overlaps,
    out_of_order: outOfOrder,
    worst_key: worstKey,
  };
}

module.exports = { measureFlow };

if (require.main === module) runAlone(measureFlow);

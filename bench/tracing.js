// Tracing and bulk retry under load (docs/operations.md, Tracing; docs/api.md, Bulk retry), on
// SQLite. Tracing: two processes side by side, one exporting OpenTelemetry traces to a local
// OTLP/HTTP receiver (OTEL_EXPORTER_OTLP_ENDPOINT; it answers 200 and counts the spans), one
// without; measured in turn, off then on, twice: webhook ingest at 50 connections and end to
// end of a workflow agent with an http step to a local target (target: on ≥ 0.85 × off). Bulk
// retry: 10,000 failed executions (webhooks to a workflow agent whose one step is a `fail`;
// then the step fixed, as a CRM back up), retried by one POST /v2/executions/bulk-retry: the
// time until its action is completed (target < 60 s) and until the retries are final, and
// meanwhile another account's webhook ingest p99 at a steady 100/s against its p99 alone
// before (target ≤ 2 ×). A part of `npm run bench`, or alone: `node bench/tracing.js
// [--quick]` (build first). It reports; it never fails on a threshold.
'use strict';
const { createServer } = require('node:http');
const { gunzipSync } = require('node:zlib');
const {
  cpuMs,
  endToEnd,
  load,
  percentile,
  sleep,
  sqliteService,
  startLoad,
  sumRounds,
  webhookLoad,
  runAlone,
} = require('./common');
const { httpWaitConfig, startSlowTarget } = require('./slow-waits');

const log = (...args) => console.error('[bench:tracing]', ...args);
const DRAIN_MS = 300_000;
/** The other account's steady webhook rate during the bulk retry, and its connections. */
const NEIGHBOUR = { rate: 100, connections: 10 };

/**
 * The length-delimited fields numbered `wanted` of a protobuf message (the others skipped).
 * Enough of the wire format to count spans: OTLP's ExportTraceServiceRequest holds
 * resource_spans (1), each scope_spans (2), each spans (2).
 */
function fieldsOf(buf, wanted) {
  const varint = (at) => {
    let value = 0;
    for (let scale = 1; ; scale *= 128) {
      const byte = buf[at++];
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return [value, at];
    }
  };
  const found = [];
  let at = 0;
  while (at < buf.length) {
    const [key, next] = varint(at);
    const field = Math.floor(key / 8);
    const type = key % 8;
    if (type === 0) at = varint(next)[1];
    else if (type === 1) at = next + 8;
    else if (type === 5) at = next + 4;
    else if (type === 2) {
      const [length, start] = varint(next);
      if (field === wanted) found.push(buf.subarray(start, start + length));
      at = start + length;
    } else throw new Error(`protobuf wire type ${type} at ${at}`);
  }
  return found;
}

function countSpans(body, json) {
  if (json) {
    return (JSON.parse(body.toString()).resourceSpans ?? []).reduce(
      (sum, rs) => sum + (rs.scopeSpans ?? []).reduce((n, ss) => n + (ss.spans ?? []).length, 0),
      0,
    );
  }
  let spans = 0;
  for (const resourceSpans of fieldsOf(body, 1)) {
    for (const scopeSpans of fieldsOf(resourceSpans, 2)) spans += fieldsOf(scopeSpans, 2).length;
  }
  return spans;
}

/** A tiny OTLP/HTTP trace receiver on 127.0.0.1: answers 200 to POST /v1/traces, counts spans. */
async function startOtlpReceiver() {
  const state = { exports: 0, spans: 0, bytes: 0, errors: 0 };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const json = /json/.test(req.headers['content-type'] ?? '');
      try {
        let body = Buffer.concat(chunks);
        state.bytes += body.length;
        if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        if (req.method !== 'POST' || req.url !== '/v1/traces')
          throw new Error(`${req.method} ${req.url}`);
        state.spans += countSpans(body, json);
        state.exports++;
      } catch {
        state.errors++;
      }
      // An empty ExportTraceServiceResponse: no partial success.
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
      res.end(json ? '{}' : '');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    state,
    close: () =>
      new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** One autocannon run against a process, as the main bench's ingest row measures it. */
async function measureIngest(pid, opts) {
  const cpu0 = cpuMs(pid);
  const r = await load(opts);
  const ok = r['2xx'];
  return {
    rps: Math.round(ok / r.duration),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    cpu_ms_per_req: ok ? +((cpuMs(pid) - cpu0) / ok).toFixed(3) : null,
  };
}

/** The tracing rows: `quick` measures ingest for 3 s and sends 500 runs per end-to-end round. */
async function measureTracing({ quick = false } = {}) {
  const P = quick
    ? { seconds: 3, warmup: 4, runs: 500, bulk: 2000, quiet: 5 }
    : { seconds: 10, warmup: 5, runs: 5000, bulk: 10_000, quiet: 10 };
  const traced = await measureTracedRows(P);
  log('tracing', JSON.stringify(traced));
  const bulk = await measureBulkRetry(P);
  log('bulk retry', JSON.stringify(bulk));
  const { off, on } = traced;
  const markdown = [
    `| tracing and bulk retry (SQLite, one process each) | figure |`,
    `|---|---|`,
    `| webhook ingest, 50 conn, tracing on (OTLP/HTTP protobuf to a local receiver) / off, alternating 2 × ${P.seconds} s each: acks/s (on × off); CPU ms per ack | ${on.ingest.rps} / ${off.ingest.rps} (${traced.ingest_ratio} ×); ${on.ingest.cpu_ms_per_req} / ${off.ingest.cpu_ms_per_req}${on.ingest.non2xx + off.ingest.non2xx ? ` (${on.ingest.non2xx + off.ingest.non2xx} non-2xx)` : ''} |`,
    `| webhook ingest p50 / p99, tracing on; off (ms) | ${on.ingest.p50} / ${on.ingest.p99}; ${off.ingest.p50} / ${off.ingest.p99} |`,
    `| end to end, workflow agent with an http step to a local target (2 × ${P.runs} webhooks), tracing on / off: executions/s (on × off); CPU ms per execution | ${on.e2e.per_second} / ${off.e2e.per_second} (${traced.e2e_ratio} ×; rounds on ${on.e2e.rounds.join(', ')}, off ${off.e2e.rounds.join(', ')}); ${on.e2e.cpu_ms_per_execution} / ${off.e2e.cpu_ms_per_execution}${on.e2e.complete && off.e2e.complete ? '' : ' INCOMPLETE'} |`,
    `| spans the receiver got from the traced process (per execution; exports, failed) | ${traced.spans} (${traced.spans_per_execution}; ${traced.exports}, ${traced.receiver_errors}) |`,
    `| bulk retry of ${bulk.matched} failed executions: POST answered (ms); action completed; retries final (s) | ${bulk.created_ms} ms; ${bulk.completed_s} s (${bulk.retried} retried, ${bulk.failed} failed); ${bulk.final_s} s${bulk.complete ? '' : ' INCOMPLETE'} |`,
    `| meanwhile (POST until the retries are final) another account's webhooks at ${NEIGHBOUR.rate}/s: p50 / p99 (ms) (while the action runs; while its retries run; sent after the POST answered); alone before; after; p99 during × before | ${bulk.during.p50} / ${bulk.during.p99} (${bulk.during_action.p50} / ${bulk.during_action.p99}; ${bulk.during_retries.p50 ?? '—'} / ${bulk.during_retries.p99 ?? '—'}; sent after the POST answered ${bulk.after_post.p50} / ${bulk.after_post.p99}); before ${bulk.before.p50} / ${bulk.before.p99}; after ${bulk.after.p50} / ${bulk.after.p99}; ${bulk.p99_ratio} × |`,
  ].join('\n');
  return { ...traced, bulk, markdown };
}

/** Tracing on and off, two processes measured in turn (off, on, off, on). */
async function measureTracedRows(P) {
  const receiver = await startOtlpReceiver();
  const target = await startSlowTarget({ delayMs: 0, mode: 'http' });
  const services = {};
  try {
    services.off = await sqliteService('tracing-off');
    services.on = await sqliteService('tracing-on', {
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    });
    const sides = {};
    for (const [name, service] of Object.entries(services)) {
      const flow = await service.call('POST', '/agents', {
        name: 'Bench http step',
        kind: 'workflow',
        config: httpWaitConfig(`${target.url}/receive`),
      });
      const side = {
        service,
        ingest: webhookLoad(service.demo.webhook_url),
        flow: { id: flow.id, request: webhookLoad(flow.webhook_url) },
        rounds: { ingest: [], e2e: [] },
      };
      log(
        `${name}: warm-up (${P.warmup} s of webhooks, ${Math.min(500, P.runs)} runs of the http step)`,
      );
      await load({ ...side.ingest, duration: P.warmup });
      await service.db.drain(service.demo.agent_id, DRAIN_MS);
      await load({ ...side.flow.request, amount: Math.min(500, P.runs) });
      await service.db.drain(flow.id, DRAIN_MS);
      sides[name] = side;
    }
    for (let round = 1; round <= 2; round++) {
      for (const name of ['off', 'on']) {
        const { service, ingest, flow, rounds } = sides[name];
        log(`tracing ${name}: webhook ingest for ${P.seconds} s (round ${round} of 2)`);
        rounds.ingest.push(await measureIngest(service.pid, { ...ingest, duration: P.seconds }));
        await service.db.drain(service.demo.agent_id, DRAIN_MS);
        log(`tracing ${name}: end to end, ${P.runs} webhooks to the http-step workflow`);
        rounds.e2e.push(
          await endToEnd({
            pid: service.pid,
            db: service.db,
            agentId: flow.id,
            request: flow.request,
            amount: P.runs,
          }),
        );
      }
    }
    const of = (name) => {
      const { ingest, e2e } = sides[name].rounds;
      const mean = (pick) =>
        +(ingest.reduce((sum, r) => sum + pick(r), 0) / ingest.length).toFixed(3);
      return {
        ingest: {
          rps: Math.round(mean((r) => r.rps)),
          p50: mean((r) => r.p50),
          p99: mean((r) => r.p99),
          non2xx: ingest.reduce((sum, r) => sum + r.non2xx, 0),
          cpu_ms_per_req: mean((r) => r.cpu_ms_per_req ?? 0),
          rounds: ingest.map((r) => r.rps),
        },
        e2e: sumRounds(e2e),
      };
    };
    const off = of('off');
    const on = of('on');
    // Spans leave in batches (OTEL_BSP_SCHEDULE_DELAY, 5 s): the last ones, then the count.
    await sleep(6000);
    const executions = services.on.db.db.prepare('SELECT COUNT(*) FROM executions').pluck().get();
    const traceIds = services.on.db.db
      .prepare('SELECT COUNT(*) FROM executions WHERE trace_parent IS NOT NULL')
      .pluck()
      .get();
    return {
      off,
      on,
      ingest_ratio: +(on.ingest.rps / Math.max(1, off.ingest.rps)).toFixed(2),
      e2e_ratio: +(on.e2e.per_second / Math.max(1, off.e2e.per_second)).toFixed(2),
      spans: receiver.state.spans,
      exports: receiver.state.exports,
      receiver_errors: receiver.state.errors,
      executions,
      executions_with_trace_id: traceIds,
      spans_per_execution: +(receiver.state.spans / Math.max(1, executions)).toFixed(2),
    };
  } finally {
    for (const service of Object.values(services)) await service.close();
    await target.close();
    await receiver.close();
  }
}

/**
 * `P.bulk` failed executions of one account, retried by one bulk action, while another account
 * sends webhooks at a steady NEIGHBOUR.rate: that account's latency during the action and
 * until its retries are final, against the same load alone right before and right after.
 */
async function measureBulkRetry(P) {
  const service = await sqliteService('bulk');
  const { call, db, pid } = service;
  try {
    const agent = await call('POST', '/agents', {
      name: 'Bench CRM down',
      kind: 'workflow',
      config: {
        steps: [{ id: 'crm', type: 'fail', code: 'crm_down', message: 'the CRM is down' }],
      },
    });
    log(`bulk retry: ${P.bulk} failed executions (webhooks to a workflow whose step fails)`);
    const seeded = await load({ ...webhookLoad(agent.webhook_url), amount: P.bulk });
    await db.drain(agent.id, DRAIN_MS);
    const failed = db.db
      .prepare("SELECT COUNT(*) FROM executions WHERE agent_id = ? AND status = 'failed'")
      .pluck()
      .get(agent.id);
    if (failed < P.bulk)
      throw new Error(`${failed} of ${P.bulk} executions failed (${seeded['2xx']} acknowledged)`);
    // The CRM is back: the retries run the agent's current version, which succeeds.
    await call('PATCH', `/agents/${agent.id}`, {
      config: { steps: [{ id: 'crm', type: 'transform', value: { synced: true } }] },
    });
    const neighbour = service.account();
    const neighbourLoad = {
      ...webhookLoad(neighbour.webhook_url),
      connections: NEIGHBOUR.connections,
      overallRate: NEIGHBOUR.rate,
    };
    await load({ ...neighbourLoad, duration: 2 }); // warm up
    // The other account's webhooks from here to the end, each answer's time kept with when its
    // request was sent: the phases are windows of one steady load.
    const answers = [];
    const steady = startLoad(neighbourLoad);
    steady.instance.on('response', (client, status, bytes, ms) =>
      answers.push({ at: Date.now() - ms, ms, ok: status < 300 }),
    );
    const window = (from, to) => {
      const times = answers.filter((a) => a.at >= from && a.at < to).map((a) => a.ms);
      const failures = answers.filter((a) => a.at >= from && a.at < to && !a.ok).length;
      const at = (p) => (times.length ? +percentile(times, p).toFixed(1) : null);
      return { requests: times.length, non2xx: failures, p50: at(50), p99: at(99) };
    };
    log(`bulk retry: another account's webhooks at ${NEIGHBOUR.rate}/s alone for ${P.quiet} s`);
    const quiet0 = Date.now();
    await sleep(P.quiet * 1000);

    log(
      `bulk retry: POST /v2/executions/bulk-retry (limit ${P.bulk}), the other account's webhooks going on`,
    );
    const cpu0 = cpuMs(pid);
    const t0 = Date.now();
    const action = await call('POST', '/executions/bulk-retry', {
      agent_id: agent.id,
      status: 'failed',
      limit: P.bulk,
    });
    const createdMs = Date.now() - t0;
    let progress = action;
    while (progress.status !== 'completed' && Date.now() - t0 < DRAIN_MS) {
      await sleep(100);
      progress = await call('GET', `/bulk-actions/${action.id}`);
    }
    const completedAt = Date.now();
    const drained = await db.drain(agent.id, DRAIN_MS);
    const finalAt = Date.now();
    const cpu1 = cpuMs(pid);
    log(`bulk retry: the other account's webhooks alone again for ${P.quiet} s`);
    await sleep(P.quiet * 1000);
    await steady.stop();
    const end = Date.now();
    const completed = db.db
      .prepare(
        "SELECT COUNT(*) FROM executions WHERE agent_id = ? AND source = 'retry' AND status = 'completed'",
      )
      .pluck()
      .get(agent.id);
    const before = window(quiet0, t0);
    const during = window(t0, finalAt);
    return {
      executions: P.bulk,
      matched: action.matched,
      retried: progress.retried,
      failed: progress.failed,
      created_ms: createdMs,
      completed_s: +((completedAt - t0) / 1000).toFixed(1),
      final_s: +((finalAt - t0) / 1000).toFixed(1),
      retries_completed: completed,
      complete: progress.status === 'completed' && drained && completed === action.matched,
      cpu_ms_per_retry: +((cpu1 - cpu0) / Math.max(1, action.matched)).toFixed(3),
      before,
      during,
      during_action: window(t0, completedAt),
      // Sent after the POST answered: without the wait behind its one marking transaction.
      after_post: window(t0 + createdMs, finalAt),
      during_retries: window(completedAt, finalAt),
      after: window(finalAt, end),
      p99_ratio: +(during.p99 / Math.max(0.01, before.p99)).toFixed(2),
    };
  } finally {
    await service.close();
  }
}

module.exports = { measureBulkRetry, measureTracing };

if (require.main === module) runAlone(measureTracing);

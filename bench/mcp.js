// The MCP server (docs/mcp.md) on one process (SQLite).
// (a) `tools/call` of a `lead-qualification` agent over POST /v2/mcp against a synchronous
// REST trigger of the same agent with the same input, one request at a time over one
// keep-alive connection, the two alternating: the call's overhead (its time minus the
// trigger's, pair by pair), p50 and p99.
// (b) `tools/list` of an account with 500 MCP-enabled agents: p50 and p99 over 200 calls one
// after the other, after a warm-up.
// A part of `npm run bench` (after the schedule rows), or alone: `node bench/mcp.js [--quick]`
// (build first). It reports; it never fails on a threshold.
//
// The client of both rows is the raw JSON-RPC POST a client sends (the headers of the
// Streamable HTTP transport, the server being stateless: no `initialize` first), on the same
// `node:http` connection as the REST trigger, so that the difference is the server's alone.
// The official client (@modelcontextprotocol/sdk 1.x, StreamableHTTPClientTransport) sends
// through `fetch`, whose own work costs about half a millisecond a round trip
// (bench/common.js, sequentialClient), and parses every answer with its zod schemas: a cost
// of the client, not of the server, that would count as MCP overhead. The same call through
// that client is timed beside (a third request after each pair), to show that cost.
'use strict';
const { mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const {
  LEAD,
  cli,
  freePorts,
  percentile,
  sequentialClient,
  startService,
  stopService,
  runAlone,
} = require('./common');

/** As scripts/bench.js runs the service: the per-request log line is part of what is measured. */
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'info';
const TOOL = 'qualify_lead';
const TOOLS = 500;
const LISTS = 200;
/** Targets (reported, never enforced). */
const TARGET = { overheadP50Ms: 3, listP99Ms: 50 };
/** What the transport asks of a client's POST. */
const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};

const log = (...args) => console.error('[bench:mcp]', ...args);
const round2 = (x) => +x.toFixed(2);

async function measureMcp({ quick = false } = {}) {
  /** Pairs (REST trigger, tools/call) counted; pairs before them not counted (JIT warm-up). */
  const PAIRS = quick ? 50 : 300;
  const WARMUP = { pairs: quick ? 300 : 2000, ms: quick ? 10_000 : 30_000 };

  const dir = mkdtempSync(join(os.tmpdir(), 'aas-bench-mcp-'));
  const [port, webhookPort] = await freePorts(2);
  const env = {
    DATABASE_PATH: join(dir, 'bench.sqlite'),
    PORT: String(port),
    WEBHOOK_PORT: String(webhookPort),
    BASE_URL: `http://127.0.0.1:${port}/v2`,
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
    LOG_LEVEL,
  };
  const service = await startService(env);
  const api = `http://127.0.0.1:${port}/v2`;
  const client = sequentialClient();
  try {
    const demo = cli(env, ['seed:demo', '--plan', 'enterprise']);
    const auth = { authorization: `Bearer ${demo.api_key}`, 'content-type': 'application/json' };
    const res = await fetch(`${api}/agents/${demo.agent_id}`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({
        mcp: {
          enabled: true,
          name: TOOL,
          description: 'Scores an inbound sales lead (0-100) and says whether it is qualified',
        },
      }),
    });
    if (res.status !== 200)
      throw new Error(`enabling MCP answered ${res.status} ${await res.text()}`);
    let id = 0;
    const rpc = async (method, params) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params });
      const answer = await client.send(`${api}/mcp`, {
        method: 'POST',
        headers: { ...MCP_HEADERS, authorization: auth.authorization },
        body,
      });
      if (answer.status !== 200)
        throw new Error(`${method} answered ${answer.status} ${answer.body}`);
      const message = JSON.parse(answer.body);
      if (message.error) throw new Error(`${method}: ${JSON.stringify(message.error)}`);
      return { result: message.result, bytes: answer.body.length };
    };

    log(
      `${PAIRS} pairs of a REST sync trigger and a tools/call, one connection (after up to ${WARMUP.pairs} pairs or ${WARMUP.ms / 1000} s)`,
    );
    const call = await measureCalls({
      api,
      auth,
      client,
      rpc,
      agentId: demo.agent_id,
      pairs: PAIRS,
      warmup: WARMUP,
    });
    log('call', JSON.stringify(call));

    log(`tools/list of ${TOOLS} tools: creating ${TOOLS - 1} more MCP-enabled agents`);
    for (let i = 1; i < TOOLS; i++) {
      const created = await client.send(`${api}/agents`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          name: `Lead qualifier ${i}`,
          mcp: {
            enabled: true,
            description: `Scores an inbound sales lead of region ${i} (0-100) and says whether it is qualified`,
          },
        }),
      });
      if (created.status !== 201)
        throw new Error(`creating an agent answered ${created.status} ${created.body}`);
    }
    const list = await measureList(rpc, { warmup: quick ? 50 : 200 });
    log('list', JSON.stringify(list));

    const markdown = [
      `| MCP server (SQLite, one process) | figure |`,
      `|---|---|`,
      `| REST sync trigger of a lead-qualification agent, p50 / p99 (${call.pairs} pairs, one connection, alternating) | ${call.rest_p50} / ${call.rest_p99} ms |`,
      `| \`tools/call\` of the same agent, raw JSON-RPC POST on that connection, p50 / p99 | ${call.mcp_p50} / ${call.mcp_p99} ms |`,
      `| \`tools/call\` overhead over the REST trigger, pair by pair, p50 / p99 (target p50 ≤ ${TARGET.overheadP50Ms} ms) | ${call.overhead_p50} / ${call.overhead_p99} ms ${call.overhead_p50 <= TARGET.overheadP50Ms ? 'met' : 'NOT met'} |`,
      `| the same call through the SDK 1.x client (\`fetch\`, its own connection), p50 / p99 | ${call.sdk_p50} / ${call.sdk_p99} ms |`,
      `| \`tools/list\` of ${list.tools} tools (${Math.round(list.bytes / 1024)} KiB), ${list.calls} calls one at a time, p50 / p99 (target p99 < ${TARGET.listP99Ms} ms) | ${list.p50} / ${list.p99} ms ${list.p99 < TARGET.listP99Ms ? 'met' : 'NOT met'} |`,
    ].join('\n');
    return { call, list, markdown };
  } finally {
    client.close();
    await stopService(service);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * (a): pairs of a REST sync trigger and a `tools/call` of the same agent, in turn first, then
 * the same call through the SDK's client (not part of the overhead).
 */
async function measureCalls({ api, auth, client, rpc, agentId, pairs, warmup }) {
  const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
  const {
    StreamableHTTPClientTransport,
  } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const sdk = new Client({ name: 'bench', version: '1.0.0' });
  await sdk.connect(
    new StreamableHTTPClientTransport(new URL(`${api}/mcp`), {
      requestInit: { headers: { authorization: auth.authorization } },
    }),
  );
  const input = JSON.parse(LEAD);
  const body = JSON.stringify({ input, options: { async: false } });
  const timed = async (work) => {
    const t = performance.now();
    await work();
    return performance.now() - t;
  };
  const rest = () =>
    timed(async () => {
      const res = await client.send(`${api}/agents/${agentId}/trigger`, {
        method: 'POST',
        headers: auth,
        body,
      });
      if (res.status !== 200 || JSON.parse(res.body).status !== 'completed')
        throw new Error(`a sync trigger answered ${res.status} ${res.body}`);
    });
  const mcp = () =>
    timed(async () => {
      const { result } = await rpc('tools/call', { name: TOOL, arguments: input });
      if (result.isError || !result.structuredContent)
        throw new Error(`tools/call answered ${JSON.stringify(result)}`);
    });
  const viaSdk = () =>
    timed(async () => {
      const result = await sdk.callTool({ name: TOOL, arguments: input });
      if (result.isError) throw new Error(`tools/call (SDK) answered ${JSON.stringify(result)}`);
    });
  const triple = async (i) => {
    const pair =
      i % 2 === 0
        ? { rest: await rest(), mcp: await mcp() }
        : { mcp: await mcp(), rest: await rest() };
    return { ...pair, sdk: await viaSdk() };
  };
  try {
    const warmUntil = Date.now() + warmup.ms;
    for (let i = 0; i < warmup.pairs && Date.now() < warmUntil; i++) await triple(i);
    const measured = [];
    for (let i = 0; i < pairs; i++) measured.push(await triple(i));
    const p = (pick, q) => round2(percentile(measured.map(pick), q));
    return {
      pairs,
      rest_p50: p((m) => m.rest, 50),
      rest_p99: p((m) => m.rest, 99),
      mcp_p50: p((m) => m.mcp, 50),
      mcp_p99: p((m) => m.mcp, 99),
      overhead_p50: p((m) => m.mcp - m.rest, 50),
      overhead_p99: p((m) => m.mcp - m.rest, 99),
      sdk_p50: p((m) => m.sdk, 50),
      sdk_p99: p((m) => m.sdk, 99),
    };
  } finally {
    await sdk.close();
  }
}

/** (b): `tools/list` one call after the other, LISTS counted after `warmup`. */
async function measureList(rpc, { warmup }) {
  const list = async () => {
    const t = performance.now();
    const { result, bytes } = await rpc('tools/list', {});
    return { ms: performance.now() - t, tools: result.tools.length, bytes };
  };
  for (let i = 0; i < warmup; i++) await list();
  const times = [];
  let last;
  for (let i = 0; i < LISTS; i++) {
    last = await list();
    times.push(last.ms);
  }
  // The agents' tools and get_execution.
  if (last.tools !== TOOLS + 1)
    throw new Error(`tools/list answered ${last.tools} tools, not ${TOOLS + 1}`);
  return {
    tools: TOOLS,
    calls: LISTS,
    bytes: last.bytes,
    p50: round2(percentile(times, 50)),
    p99: round2(percentile(times, 99)),
    max: round2(Math.max(...times)),
  };
}

module.exports = { measureMcp };

if (require.main === module) runAlone(measureMcp);

// Tenant isolation under big JSON: another account's latency while one account sends 1 MiB
// triggers and reads full pages of 1 MiB executions. Shared by `npm run bench` (its row) and
// test/tenant-isolation.e2e.test.ts (which asserts the bound); `node bench/isolation.js`
// measures it alone against the built service on SQLite.
'use strict';
const http = require('node:http');

/** The input of the heavy account's executions: records of ~1 KB, `bytes` of JSON in all. */
function bigInput(bytes = 1_000_000) {
  const record = (i) => ({ id: i, name: `Record ${i}`, note: 'x'.repeat(940) });
  const size = JSON.stringify(record(0)).length + 1;
  return { records: Array.from({ length: Math.floor((bytes - 20) / size) }, (_, i) => record(i)) };
}

/**
 * A client over its own keep-alive connections: `send` answers `{status, bytes, json}`, with
 * `json` parsed only for bodies under 64 KiB (the load generator must not spend its time
 * parsing the pages it reads: it shares the machine with the service).
 */
function client(maxSockets) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const send = (url, { method = 'GET', headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers, agent }, (res) => {
        const chunks = [];
        let bytes = 0;
        res.on('data', (chunk) => {
          bytes += chunk.length;
          if (bytes <= 65_536) chunks.push(chunk);
        });
        res.on('end', () => {
          let json = null;
          if (bytes <= 65_536) {
            try {
              json = JSON.parse(Buffer.concat(chunks).toString());
            } catch {
              json = null;
            }
          }
          resolve({ status: res.statusCode, bytes, json });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/** Nearest-rank percentile. */
function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Creates the heavy account's workflow agent (one cheap step: the work is the input's JSON)
 * and `count` executions of it with a ~1 MiB input each. Answers the agent's id and the body
 * of its triggers.
 */
async function seedHeavy(api, auth, count) {
  const c = client(1);
  try {
    const created = await c.send(`${api}/v2/agents`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        name: 'Big inputs',
        kind: 'workflow',
        config: {
          steps: [{ id: 'count', type: 'transform', value: '{% $count($input.records) %}' }],
        },
      }),
    });
    if (created.status !== 201)
      throw new Error(`creating the heavy agent answered ${created.status}`);
    const agentId = created.json.id;
    const body = JSON.stringify({ input: bigInput() });
    for (let i = 0; i < count; i++) {
      const res = await c.send(`${api}/v2/agents/${agentId}/trigger`, {
        method: 'POST',
        headers: auth,
        body,
      });
      if (res.status !== 200 && res.status !== 202)
        throw new Error(`a 1 MiB trigger answered ${res.status}`);
    }
    return { agentId, body };
  } finally {
    c.close();
  }
}

/**
 * For `seconds`: the heavy account runs `triggerClients` clients each sending 1 MiB
 * synchronous triggers one after the other and `pageClients` clients each reading
 * `executions?limit=100` pages one after the other, while the neighbour sends
 * `GET {neighbourPath}` one at a time, `pauseMs` apart (each heavy client pauses
 * `heavyPauseMs` between its requests). Before that, the neighbour alone for a quarter of that
 * time (at least 2 s): `quiet_p50`/`quiet_p99`, what the machine gives it without the heavy
 * account. Answers the neighbour's latencies under load (p50, p99, max in ms) and what the
 * heavy clients did.
 */
async function measureIsolation({
  api,
  heavy,
  neighbour,
  seconds = 10,
  triggerClients = 2,
  pageClients = 2,
  pauseMs = 10,
  heavyPauseMs = 0,
}) {
  const heavyClient = client(triggerClients + pageClients);
  const neighbourClient = client(1);
  const round = (ms) => (ms === null ? null : Math.round(ms * 10) / 10);
  // The neighbour alone first: what the machine gives a request without the heavy account.
  const quietUntil = Date.now() + Math.max(2, seconds / 4) * 1000;
  const quiet = [];
  while (Date.now() < quietUntil) {
    const started = performance.now();
    await neighbourClient.send(`${api}${neighbour.path}`, { headers: neighbour.auth });
    quiet.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  const stopAt = Date.now() + seconds * 1000;
  const counts = { triggers: 0, pages: 0, page_bytes_max: 0, failures: 0 };
  const triggerUrl = `${api}/v2/agents/${heavy.agentId}/trigger`;
  const pageUrl = `${api}/v2/agents/${heavy.agentId}/executions?limit=100`;
  const loop = async (work, pause = 0) => {
    while (Date.now() < stopAt) {
      await work();
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  };
  const heavyLoops = [
    ...Array.from({ length: triggerClients }, () =>
      loop(async () => {
        const res = await heavyClient.send(triggerUrl, {
          method: 'POST',
          headers: heavy.auth,
          body: heavy.body,
        });
        if (res.status === 200 || res.status === 202) counts.triggers++;
        else counts.failures++;
      }, heavyPauseMs),
    ),
    ...Array.from({ length: pageClients }, () =>
      loop(async () => {
        const res = await heavyClient.send(pageUrl, { headers: heavy.auth });
        if (res.status !== 200) counts.failures++;
        counts.pages++;
        counts.page_bytes_max = Math.max(counts.page_bytes_max, res.bytes);
      }, heavyPauseMs),
    ),
  ];
  const latencies = [];
  let neighbourFailures = 0;
  // The neighbour starts once the heavy clients are under way.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await loop(async () => {
    const started = performance.now();
    const res = await neighbourClient.send(`${api}${neighbour.path}`, { headers: neighbour.auth });
    latencies.push(performance.now() - started);
    if (res.status !== 200) neighbourFailures++;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  });
  await Promise.all(heavyLoops);
  heavyClient.close();
  neighbourClient.close();
  return {
    quiet_p50: round(percentile(quiet, 50)),
    quiet_p99: round(percentile(quiet, 99)),
    samples: latencies.length,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(Math.max(...latencies)),
    neighbour_failures: neighbourFailures,
    ...counts,
  };
}

module.exports = { bigInput, client, measureIsolation, percentile, seedHeavy };

/**
 * `npm run build && node bench/isolation.js [seconds]`: the row alone, against the built
 * service on a fresh SQLite file (ports 3997/3998). BENCH_CPU_PROF=<dir> writes the service's
 * CPU profile there (`--cpu-prof`).
 */
async function main() {
  const { execFileSync, spawn } = require('node:child_process');
  const { mkdtempSync, rmSync } = require('node:fs');
  const os = require('node:os');
  const { join } = require('node:path');
  const root = join(__dirname, '..');
  const dir = mkdtempSync(join(os.tmpdir(), 'aas-isolation-'));
  const env = {
    PATH: process.env.PATH,
    DATABASE_PATH: join(dir, 'bench.sqlite'),
    PORT: '3997',
    WEBHOOK_PORT: '3998',
    BASE_URL: 'http://127.0.0.1:3997/v2',
    WEBHOOK_BASE_URL: 'http://127.0.0.1:3998',
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
  };
  const seed = () =>
    JSON.parse(
      execFileSync(
        process.execPath,
        [join(root, 'dist/src/cli/main.js'), 'seed:demo', '--plan', 'enterprise'],
        {
          env: { ...env, MIGRATE_ON_START: 'true' },
        },
      ).toString(),
    );
  const a = seed();
  const b = seed();
  const prof = process.env.BENCH_CPU_PROF;
  const args = [
    ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []),
    '--v8-pool-size=0',
    'dist/src/main.js',
  ];
  const service = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const api = 'http://127.0.0.1:3997';
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`${api}/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (up) break;
      if (i > 300) throw new Error('the service did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const auth = (key) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });
    const heavy = { auth: auth(a.api_key), ...(await seedHeavy(api, auth(a.api_key), 40)) };
    const neighbour = { auth: auth(b.api_key), path: `/v2/agents/${b.agent_id}` };
    const seconds = Number(process.argv[2]) || 10;
    console.log(JSON.stringify(await measureIsolation({ api, heavy, neighbour, seconds })));
  } finally {
    service.kill('SIGINT');
    await new Promise((resolve) => service.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

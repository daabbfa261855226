// The "waiting costs nothing" rows of `npm run bench` (docs/operations.md, Runs waiting on the
// network): N runs each waiting on a slow local target, all submitted at once to one service
// process; total seconds from the first trigger to the last `completed_at`, and the service's RSS.
// Target: well under 10 s for 200 runs waiting 2 s each (with WORKER_CONCURRENCY 32, a run holding
// its slot while it waits would take ~14 s).
'use strict';
const { createServer } = require('node:http');

/**
 * A slow target on 127.0.0.1 that answers every request `delayMs` after it arrived, counting
 * the requests it holds at once. `mode`:
 * - `http`: any request, `{"ok":true}`;
 * - `openai`: a fake OpenAI-compatible model: `POST …/chat/completions` gets a chat completion
 *   whose message content is `{"ok":true}` (usage included), anything else 404: the row
 *   "200 runs each waiting 2 s on a local fake model" (an `llm` step).
 */
async function startSlowTarget({ delayMs, mode = 'http' }) {
  const state = { inFlight: 0, maxInFlight: 0, requests: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      state.requests++;
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      setTimeout(() => {
        state.inFlight--;
        const [status, body] = answer(mode, req);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      }, delayMs);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    state,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(mode, req) {
  if (mode === 'http') return [200, { ok: true }];
  if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url ?? '')) {
    return [404, { error: { message: 'not found', type: 'invalid_request_error' } }];
  }
  return [
    200,
    {
      id: `chatcmpl-bench${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: 'bench-fake',
      choices: [
        { index: 0, message: { role: 'assistant', content: '{"ok":true}' }, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 },
    },
  ];
}

/** A workflow agent whose one step waits on `url` (an `http` step). */
function httpWaitConfig(url) {
  return { steps: [{ id: 'wait', type: 'http', method: 'POST', url, body: '{% $input %}' }] };
}

/**
 * Creates an agent with `config` (kind `workflow`), triggers `runs` asynchronous runs of it at
 * once, and waits until all are final. Returns the seconds from the first trigger to the last
 * `completed_at`, how many completed, the most requests the target held at once, and the
 * service's RSS before and at its highest (sampled every 100 ms).
 */
async function measureSlowWaits({ api, auth, db, rss, runs, target, config, drainMs }) {
  const created = await fetch(`${api}/v2/agents`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name: 'Bench slow waits', kind: 'workflow', config, timeout_ms: 120_000 }),
  });
  if (created.status !== 201) throw new Error(`creating the slow-wait agent answered ${created.status}`);
  const agentId = (await created.json()).id;
  const rssBefore = rss();
  let peak = rssBefore ?? 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rss() ?? 0)), 100);
  const t0 = Date.now();
  try {
    const answers = await Promise.all(
      Array.from({ length: runs }, (_, n) =>
        fetch(`${api}/v2/agents/${agentId}/trigger`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ input: { n }, options: { async: true } }),
        }).then((res) => res.status),
      ),
    );
    const accepted = answers.filter((status) => status === 202).length;
    if (accepted < runs) throw new Error(`only ${accepted} of ${runs} slow-wait triggers were accepted`);
    let finished = 0;
    while (Date.now() - t0 < drainMs && (finished = await db.finished(agentId)) < runs) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const complete = finished >= runs;
    const ms = complete ? (await db.lastCompletedAt(agentId)) - t0 : Date.now() - t0;
    const completed = await db.completed(agentId);
    return {
      runs,
      completed,
      complete,
      seconds: +(ms / 1000).toFixed(2),
      max_in_flight: target.state.maxInFlight,
      rss_before_mb: rssBefore,
      rss_peak_mb: Math.max(peak, rss() ?? 0),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** A workflow agent whose one step is a model call to the fake model at `baseUrl`. */
function llmWaitConfig(baseUrl) {
  return {
    steps: [
      {
        id: 'ask',
        type: 'llm',
        base_url: baseUrl,
        model: 'bench-fake',
        prompt: '{% "Qualify: " & $string($input) %}',
        output_schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      },
    ],
  };
}

module.exports = { startSlowTarget, httpWaitConfig, llmWaitConfig, measureSlowWaits };

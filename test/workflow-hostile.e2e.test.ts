import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestService, type TestService } from './support/service';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, read as JSON
type Json = Record<string, any>;

/**
 * Hostile expressions (docs/workflows.md, The expression sandbox), each as the value of a
 * `transform` step.
 */
const HOSTILE: [string, string][] = [
  ['endless recursion', '($f := function($n){ $f($n + 1) + 1 }; $f(0))'],
  // A tail call: no stack grows, so only the time bound ends it.
  ['endless tail recursion', '($f := function($n){ $f($n + 1) }; $f(0))'],
  ['a ten-million range', '$sum([1..10000000])'],
  ['a giant $pad', '$length($pad("x", 400000000))'],
  ['a backtracking regex', '$match("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", /^(a+)+$/)'],
];

/** A workflow of `key`'s account whose one step evaluates the hostile `source`. */
async function hostileAgent(t: TestService, key: string, source: string): Promise<Json> {
  const created = await t
    .api()
    .post('/v2/agents')
    .set(bearer(key))
    .send({
      name: 'Hostile',
      kind: 'workflow',
      config: { steps: [{ id: 'boom', type: 'transform', value: `{% ${source} %}` }] },
    })
    .expect(201);
  return created.body as Json;
}

/**
 * Another account's requests while one account's run evaluates a hostile expression, over
 * HTTP against the whole service (API and worker in one process): they keep being answered,
 * the hostile run fails with an expression error, and the process survives. The engine's unit
 * tests (test/unit/workflows/expressions.test.ts) check the event loop for the same cases.
 */
describe('a hostile expression does not hold up other accounts', () => {
  let t: TestService;
  let attacker: string;
  let neighbour: string;
  let neighbourAgent: string;

  beforeAll(async () => {
    t = await startTestService();
    attacker = (await t.seedAccount()).key;
    neighbour = (await t.seedAccount()).key;
    neighbourAgent = (
      await t
        .api()
        .post('/v2/agents')
        .set(bearer(neighbour))
        .send({ name: 'Neighbour', kind: 'lead-qualification' })
        .expect(201)
    ).body.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** GET /v2/agents of the neighbour in a loop until `until` settles: each latency in ms. */
  async function neighbourLatencies(until: Promise<unknown>): Promise<number[]> {
    let done = false;
    void until.finally(() => (done = true));
    const latencies: number[] = [];
    while (!done) {
      const started = performance.now();
      await t.api().get('/v2/agents').set(bearer(neighbour)).expect(200);
      latencies.push(performance.now() - started);
    }
    return latencies;
  }

  it.each(HOSTILE)(
    '%s: the run fails, the neighbour is answered meanwhile',
    async (_name, source) => {
      const agent = await hostileAgent(t, attacker, source);

      // A synchronous trigger: the API answers only when the run has ended.
      const run = t
        .api()
        .post(`/v2/agents/${agent.id}/trigger`)
        .set(bearer(attacker))
        .send({ input: {} })
        .then((response) => response);
      const [latencies, answer] = await Promise.all([neighbourLatencies(run), run]);

      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe('failed');
      const execution = (
        await t.api().get(`/v2/executions/${answer.body.execution_id}`).set(bearer(attacker))
      ).body as Json;
      expect(['expression_timeout', 'expression_error']).toContain(execution.error.code);
      expect(execution.error.step).toBe('boom');
      // Answered throughout: had the expression held the event loop, the neighbour's request
      // in flight would have waited for all of it (seconds). A loaded machine adds some.
      expect(latencies.length).toBeGreaterThan(0);
      expect(Math.max(...latencies)).toBeLessThan(1000);
      // And after it: the process is alive, the neighbour's runs still run.
      await t.api().get('/health').expect(200);
      const neighbourRun = await t
        .api()
        .post(`/v2/agents/${neighbourAgent}/trigger`)
        .set(bearer(neighbour))
        .send({ input: { email: 'jane@acme.io', message: 'pricing please' } })
        .expect(200);
      expect(neighbourRun.body.status).toBe('completed');
    },
  );
});

/**
 * Evaluator capacity is shared fairly between accounts: while one account keeps eight test
 * runs of a hostile expression in flight (`POST /v2/agents/:id/test`, as many as its plan lets
 * it run at once), another account's workflow, whose own expression needs an evaluator process
 * too (a range), completes every time. Served first come, first served, the hostile runs held
 * both evaluator processes and the neighbour's evaluation waited past its 2 s bound.
 */
describe('one account’s hostile test runs do not take the evaluators of another', () => {
  let t: TestService;
  let attacker: string;
  let neighbour: string;
  let neighbourAgent: string;
  const ATTACKER_RUNS = 8;

  beforeAll(async () => {
    t = await startTestService();
    attacker = (await t.seedAccount({ plan: 'pro' })).key;
    neighbour = (await t.seedAccount()).key;
    neighbourAgent = (
      await t
        .api()
        .post('/v2/agents')
        .set(bearer(neighbour))
        .send({
          name: 'Neighbour workflow',
          kind: 'workflow',
          config: { steps: [{ id: 'sum', type: 'transform', value: '{% $sum([1..$input.n]) %}' }] },
        })
        .expect(201)
    ).body.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(HOSTILE)(
    '%s: eight test runs at once, the neighbour’s workflow runs complete meanwhile',
    async (_name, source) => {
      const agent = await hostileAgent(t, attacker, source);
      const tests = Promise.all(
        Array.from({ length: ATTACKER_RUNS }, () =>
          t
            .api()
            .post(`/v2/agents/${agent.id}/test`)
            .set(bearer(attacker))
            .send({ input: {} })
            .then((response) => response),
        ),
      );
      let done = false;
      void tests.finally(() => (done = true));
      const runs: Json[] = [];
      // The neighbour triggers its workflow one run after the other while the tests last.
      for (let n = 1; !done || runs.length < 3; n++) {
        const answer = await t
          .api()
          .post(`/v2/agents/${neighbourAgent}/trigger`)
          .set(bearer(neighbour))
          .send({ input: { n } })
          .expect(200);
        runs.push(answer.body as Json);
      }
      for (const answer of await tests) {
        expect(answer.status).toBe(200);
        expect(answer.body.status).toBe('failed');
        expect(['expression_timeout', 'expression_error']).toContain(answer.body.error.code);
      }
      expect(runs.map((run) => [run.status, run.error ?? null])).toEqual(
        runs.map(() => ['completed', null]),
      );
      expect(runs.map((run) => run.output.value)).toEqual(
        runs.map((_, i) => ((i + 1) * (i + 2)) / 2),
      );
    },
  );
});

/**
 * Test runs are runs: an account has at most its plan's cap of runs at once in flight on the
 * test route too (Free Trial: 2), and each test run counts against its rate limit like a
 * trigger.
 */
describe('test runs count like runs', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses a test run past the plan's runs at once with 429, and counts each against the rate limit", async () => {
    const { key } = await t.seedAccount({ plan: 'free_trial' });
    const agent = (
      await t
        .api()
        .post('/v2/agents')
        .set(bearer(key))
        .send({
          name: 'Slow',
          kind: 'workflow',
          config: { steps: [{ id: 'slow', type: 'transform', value: `{% ${HOSTILE[4][1]} %}` }] },
        })
        .expect(201)
    ).body as Json;
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        t
          .api()
          .post(`/v2/agents/${agent.id}/test`)
          .set(bearer(key))
          .send({ input: {} })
          .then((response) => response),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.body.error.message).toContain('2 runs at once');
    expect(refused.headers['retry-after']).toBe('1');
    // Free Trial: 100 an hour; the agent's creation and these three counted.
    expect(answers.map((answer) => Number(answer.headers['x-ratelimit-remaining'])).sort()).toEqual(
      [96, 97, 98],
    );
    // Once they ended, the next one runs.
    const next = await t
      .api()
      .post(`/v2/agents/${agent.id}/test`)
      .set(bearer(key))
      .send({ input: {}, config: { steps: [{ id: 'ok', type: 'transform', value: 1 }] } })
      .expect(200);
    expect(next.body.status).toBe('completed');
  });
});

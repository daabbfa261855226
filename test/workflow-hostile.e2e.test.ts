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
  ['a ten-million range', '$sum([1..10000000])'],
  ['a giant $pad', '$length($pad("x", 400000000))'],
  ['a backtracking regex', '$match("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", /^(a+)+$/)'],
];

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
      const agent = (
        await t
          .api()
          .post('/v2/agents')
          .set(bearer(attacker))
          .send({
            name: 'Hostile',
            kind: 'workflow',
            config: { steps: [{ id: 'boom', type: 'transform', value: `{% ${source} %}` }] },
          })
          .expect(201)
      ).body as Json;

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

import { afterAll, describe, expect, it } from 'vitest';
import {
  ExpressionSandbox,
  DEFAULT_SANDBOX_OPTIONS,
} from '../../../src/workflows/expressions/sandbox';
import { StepError } from '../../../src/workflows/errors';
import { EvaluatorPool, type PoolAnswer } from '../../../src/workflows/expressions/evaluator-pool';

const sandbox = new ExpressionSandbox(DEFAULT_SANDBOX_OPTIONS);
afterAll(() => sandbox.close());

const scope = {
  input: { email: ' Ada@Example.com ', items: [{ n: 1 }, { n: 2 }, { n: 3 }] },
  steps: { first: { score: 40 } },
  execution: { id: 'exe_1', agent_id: 'agt_1', source: 'api' },
};

/** Runs `evaluation` while a 10 ms interval ticks; returns the outcome, elapsed ms and the longest gap. */
async function whileTicking(evaluation: () => Promise<unknown>) {
  let last = performance.now();
  let longestGap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  }, 10);
  const started = performance.now();
  const outcome = await evaluation().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const elapsed = performance.now() - started;
  clearInterval(timer);
  return { outcome, elapsed, longestGap };
}

describe('expressions: normal ones run in this process', () => {
  it('evaluates a field mapping in-process, without a round trip', async () => {
    const expression = sandbox.compile('$lowercase($trim($input.email))');
    expect(expression.mode).toBe('inline');
    const sentBefore = sandbox.isolatedEvaluations;
    await expect(expression.evaluate(scope)).resolves.toBe('ada@example.com');
    expect(sandbox.isolatedEvaluations).toBe(sentBefore);
  });

  it('sees $input, $steps, $item, $index and $execution', async () => {
    const expression = sandbox.compile(
      '{"s": $steps.first.score + $index, "i": $item, "e": $execution.id, "n": $sum($input.items.n)}',
    );
    await expect(expression.evaluate({ ...scope, item: 'x', index: 2 })).resolves.toEqual({
      s: 42,
      i: 'x',
      e: 'exe_1',
      n: 6,
    });
  });

  it.each([
    ['/^(a+)+$/ regex', '$match("a", /^(a+)+$/)'],
    ['a range', '[1..3]'],
    ['a lambda', '$map([1], function($v){$v})'],
    ['a binding', '($x := 1; $x)'],
    ['$pad', '$pad("x", 3)'],
    ['$eval', '$eval("1")'],
    ['a function applied by ~>', '$input ~> $eval'],
  ])('routes %s to an evaluator process', (_name, source) => {
    expect(sandbox.compile(source).mode).toBe('isolated');
  });

  it('flags $now and $random as nondeterministic', () => {
    expect(sandbox.compile('$now()').nondeterministic).toBe(true);
    expect(sandbox.compile('$input.a').nondeterministic).toBe(false);
  });

  it('evaluates a costly expression correctly in an evaluator process', async () => {
    const expression = sandbox.compile('$map([1..3], function($v){$v * $steps.first.score})');
    await expect(expression.evaluate(scope)).resolves.toEqual([40, 80, 120]);
  });

  it('reports an evaluation error as expression_error', async () => {
    const error = await sandbox
      .compile('$number("x") + "a"')
      .evaluate(scope)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StepError);
    expect((error as StepError).code).toBe('expression_error');
  });
});

describe('expressions: hostile ones cannot hurt the service', () => {
  const hostile: [string, string][] = [
    ['endless recursion', '($f := function($n){ $f($n + 1) + 1 }; $f(0))'],
    ['an endless loop by tail recursion', '($f := function($n){ $f($n + 1) }; $f(0))'],
    ['a ten-million range', '$sum([1..10000000])'],
    ['a giant $pad', '$length($pad("x", 400000000))'],
    ['a backtracking regex', '$match("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", /^(a+)+$/)'],
    [
      '$eval of a hostile expression',
      '$eval("$match(\\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\\", /^(a+)+$/)")',
    ],
  ];

  it.each(hostile)(
    '%s: fails within seconds while the event loop keeps ticking',
    async (_name, source) => {
      const expression = sandbox.compile(source);
      expect(expression.mode).toBe('isolated');
      const cheap = sandbox.compile('$input.email');
      const { outcome, elapsed, longestGap } = await whileTicking(async () => {
        const running = expression.evaluate(scope);
        // A concurrent cheap evaluation answers at once.
        const t0 = performance.now();
        await cheap.evaluate(scope);
        expect(performance.now() - t0).toBeLessThan(150);
        return running;
      });
      expect(outcome).toHaveProperty('error');
      const error = (outcome as { error: StepError }).error;
      expect(error).toBeInstanceOf(StepError);
      expect(['expression_timeout', 'expression_error']).toContain(error.code);
      expect(elapsed).toBeLessThan(3000);
      // Blocked, the gap would be the whole evaluation (0.3–1 s); a loaded machine adds some.
      expect(longestGap).toBeLessThan(500);
    },
  );

  it('the pool still answers after its children were killed', async () => {
    await expect(sandbox.compile('$sum([1..4])').evaluate(scope)).resolves.toBe(10);
  });

  it('gives an in-process expression that runs out of time a second chance out of process', async () => {
    const big = { ...scope, input: { items: Array.from({ length: 3000 }, (_, n) => n) } };
    const expression = sandbox.compile(
      // Nested filters: billions of steps, no sequence longer than the data.
      '$count($input.items[$count($input.items[$count($input.items[$ > 0]) > 0]) > 0])',
    );
    expect(expression.mode).toBe('inline');
    const sentBefore = sandbox.isolatedEvaluations;
    const { outcome, elapsed, longestGap } = await whileTicking(() => expression.evaluate(big));
    expect((outcome as { error: StepError }).error.code).toBe('expression_timeout');
    expect(sandbox.isolatedEvaluations).toBe(sentBefore + 1);
    expect(elapsed).toBeLessThan(3000);
    expect(longestGap).toBeLessThan(400); // the in-process attempt holds the loop ~100 ms at most
  });
});

describe('expressions: the evaluator pool under pressure', () => {
  const small = new ExpressionSandbox({
    ...DEFAULT_SANDBOX_OPTIONS,
    pool: { ...DEFAULT_SANDBOX_OPTIONS.pool, processes: 1, deadlineMs: 600, maxWaitMs: 300 },
  });
  afterAll(() => small.close());

  it('fails an evaluation that waits too long for a free child, and serves the next one', async () => {
    const regex = small.compile(
      '$match("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", /^(a+)+$/)',
    );
    const ok = small.compile('$map([1, 2], function($v){ $v + 1 })');
    // Starting a child counts against the 300 ms wait here: poll until one is ready.
    const answers = () => ok.evaluate(scope).catch(() => null);
    small.warm();
    await expect.poll(answers, { timeout: 5000 }).toEqual([2, 3]);
    const started = performance.now();
    const hostile = regex.evaluate(scope).catch((e: unknown) => e);
    const queued = ok.evaluate(scope).catch((e: unknown) => e);
    const waited = (await queued) as StepError;
    expect(waited.code).toBe('expression_timeout');
    expect(waited.message).toContain('No evaluator was free');
    expect(performance.now() - started).toBeLessThan(550);
    expect(((await hostile) as StepError).code).toBe('expression_timeout');
    await expect.poll(answers, { timeout: 5000 }).toEqual([2, 3]); // a new child replaced it
  });
});

describe('expressions: the evaluator pool is shared fairly between accounts', () => {
  const REGEX = '$match("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", /^(a+)+$/)';
  const OK = '$map([1, 2], function($v){ $v + 1 })';
  const request = (source: string) => ({ source, context: {}, bindings: {} });
  const pools: EvaluatorPool[] = [];
  afterAll(() => pools.forEach((pool) => pool.close()));

  async function warmPool(processes: number): Promise<EvaluatorPool> {
    const pool = new EvaluatorPool({
      ...DEFAULT_SANDBOX_OPTIONS.pool,
      processes,
      deadlineMs: 500,
      maxWaitMs: 10_000,
    });
    pools.push(pool);
    pool.warm();
    // Every child ready: one evaluation per child at once, of as many tenants.
    await Promise.all(
      Array.from({ length: processes }, (_, i) => pool.evaluate(request(OK), `warm${i}`)),
    );
    return pool;
  }

  it('gives one account at most half of the children: another account is served at once', async () => {
    const pool = await warmPool(2);
    const hostile = Array.from({ length: 6 }, () => pool.evaluate(request(REGEX), 'acc_a'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    const answer = await pool.evaluate(request(OK), 'acc_b');
    const waited = performance.now() - started;
    expect(answer).toEqual({ ok: true, value: [2, 3] });
    // Served by the child account A may not take, not after one of A's deadlines (500 ms).
    expect(waited).toBeLessThan(300);
    expect(pool.waiting).toBe(5);
    const answers = await Promise.all(hostile);
    expect(answers.every((a) => !a.ok && a.bound)).toBe(true);
  });

  it('serves a waiting account before the account that just had a child gets another', async () => {
    const pool = await warmPool(1);
    const order: string[] = [];
    const track = (name: string, answer: Promise<PoolAnswer>) =>
      answer.then((result) => (order.push(name), result));
    const first = track('a1', pool.evaluate(request(REGEX), 'acc_a'));
    const second = track('a2', pool.evaluate(request(REGEX), 'acc_a'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const neighbour = track('b', pool.evaluate(request(OK), 'acc_b'));
    expect(await neighbour).toEqual({ ok: true, value: [2, 3] });
    await Promise.all([first, second]);
    expect(order).toEqual(['a1', 'b', 'a2']);
  });
});

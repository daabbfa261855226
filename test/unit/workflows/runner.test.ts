import { afterAll, describe, expect, it } from 'vitest';
import { FakeClock, FakeHttp, MemoryCheckpoints, httpStep as http, run, sandbox } from './harness';

afterAll(() => sandbox.close());

const transform = (id: string, value: unknown, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'transform',
  value,
  ...extra,
});
const statuses = (result: { steps: { id: string; status: string }[] }) =>
  result.steps.map((step) => `${step.id}:${step.status}`);

describe('workflow runner: values, when, output', () => {
  it('passes outputs on through $steps and ends with the last output', async () => {
    const result = await run(
      {
        steps: [
          transform('norm', { email: '{% $lowercase($input.email) %}' }),
          transform('greet', '{% "hi " & $steps.norm.email & " from " & $execution.source %}'),
        ],
      },
      { input: { email: 'ADA@X.IO' } },
    );
    expect(result).toMatchObject({
      status: 'completed',
      output: 'hi ada@x.io from api',
      error: null,
    });
    expect(result.steps[0]).toMatchObject({
      id: 'norm',
      type: 'transform',
      status: 'completed',
      attempts: 1,
      output: { email: 'ada@x.io' },
      error: null,
      started_at: '2026-11-25T10:00:00.000Z',
      duration_ms: 0,
    });
  });

  it('skips a step whose when is falsy (output null) and uses `output` at the end', async () => {
    const result = await run({
      steps: [
        transform('a', 1),
        transform('b', 2, { when: '{% $steps.a > 5 %}' }),
        transform('c', 3, { when: false }),
      ],
      output: { a: '{% $steps.a %}', b: '{% $steps.b %}' },
    });
    expect(statuses(result)).toEqual(['a:completed', 'b:skipped', 'c:skipped']);
    expect(result.steps[1]).toMatchObject({ output: null, attempts: 0 });
    expect(result.output).toEqual({ a: 1, b: null });
    const plain = await run({ steps: [transform('a', 1), transform('b', 2, { when: false })] });
    expect(plain.output).toBe(1);
  });

  it('logs each step start and end', async () => {
    const logs: { level: string; message: string }[] = [];
    await run({ steps: [transform('a', 1)] }, { logs });
    expect(logs.map((entry) => entry.message)).toEqual(['Step a started', 'Step a completed']);
  });

  it('fails with output_too_large past 1 MiB', async () => {
    const result = await run(
      { steps: [transform('big', '{% $input.text %}')] },
      { input: { text: 'x'.repeat(1024 * 1024 + 1) } },
    );
    expect(result.error).toMatchObject({ code: 'output_too_large', step: 'big' });
  });

  it('yields a mocked step output without running it', async () => {
    const http1 = new FakeHttp();
    const result = await run(
      { steps: [http('call'), transform('t', '{% $steps.call.ok %}')] },
      { http: http1, mocks: { call: { ok: 7 } } },
    );
    expect(http1.calls).toHaveLength(0);
    expect(result.output).toBe(7);
  });

  it('rejects with the signal reason when the run is cancelled', async () => {
    const controller = new AbortController();
    const fake = new FakeHttp(() => {
      controller.abort(new Error('cancelled'));
      return { status: 200 };
    });
    await expect(
      run({ steps: [http('a'), transform('b', 1)] }, { http: fake, signal: controller.signal }),
    ).rejects.toThrow('cancelled');
  });
});

describe('workflow runner: errors, retry, on_error, timeout', () => {
  it('retries with backoff and jitter, and records the attempts', async () => {
    const clock = new FakeClock();
    const fake = new FakeHttp((_request, call) => ({
      status: call < 3 ? 503 : 200,
      body: '{"ok":true}',
    }));
    const result = await run(
      { steps: [http('call', { retry: { max_attempts: 5, interval_ms: 1000, backoff_rate: 3 } })] },
      { http: fake, clock },
    );
    expect(result.steps[0]).toMatchObject({ status: 'completed', attempts: 3 });
    expect(result.output).toMatchObject({ status_code: 200, body: { ok: true } });
    expect(clock.sleeps).toEqual([500, 1500]); // full jitter with random() = 0.5
  });

  it('caps delays by max_delay_ms without jitter, and gives up after max_attempts', async () => {
    const clock = new FakeClock();
    const fake = new FakeHttp(() => ({ status: 500 }));
    const result = await run(
      {
        steps: [
          http('call', {
            retry: { max_attempts: 4, interval_ms: 1000, jitter: 'none', max_delay_ms: 2500 },
          }),
        ],
      },
      { http: fake, clock },
    );
    expect(clock.sleeps).toEqual([1000, 2000, 2500]);
    expect(result.error).toMatchObject({ code: 'http_error', step: 'call' });
    expect(result.steps[0].attempts).toBe(4);
  });

  it('honours Retry-After', async () => {
    const clock = new FakeClock();
    const fake = new FakeHttp((_r, call) =>
      call === 1 ? { status: 429, headers: { 'retry-after': '7' } } : { status: 200 },
    );
    await run(
      { steps: [http('call', { retry: { max_attempts: 2, interval_ms: 10 } })] },
      { http: fake, clock },
    );
    expect(clock.sleeps).toEqual([7000]);
  });

  it('does not retry expression errors, secret_not_found or a fail step by default', async () => {
    const retry = { max_attempts: 3 };
    const expression = await run({
      steps: [transform('a', '{% $number("x") + "y" %}', { retry })],
    });
    expect(expression.error?.code).toBe('expression_error');
    expect(expression.steps[0].attempts).toBe(1);
    const secret = await run({
      steps: [http('a', { retry, headers: { 'X-Key': '{{secrets.MISSING}}' } })],
    });
    expect(secret.error?.code).toBe('secret_not_found');
    expect(secret.steps[0].attempts).toBe(1);
    const fail = await run({
      steps: [{ id: 'no', type: 'fail', code: 'not_qualified', message: 'no', retry }],
    });
    expect(fail.error).toEqual({ code: 'not_qualified', message: 'no', step: 'no' });
    expect(fail.steps[0].attempts).toBe(1);
  });

  it('retries only the codes listed in `on`', async () => {
    const fake = new FakeHttp(() => ({ status: 500 }));
    const result = await run(
      { steps: [http('a', { retry: { max_attempts: 3, on: ['timeout'] } })] },
      { http: fake },
    );
    expect(fake.calls).toHaveLength(1);
    expect(result.error?.code).toBe('http_error');
    const listed = await run({
      steps: [
        transform('b', '{% $number("x") + "y" %}', {
          retry: { max_attempts: 2, on: ['expression_error'] },
        }),
      ],
    });
    expect(listed.steps[0].attempts).toBe(2);
  });

  it('on_error continue records the failure as output and goes on', async () => {
    const fake = new FakeHttp(() => ({ status: 404 }));
    const result = await run(
      { steps: [http('a', { on_error: 'continue' }), transform('b', '{% $steps.a.error.code %}')] },
      { http: fake },
    );
    expect(result.status).toBe('completed');
    expect(result.output).toBe('http_error');
    expect(result.steps[0]).toMatchObject({
      status: 'failed',
      output: { error: { code: 'http_error' } },
    });
  });

  it('on_error fail ends the run with error.step and runs nothing after', async () => {
    const result = await run({
      steps: [
        transform('a', 1),
        { id: 'stop', type: 'fail', code: 'rejected', message: '{% "score " & $steps.a %}' },
        transform('c', 3),
      ],
    });
    expect(result).toMatchObject({
      status: 'failed',
      output: null,
      error: { code: 'rejected', message: 'score 1', step: 'stop' },
    });
    expect(statuses(result)).toEqual(['a:completed', 'stop:failed']);
  });

  it('fails a step that passes its timeout_ms with `timeout`', async () => {
    const fake = new FakeHttp(
      (request) =>
        new Promise((_, reject) =>
          request.signal.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    const started = Date.now();
    const result = await run({ steps: [http('slow', { timeout_ms: 100 })] }, { http: fake });
    expect(result.error).toMatchObject({ code: 'timeout', step: 'slow' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('maps a refused address and a network error', async () => {
    const refused = new FakeHttp(() => {
      throw Object.assign(new Error('refused'), { code: 'address_not_allowed' });
    });
    expect((await run({ steps: [http('a')] }, { http: refused })).error?.code).toBe(
      'address_not_allowed',
    );
    const down = new FakeHttp(() => {
      throw new Error('ECONNREFUSED');
    });
    expect((await run({ steps: [http('a')] }, { http: down })).error?.code).toBe('network_error');
  });
});

describe('workflow runner: branch, foreach, kinds', () => {
  const router = {
    steps: [
      transform('score', '{% $input.score %}'),
      {
        id: 'route',
        type: 'branch',
        cases: [
          { when: '{% $steps.score >= 70 %}', steps: [transform('hot', 'hot')] },
          {
            when: '{% $steps.score >= 40 %}',
            steps: [transform('warm', 'warm'), transform('warm2', '{% $steps.warm & "!" %}')],
          },
        ],
        default: [transform('cold', 'cold')],
      },
    ],
  };

  it('takes the first case whose when is truthy; steps of other branches are not listed', async () => {
    const warm = await run(router, { input: { score: 50 } });
    expect(warm.output).toBe('warm!');
    expect(statuses(warm)).toEqual([
      'score:completed',
      'route:completed',
      'warm:completed',
      'warm2:completed',
    ]);
    expect((await run(router, { input: { score: 90 } })).output).toBe('hot');
    expect((await run(router, { input: { score: 1 } })).output).toBe('cold');
    const none = await run({
      steps: [{ id: 'b', type: 'branch', cases: [{ when: false, steps: [transform('x', 1)] }] }],
    });
    expect(none.output).toBe(null);
  });

  it('runs foreach items with bounded concurrency and keeps item order', async () => {
    let running = 0;
    let most = 0;
    const fake = new FakeHttp(async (request) => {
      running++;
      most = Math.max(most, running);
      const item = JSON.parse(request.body ?? '0') as number;
      await new Promise((resolve) => setTimeout(resolve, (7 - item) * 3));
      running--;
      return { status: 200, body: JSON.stringify(item * 10) };
    });
    const result = await run(
      {
        steps: [
          {
            id: 'each',
            type: 'foreach',
            items: '{% $input.items %}',
            concurrency: 3,
            steps: [
              http('call', { body: '{% $item %}' }),
              transform('q', '{% [$index, $steps.call.body] %}'),
            ],
          },
        ],
      },
      { http: fake, input: { items: [1, 2, 3, 4, 5, 6] } },
    );
    expect(result.output).toEqual([
      [0, 10],
      [1, 20],
      [2, 30],
      [3, 40],
      [4, 50],
      [5, 60],
    ]);
    expect(most).toBe(3);
    expect(result.steps.map((step) => step.id)).toContain('q[5]');
    expect(fake.calls.map((call) => call.headers['idempotency-key']).sort()).toEqual(
      [0, 1, 2, 3, 4, 5].map((n) => `exe_1:call[${n}]`),
    );
  });

  it('treats one JSONata item as a list of one and refuses more than 1000 items', async () => {
    const one = await run({
      steps: [{ id: 'f', type: 'foreach', items: 'x', steps: [transform('q', '{% $item %}')] }],
    });
    expect(one.output).toEqual(['x']);
    const many = await run(
      {
        steps: [
          { id: 'f', type: 'foreach', items: '{% $input.list %}', steps: [transform('q', 1)] },
        ],
      },
      { input: { list: Array.from({ length: 1001 }, (_, n) => n) } },
    );
    expect(many.error).toMatchObject({ code: 'too_many_items', step: 'f' });
  });

  it('fails a foreach with the failing iteration step as error.step', async () => {
    const result = await run({
      steps: [
        {
          id: 'f',
          type: 'foreach',
          items: [1, 2, 3],
          steps: [{ id: 'q', type: 'fail', code: 'bad', message: 'no', when: '{% $item = 2 %}' }],
        },
      ],
    });
    expect(result.error).toEqual({ code: 'bad', message: 'no', step: 'q[1]' });
    expect(result.steps.find((step) => step.id === 'f')?.status).toBe('failed');
  });

  it('runs an agent kind as a step', async () => {
    const result = await run(
      {
        steps: [
          {
            id: 'qualify',
            type: 'lead-qualification',
            input: { email: '{% $input.mail %}', company: 'Acme' },
            config: { threshold: 40 },
          },
        ],
      },
      { input: { mail: 'ada@acme.io' } },
    );
    expect(result.output).toMatchObject({ qualified: true, score: 50 });
    const bad = await run(
      { steps: [{ id: 'qualify', type: 'lead-qualification' }] },
      { input: { email: 'x' } },
    );
    expect(bad.error).toMatchObject({ code: 'invalid_input', step: 'qualify' });
  });
});

describe('workflow runner: secrets and redaction', () => {
  it('sends a secret in a header and redacts it everywhere, even when echoed', async () => {
    const logs: { level: string; message: string; details?: unknown }[] = [];
    const fake = new FakeHttp((request) => ({
      status: 200,
      headers: { 'x-echo': request.headers.authorization },
      body: JSON.stringify({
        seen: request.headers.authorization,
        nested: [`key=${request.headers.authorization}`],
      }),
    }));
    const checkpoints = new MemoryCheckpoints();
    const result = await run(
      {
        steps: [
          http('call', { headers: { Authorization: 'Bearer {{secrets.CRM_KEY}}' } }),
          transform('copy', '{% $steps.call.body.seen %}'),
        ],
        output: { all: '{% $steps %}' },
      },
      { http: fake, secrets: { CRM_KEY: 's3cr3t-value' }, logs, checkpoints },
    );
    expect(fake.calls[0].headers.authorization).toBe('Bearer s3cr3t-value');
    const everything = JSON.stringify({ result, logs, saved: [...checkpoints.persisted.values()] });
    expect(everything).not.toContain('s3cr3t-value');
    expect(result.steps[1].output).toBe('Bearer [redacted]');
    expect(result.steps[0].output).toMatchObject({ headers: { 'x-echo': 'Bearer [redacted]' } });
  });
});

describe('workflow runner: nesting and hostile expressions', () => {
  it('numbers the steps of nested foreach iterations outer index first', async () => {
    const result = await run({
      steps: [
        {
          id: 'rows',
          type: 'foreach',
          items: [[1, 2], [3]],
          steps: [
            {
              id: 'cells',
              type: 'foreach',
              items: '{% $item %}',
              steps: [transform('cell', '{% $item * 10 %}')],
            },
          ],
        },
      ],
    });
    expect(result.output).toEqual([[10, 20], [30]]);
    expect(result.steps.map((step) => step.id)).toEqual([
      'rows',
      'cells[0]',
      'cell[0][0]',
      'cell[0][1]',
      'cells[1]',
      'cell[1][0]',
    ]);
  });

  it('fails a step with a hostile expression with expression_timeout, not retried', async () => {
    const started = performance.now();
    const result = await run({
      steps: [
        transform('ok', 1),
        transform(
          'evil',
          '{% $match("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", /^(a+)+$/) %}',
          {
            retry: { max_attempts: 3 },
          },
        ),
      ],
    });
    expect(result.error).toMatchObject({ code: 'expression_timeout', step: 'evil' });
    expect(result.steps[1].attempts).toBe(1);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { runWorkflow } from '../../../src/workflows';
import { compile, FakeHttp, MemoryCheckpoints, httpStep as http, run, sandbox } from './harness';

afterAll(() => sandbox.close());

const transform = (id: string, value: unknown) => ({ id, type: 'transform', value });

/** Counts the calls per Idempotency-Key a receiver got. */
const keys = (fake: FakeHttp) =>
  fake.calls.reduce<Record<string, number>>((counts, call) => {
    const key = call.headers['idempotency-key'];
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {});

const linear = {
  steps: [
    http('first', { body: { n: 1 } }),
    transform('mid', '{% $steps.first.body.n + 1 %}'),
    http('second', { body: { n: '{% $steps.mid %}' } }),
  ],
  output: '{% $steps.second.body %}',
};
const echo = () => new FakeHttp((request) => ({ status: 200, body: request.body }));

describe('durability: a completed step never runs again', () => {
  it('resumes after a crash between steps with the first step not completed', async () => {
    const fake = echo();
    const checkpoints = new MemoryCheckpoints();
    checkpoints.crashAfter = 'first';
    await expect(run(linear, { http: fake, checkpoints })).rejects.toThrow('process killed');
    expect(keys(fake)).toEqual({ 'exe_1:first': 1 });
    checkpoints.crashAfter = undefined;
    const resumed = await run(linear, { http: fake, checkpoints });
    expect(resumed).toMatchObject({ status: 'completed', output: { n: 2 } });
    expect(keys(fake)).toEqual({ 'exe_1:first': 1, 'exe_1:second': 1 });
    expect(resumed.steps.map((step) => step.id)).toEqual(['first', 'mid', 'second']);
  });

  it('runs an interrupted step again with the same Idempotency-Key, and only that one', async () => {
    const checkpoints = new MemoryCheckpoints();
    const fake = new FakeHttp((request, call) => {
      if (call === 2) checkpoints.crash(); // the receiver got it, the process died before the answer
      return { status: 200, body: request.body };
    });
    await expect(run(linear, { http: fake, checkpoints })).rejects.toThrow('process killed');
    const resumed = await run(linear, { http: fake, checkpoints });
    expect(resumed.status).toBe('completed');
    expect(keys(fake)).toEqual({ 'exe_1:first': 1, 'exe_1:second': 2 });
  });

  it('keeps the Idempotency-Key across retry attempts', async () => {
    const fake = new FakeHttp((_request, call) => ({ status: call < 3 ? 502 : 200 }));
    await run(
      { steps: [http('call', { retry: { max_attempts: 3, interval_ms: 1 } })] },
      { http: fake },
    );
    expect(keys(fake)).toEqual({ 'exe_1:call': 3 });
  });

  it('resumes inside a foreach without repeating finished iterations', async () => {
    const config = {
      steps: [
        {
          id: 'each',
          type: 'foreach',
          items: '{% $input.items %}',
          concurrency: 1,
          steps: [
            http('post', { body: '{% $item %}' }),
            transform('done', '{% $steps.post.body %}'),
          ],
        },
      ],
    };
    const fake = echo();
    const checkpoints = new MemoryCheckpoints();
    checkpoints.crashAfter = 'post[2]';
    const input = { items: ['a', 'b', 'c', 'd'] };
    await expect(run(config, { http: fake, checkpoints, input })).rejects.toThrow('process killed');
    const resumed = await run(config, { http: fake, checkpoints, input });
    expect(resumed.output).toEqual(['a', 'b', 'c', 'd']);
    expect(Object.values(keys(fake))).toEqual([1, 1, 1, 1]);
  });

  it('resumes inside a branch, and reuses a finished branch whole', async () => {
    const config = {
      steps: [
        {
          id: 'route',
          type: 'branch',
          cases: [
            {
              when: '{% $input.go %}',
              steps: [http('a'), http('b'), transform('c', '{% $steps.a.status_code %}')],
            },
          ],
        },
        http('after', { body: { c: '{% $steps.c %}', route: '{% $steps.route %}' } }),
      ],
    };
    const fake = echo();
    const checkpoints = new MemoryCheckpoints();
    checkpoints.crashAfter = 'a';
    await expect(run(config, { http: fake, checkpoints, input: { go: true } })).rejects.toThrow();
    checkpoints.crashAfter = 'route';
    await expect(run(config, { http: fake, checkpoints, input: { go: true } })).rejects.toThrow();
    checkpoints.crashAfter = undefined;
    const resumed = await run(config, { http: fake, checkpoints, input: { go: true } });
    expect(resumed.status).toBe('completed');
    expect(keys(fake)).toEqual({ 'exe_1:a': 1, 'exe_1:b': 1, 'exe_1:after': 1 });
    expect(fake.calls.at(-1)?.body).toBe('{"c":200,"route":200}');
    expect(resumed.steps.map((step) => step.id)).toEqual(['route', 'a', 'b', 'c', 'after']);
  });

  it('recomputes pure steps whose records were not required, never the http steps', async () => {
    const fake = echo();
    const checkpoints = new MemoryCheckpoints(true);
    checkpoints.crashAfter = 'second';
    const config = { ...linear, steps: [...linear.steps, transform('last', 1), http('third')] };
    await expect(run(config, { http: fake, checkpoints })).rejects.toThrow();
    expect(checkpoints.saves).toEqual([
      { id: 'first', required: true },
      { id: 'mid', required: false },
      { id: 'second', required: true },
    ]);
    const resumed = await run(config, { http: fake, checkpoints });
    expect(resumed.status).toBe('completed');
    expect(keys(fake)).toEqual({ 'exe_1:first': 1, 'exe_1:second': 1, 'exe_1:third': 1 });
  });

  it('runs a step that failed the run again on resume, but not a continued failure', async () => {
    let down = true;
    const fake = new FakeHttp((request) => ({ status: down ? 500 : 200, body: request.body }));
    const config = { steps: [http('soft', { on_error: 'continue' }), http('hard')] };
    const checkpoints = new MemoryCheckpoints();
    expect((await run(config, { http: fake, checkpoints })).error?.step).toBe('hard');
    down = false;
    const resumed = await run(config, { http: fake, checkpoints });
    expect(resumed.status).toBe('completed');
    expect(keys(fake)).toEqual({ 'exe_1:soft': 1, 'exe_1:hard': 2 });
    expect(resumed.steps[0]).toMatchObject({
      status: 'failed',
      output: { error: { code: 'http_error' } },
    });
  });
});

describe('durability within a run', () => {
  it('a retried foreach does not repeat the iterations that finished', async () => {
    const fake = new FakeHttp((request, call) => ({
      status: call === 2 ? 503 : 200,
      body: request.body,
    }));
    const result = await run(
      {
        steps: [
          {
            id: 'each',
            type: 'foreach',
            items: ['a', 'b', 'c'],
            retry: { max_attempts: 2, interval_ms: 0 },
            steps: [http('post', { body: '{% $item %}' })],
          },
        ],
      },
      { http: fake },
    );
    expect(result.status).toBe('completed');
    expect(keys(fake)).toEqual({ 'exe_1:post[0]': 1, 'exe_1:post[1]': 2, 'exe_1:post[2]': 1 });
    expect(result.steps.map((step) => `${step.id}:${step.status}`)).toEqual([
      'each:completed',
      'post[0]:completed',
      'post[1]:completed',
      'post[2]:completed',
    ]);
    expect(result.steps[0].attempts).toBe(2);
  });
});

describe('durability: a checkpoint that cannot be saved', () => {
  it('rejects the run instead of failing a step, and a later attempt resumes', async () => {
    const fake = echo();
    const checkpoints = new MemoryCheckpoints();
    const checkpoint = checkpoints.forRun();
    const broken = {
      load: checkpoint.load,
      save: async (
        record: Parameters<typeof checkpoint.save>[0],
        options: { required: boolean },
      ) => {
        if (record.id === 'mid') throw new Error('database unavailable');
        return checkpoint.save(record, options);
      },
    };
    const compiled = compile(linear);
    const context = {
      execution: { id: 'exe_1', agent_id: 'agt_1', source: 'api' },
      accountId: 'acc_1',
      input: {},
      signal: new AbortController().signal,
      logger: { log: () => undefined },
      http: fake,
      secrets: async () => undefined,
    };
    await expect(runWorkflow(compiled, { ...context, checkpoint: broken })).rejects.toThrow(
      'database unavailable',
    );
    const resumed = await runWorkflow(compiled, { ...context, checkpoint: checkpoints.forRun() });
    expect(resumed.status).toBe('completed');
    expect(keys(fake)).toEqual({ 'exe_1:first': 1, 'exe_1:second': 1 });
  });
});

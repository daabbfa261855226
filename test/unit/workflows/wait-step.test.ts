import { afterAll, describe, expect, it } from 'vitest';
import { MAX_WAIT_MS, wakeTime } from '../../../src/workflows/steps/wait.step';
import { refusedAt } from '../../support/config-errors';
import { compile, FakeClock, MemoryCheckpoints, run, sandbox } from './harness';

afterAll(() => sandbox.close());

const wait = (fields: Record<string, unknown>) => ({ id: 'hold', type: 'wait', ...fields });
const flow = (fields: Record<string, unknown>) => ({
  steps: [
    { id: 'a', type: 'transform', value: 1 },
    wait(fields),
    { id: 'b', type: 'transform', value: '{% $steps.hold %}' },
  ],
});
const fieldOf = (fields: Record<string, unknown>) =>
  refusedAt(() => compile({ steps: [wait(fields)] }));

describe('wait step: its definition', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['neither field', {}, 'steps[0]'],
    ['both fields', { duration_ms: 1, until: '2026-01-01T00:00:00Z' }, 'steps[0].until'],
    ['a negative duration', { duration_ms: -1 }, 'steps[0].duration_ms'],
    ['a fractional duration', { duration_ms: 1.5 }, 'steps[0].duration_ms'],
    ['a duration past 90 days', { duration_ms: MAX_WAIT_MS + 1 }, 'steps[0].duration_ms'],
    ['a duration as text', { duration_ms: '1000' }, 'steps[0].duration_ms'],
    ['until not a timestamp', { until: 'tomorrow' }, 'steps[0].until'],
    ['until without a zone', { until: '2026-01-01T00:00:00' }, 'steps[0].until'],
    ['until a date only', { until: '2026-01-01' }, 'steps[0].until'],
    ['an unknown field', { duration_ms: 1, tokn: 1 }, 'steps[0].tokn'],
    ['a bad expression', { duration_ms: '{% 1 + %}' }, 'steps[0].duration_ms'],
  ])('%s is refused at its field', (_name, fields, field) => {
    expect(fieldOf(fields)).toBe(field);
  });

  it('accepts the bounds and computed values', () => {
    for (const fields of [
      { duration_ms: 0 },
      { duration_ms: MAX_WAIT_MS },
      { until: '2026-11-25T10:00:00.000+02:00' },
      { duration_ms: '{% $input.ms %}' },
      { until: '{% $input.at %}' },
    ]) {
      expect(() => compile({ steps: [wait(fields)] })).not.toThrow();
    }
  });

  it('judges computed values when the step runs (invalid_wait)', () => {
    const start = Date.parse('2026-11-25T10:00:00.000Z');
    expect(wakeTime('duration_ms', 500, start)).toBe(start + 500);
    expect(wakeTime('until', '2026-11-25T11:00:00Z', start)).toBe(start + 3_600_000);
    expect(() => wakeTime('duration_ms', MAX_WAIT_MS + 1, start)).toThrow(/90 days/);
    expect(() => wakeTime('duration_ms', 'soon', start)).toThrow(/integer/);
    expect(() => wakeTime('until', new Date(start + MAX_WAIT_MS + 1).toISOString(), start)).toThrow(
      /90 days ahead/,
    );
  });
});

describe('wait step: a run', () => {
  it('stops at the wait (status waiting) and goes on from it when run again after its time', async () => {
    const clock = new FakeClock();
    const checkpoints = new MemoryCheckpoints();
    const first = await run(flow({ duration_ms: 60_000 }), {
      clock,
      checkpoints,
      suspendable: true,
    });
    expect(first.status).toBe('waiting');
    expect(first.waiting).toEqual({
      step: 'hold',
      wakeAt: clock.time + 60_000,
      timed: true,
      tokenId: undefined,
    });
    expect(first.steps.map((s) => [s.id, s.status])).toEqual([
      ['a', 'completed'],
      ['hold', 'waiting'],
    ]);
    expect(checkpoints.persisted.get('hold')?.status).toBe('waiting');

    // Woken early (another process's clock): it waits again for what is left.
    clock.time += 30_000;
    const early = await run(flow({ duration_ms: 60_000 }), {
      clock,
      checkpoints,
      suspendable: true,
    });
    expect(early.status).toBe('waiting');
    expect(early.waiting?.wakeAt).toBe(first.waiting?.wakeAt);

    clock.time += 31_000;
    const saves = checkpoints.saves.length;
    const last = await run(flow({ duration_ms: 60_000 }), {
      clock,
      checkpoints,
      suspendable: true,
    });
    expect(last.status).toBe('completed');
    expect(last.output).toEqual({ waited_ms: 61_000 });
    // `a` was not run again: only `hold` and `b` were saved.
    expect(checkpoints.saves.slice(saves).map((s) => s.id)).toEqual(['hold', 'b']);
    expect(last.steps.find((s) => s.id === 'hold')?.started_at).toBe(
      first.steps.find((s) => s.id === 'hold')?.started_at,
    );
  });

  it('does not wait for a time already past, nor for 0 ms', async () => {
    const clock = new FakeClock();
    const past = await run(flow({ until: '2020-01-01T00:00:00Z' }), { clock, suspendable: true });
    expect(past.status).toBe('completed');
    expect(past.output).toEqual({ waited_ms: 0 });
    const zero = await run(flow({ duration_ms: 0 }), { clock, suspendable: true });
    expect(zero.status).toBe('completed');
  });

  it('fails with invalid_wait on a computed value out of bounds', async () => {
    const result = await run(flow({ duration_ms: '{% $input.ms %}' }), {
      input: { ms: -5 },
      suspendable: true,
    });
    expect(result.status).toBe('failed');
    expect(result.error).toMatchObject({ code: 'invalid_wait', step: 'hold' });
  });

  it('a wait inside a foreach names the iteration, and the foreach stays running', async () => {
    const result = await run(
      {
        steps: [
          {
            id: 'each',
            type: 'foreach',
            items: [1],
            steps: [wait({ duration_ms: 1000 })],
          },
        ],
      },
      { suspendable: true },
    );
    expect(result.status).toBe('waiting');
    expect(result.waiting?.step).toBe('hold[0]');
    expect(result.steps.map((s) => [s.id, s.status])).toEqual([
      ['each', 'running'],
      ['hold[0]', 'waiting'],
    ]);
  });

  it('a test run (not suspendable) does not wait', async () => {
    const result = await run(flow({ duration_ms: 60_000 }));
    expect(result.status).toBe('completed');
    expect(result.output).toEqual({ waited_ms: 0 });
  });
});

describe('create_token and wait with token: their definitions', () => {
  const token = (fields: Record<string, unknown>) => ({ id: 't', type: 'create_token', ...fields });
  it.each<[string, Record<string, unknown>, string]>([
    ['no choices', { choices: [] }, 'steps[0].choices'],
    [
      'eleven choices',
      { choices: Array.from({ length: 11 }, (_, i) => `c${i}`) },
      'steps[0].choices',
    ],
    ['a choice not a string', { choices: ['ok', 3] }, 'steps[0].choices[1]'],
    ['the same choice twice', { choices: ['ok', 'ok'] }, 'steps[0].choices'],
    ['a timeout past 90 days', { timeout_ms: MAX_WAIT_MS + 1 }, 'steps[0].timeout_ms'],
    ['a timeout of 0', { timeout_ms: 0 }, 'steps[0].timeout_ms'],
  ])('%s is refused at its field', (_name, fields, field) => {
    expect(refusedAt(() => compile({ steps: [token(fields)] }))).toBe(field);
  });

  it('a wait takes a token and nothing else with it', () => {
    expect(() =>
      compile({ steps: [token({ choices: ['a', 'b'] }), wait({ token: '{% $steps.t.id %}' })] }),
    ).not.toThrow();
    expect(fieldOf({ token: 'x', duration_ms: 5 })).toBe('steps[0].token');
    // Its `timeout_ms` is the token's life (two days here), not a step timeout.
    expect(() => compile({ steps: [token({ timeout_ms: 172_800_000 })] })).not.toThrow();
  });

  it('a test run (no tokens) fails create_token with invalid_wait', async () => {
    const result = await run({ steps: [token({})] });
    expect(result.error).toMatchObject({ code: 'invalid_wait', step: 't' });
  });
});

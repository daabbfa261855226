import type { TestingModule } from '@nestjs/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../src/auth/account.entity';
import { MetricsService } from '../../src/metrics/metrics.service';
import { KindRegistry } from '../../src/kinds/kind-registry';
import { USAGE_CACHE_MS, USAGE_CLOCK, UsageMeter } from '../../src/usage/usage-meter';
import type { ModelCallUsage } from '../../src/workflows/context';
import { StepError } from '../../src/workflows/errors';
import { openModuleTestDatabase, roleModule, type ModuleTestDatabase } from '../support/container';
import { sample } from '../support/prometheus';

/** A clock the test moves by hand. */
class FakeClock {
  constructor(public time: number) {}
  now(): Date {
    return new Date(this.time);
  }
  set(iso: string): void {
    this.time = Date.parse(iso);
  }
}

const call = (model: string, prompt: number, completion: number, ok = true): ModelCallUsage => ({
  model,
  prompt_tokens: prompt,
  completion_tokens: completion,
  latency_ms: 1200,
  ok,
});

/** The error `check` rejects with, or null when it resolves. */
async function checkError(meter: UsageMeter, accountId: string): Promise<StepError | null> {
  try {
    await meter.check(accountId);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(StepError);
    return error as StepError;
  }
}

/**
 * The usage meter of `llm` steps in the worker's container (AppModule with roles
 * ["worker"]), its clock replaced: allowance by plan, month boundaries, batched writes.
 */
describe('UsageMeter (module: AppModule with roles ["worker"])', () => {
  let db: ModuleTestDatabase;
  let module: TestingModule;
  let meter: UsageMeter;
  let clock: FakeClock;
  let closed: boolean;

  beforeEach(async () => {
    closed = false;
    db = await openModuleTestDatabase({ PLAN_MONTHLY_TOKENS: 'free_trial=1000,pro=5000' });
    clock = new FakeClock(Date.parse('2026-11-30T23:00:00.000Z'));
    module = await roleModule(db, ['worker'])
      .overrideProvider(USAGE_CLOCK)
      .useValue(clock)
      .compile();
    await module.init();
    meter = module.get(UsageMeter);
  });

  afterEach(async () => {
    if (!closed) await module?.close();
    await db?.close();
  });

  const rows = () =>
    db.dataSource.query(
      'SELECT account_id, day, model, prompt_tokens, completion_tokens, calls, errors FROM model_usage ORDER BY account_id, day, model',
    ) as Promise<Record<string, unknown>[]>;
  const numeric = (list: Record<string, unknown>[]) =>
    list.map((row): Record<string, unknown> => ({
      ...row,
      prompt_tokens: Number(row.prompt_tokens),
      completion_tokens: Number(row.completion_tokens),
      calls: Number(row.calls),
      errors: Number(row.errors),
    }));

  it('is the meter the workflow kind hands to its steps', () => {
    const kind = module.get(KindRegistry).get('workflow').handler as unknown as {
      meter?: UsageMeter;
    };
    expect(kind.meter).toBe(meter);
  });

  it('sums calls in memory and writes them as one row per account, day and model', async () => {
    const account = await db.insertAccount('pro');
    for (let i = 0; i < 50; i++) meter.record(account.id, call('gpt-4o-mini', 10, 5));
    meter.record(account.id, call('llama3.1', 7, 0, false));
    // Recorded, not written: no database round trip per call.
    expect(await rows()).toEqual([]);

    await meter.flush();
    expect(numeric(await rows())).toEqual([
      {
        account_id: account.id,
        day: '2026-11-30',
        model: 'gpt-4o-mini',
        prompt_tokens: 500,
        completion_tokens: 250,
        calls: 50,
        errors: 0,
      },
      {
        account_id: account.id,
        day: '2026-11-30',
        model: 'llama3.1',
        prompt_tokens: 7,
        completion_tokens: 0,
        calls: 1,
        errors: 1,
      },
    ]);
    // Later calls add to the same row.
    meter.record(account.id, call('gpt-4o-mini', 1, 2));
    await meter.flush();
    expect(numeric(await rows())[0]).toMatchObject({
      prompt_tokens: 501,
      completion_tokens: 252,
      calls: 51,
    });

    const text = await module.get(MetricsService).render();
    const tokens = (model: string, type: string) =>
      sample(text, 'aas_model_tokens_total', { model, type });
    expect(tokens('gpt-4o-mini', 'prompt')).toBe(501);
    expect(tokens('gpt-4o-mini', 'completion')).toBe(252);
    expect(sample(text, 'aas_model_calls_total', { model: 'llama3.1', outcome: 'error' })).toBe(1);
    expect(sample(text, 'aas_model_calls_total', { model: 'gpt-4o-mini', outcome: 'ok' })).toBe(51);
    expect(sample(text, 'aas_model_call_duration_seconds_count', { model: 'gpt-4o-mini' })).toBe(
      51,
    );
    expect(
      sample(text, 'aas_model_call_duration_seconds_bucket', { model: 'gpt-4o-mini', le: '1' }),
    ).toBe(0);
    expect(
      sample(text, 'aas_model_call_duration_seconds_bucket', {
        model: 'gpt-4o-mini',
        le: '2.5',
      }),
    ).toBe(51);
  });

  it('throws budget_exceeded once the month uses up the plan allowance, written or not', async () => {
    const account = await db.insertAccount('free_trial');
    await expect(meter.check(account.id)).resolves.toBeUndefined();
    meter.record(account.id, call('gpt-4o-mini', 600, 399));
    await expect(meter.check(account.id)).resolves.toBeUndefined(); // 999 of 1000
    meter.record(account.id, call('gpt-4o-mini', 1, 0));
    const error = await checkError(meter, account.id); // 1000 of 1000: used up
    expect(error?.code).toBe('budget_exceeded');
    expect(error?.message).toMatch(/1000 model tokens.*renews on 2026-12-01/);
    // The same once written (the cached total now holds what this process wrote).
    await meter.flush();
    expect((await checkError(meter, account.id))?.code).toBe('budget_exceeded');
    // Another account of the same plan is not affected.
    const other = await db.insertAccount('free_trial');
    await expect(meter.check(other.id)).resolves.toBeUndefined();
  });

  it('a new UTC month starts from zero; the past month stays recorded', async () => {
    const account = await db.insertAccount('free_trial');
    clock.set('2026-11-30T23:59:59.999Z');
    meter.record(account.id, call('gpt-4o-mini', 2000, 0));
    expect((await checkError(meter, account.id))?.code).toBe('budget_exceeded');

    clock.set('2026-12-01T00:00:00.000Z');
    await expect(meter.check(account.id)).resolves.toBeUndefined();
    meter.record(account.id, call('gpt-4o-mini', 10, 10));
    await meter.flush();
    expect(numeric(await rows()).map((row) => [row.day, row.prompt_tokens])).toEqual([
      ['2026-11-30', 2000],
      ['2026-12-01', 10],
    ]);
    await expect(meter.check(account.id)).resolves.toBeUndefined();
    // Back in November (a clock that steps back) the November total counts again.
    clock.set('2026-11-30T23:59:59.999Z');
    expect((await checkError(meter, account.id))?.code).toBe('budget_exceeded');
  });

  it("sees other processes' usage once its cached total is older than USAGE_CACHE_MS", async () => {
    const account = await db.insertAccount('pro');
    await expect(meter.check(account.id)).resolves.toBeUndefined(); // caches 0
    // Another worker process wrote 5000 tokens this month.
    await db.dataSource.query(
      `INSERT INTO model_usage (account_id, day, model, prompt_tokens, completion_tokens, calls, errors) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [account.id, '2026-11-02', 'gpt-4o', 4000, 1000, 3, 0],
    );
    clock.time += USAGE_CACHE_MS - 1;
    await expect(meter.check(account.id)).resolves.toBeUndefined(); // still cached
    clock.time += 1;
    expect((await checkError(meter, account.id))?.code).toBe('budget_exceeded');
  });

  it('never limits a plan without an allowance', async () => {
    const account: Account = await db.insertAccount('enterprise');
    meter.record(account.id, call('gpt-4o', 10_000_000, 10_000_000));
    await meter.flush();
    await expect(meter.check(account.id)).resolves.toBeUndefined();
    await expect(meter.check('acc_unknown')).resolves.toBeUndefined();
  });

  it('keeps the sums when a write fails and writes them with the next one', async () => {
    const account = await db.insertAccount('pro');
    meter.record(account.id, call('gpt-4o-mini', 100, 50));
    await db.dataSource.query('ALTER TABLE model_usage RENAME TO model_usage_away');
    await meter.flush(); // fails: kept
    await db.dataSource.query('ALTER TABLE model_usage_away RENAME TO model_usage');
    expect(await rows()).toEqual([]);
    meter.record(account.id, call('gpt-4o-mini', 1, 1));
    // Still counted by the allowance while unwritten.
    await db.dataSource.query(
      `INSERT INTO model_usage (account_id, day, model, prompt_tokens, completion_tokens, calls, errors) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [account.id, '2026-11-01', 'other', 4849, 0, 1, 0],
    );
    expect((await checkError(meter, account.id))?.code).toBe('budget_exceeded'); // 4849 + 152
    await meter.flush();
    expect(numeric(await rows())).toContainEqual(
      expect.objectContaining({
        model: 'gpt-4o-mini',
        prompt_tokens: 101,
        completion_tokens: 51,
        calls: 2,
      }),
    );
  });

  it('does not refuse calls when the usage cannot be read; the last total read still applies', async () => {
    const account = await db.insertAccount('free_trial');
    const other = await db.insertAccount('free_trial');
    await db.dataSource.query(
      `INSERT INTO model_usage (account_id, day, model, prompt_tokens, completion_tokens, calls, errors) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [account.id, '2026-11-03', 'gpt-4o', 2000, 0, 1, 0],
    );
    expect((await checkError(meter, account.id))?.code).toBe('budget_exceeded');
    await db.dataSource.query('ALTER TABLE model_usage RENAME TO model_usage_away');
    try {
      clock.time += USAGE_CACHE_MS;
      // Known to be over: still refused from the last total read.
      expect((await checkError(meter, account.id))?.code).toBe('budget_exceeded');
      // Never read: allowed (the outage does not stop model calls).
      await expect(meter.check(other.id)).resolves.toBeUndefined();
    } finally {
      await db.dataSource.query('ALTER TABLE model_usage_away RENAME TO model_usage');
    }
    clock.time += USAGE_CACHE_MS;
    await expect(meter.check(other.id)).resolves.toBeUndefined();
    expect((await checkError(meter, account.id))?.code).toBe('budget_exceeded');
  });

  it('writes what it holds when the application shuts down', async () => {
    const account = await db.insertAccount('pro');
    meter.record(account.id, call('gpt-4o-mini', 3, 4));
    await module.close();
    closed = true;
    expect(numeric(await rows())).toEqual([
      expect.objectContaining({ model: 'gpt-4o-mini', prompt_tokens: 3, completion_tokens: 4 }),
    ]);
  });

  it('stores odd values safely: long or empty model names, bad token counts', async () => {
    const account = await db.insertAccount('pro');
    meter.record(account.id, call(`m-${'x'.repeat(300)}`, 5, 5));
    meter.record(account.id, call('  ', -3, Number.NaN));
    meter.record(account.id, { ...call('gpt-4o', 2.7, Infinity), latency_ms: Number.NaN });
    await meter.flush();
    const stored = numeric(await rows());
    expect(
      stored.map((row) => [String(row.model).length, row.prompt_tokens, row.completion_tokens]),
    ).toEqual([
      [6, 2, 0],
      [200, 5, 5],
      [7, 0, 0],
    ]);
    expect(stored[2].model).toBe('unknown');
  });
});

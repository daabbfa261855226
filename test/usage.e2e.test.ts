import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KindRegistry } from '../src/kinds/kind-registry';
import { UsageMeter } from '../src/usage/usage-meter';
import { createUser, signIn } from './support/dashboard';
import { bearer, startTestService, type TestService } from './support/service';

/** `YYYY-MM-DD` of a UTC day `offset` days from the first of the current month. */
function monthDay(offset: number, base = new Date()): string {
  const first = Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), 1);
  return new Date(first + offset * 86_400_000).toISOString().slice(0, 10);
}
const thisMonth = () => {
  const now = new Date();
  return {
    first: monthDay(0),
    last: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0))
      .toISOString()
      .slice(0, 10),
    month: now.toISOString().slice(0, 7),
    renews: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
      .toISOString()
      .slice(0, 10),
  };
};

describe('GET /v2/usage', () => {
  let t: TestService;
  let pro: { accountId: string; key: string };
  let enterprise: { accountId: string; key: string };

  async function insert(
    accountId: string,
    day: string,
    model: string,
    prompt: number,
    completion: number,
    calls = 1,
    errors = 0,
  ): Promise<void> {
    await t.service.dataSource.query(
      `INSERT INTO model_usage (account_id, day, model, prompt_tokens, completion_tokens, calls, errors) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [accountId, day, model, prompt, completion, calls, errors],
    );
  }

  beforeAll(async () => {
    t = await startTestService({
      ROLE: 'api',
      TRUST_PROXY: 'true',
      PLAN_MONTHLY_TOKENS: 'free_trial=1000,pro=100000',
    });
    pro = await t.seedAccount({ plan: 'pro' });
    enterprise = await t.seedAccount({ plan: 'enterprise' });
    // Last month, this month (two models on one day), and another account's usage.
    await insert(pro.accountId, monthDay(-1), 'gpt-4o', 900_000, 100_000, 40);
    await insert(pro.accountId, monthDay(0), 'gpt-4o-mini', 1000, 200, 3);
    await insert(pro.accountId, monthDay(0), 'gpt-4o', 30_000, 5000, 2, 1);
    await insert(pro.accountId, monthDay(1), 'gpt-4o-mini', 500, 100, 1);
    await insert(enterprise.accountId, monthDay(0), 'stranger-model', 7, 7, 1);
  });
  afterAll(async () => t?.close());

  const get = (key: string, query = '') => t.api().get(`/v2/usage${query}`).set(bearer(key));

  it('answers this month by default: tokens by day and model, totals, the allowance', async () => {
    const month = thisMonth();
    const res = await get(pro.key).expect(200);
    expect(res.body).toEqual({
      from: month.first,
      to: month.last,
      allowance: {
        month: month.month,
        monthly_tokens: 100_000,
        used: 36_800,
        remaining: 63_200,
        renews_on: month.renews,
      },
      totals: {
        prompt_tokens: 31_500,
        completion_tokens: 5300,
        total_tokens: 36_800,
        calls: 6,
        errors: 1,
      },
      data: [
        {
          day: month.first,
          model: 'gpt-4o',
          prompt_tokens: 30_000,
          completion_tokens: 5000,
          total_tokens: 35_000,
          calls: 2,
          errors: 1,
        },
        {
          day: month.first,
          model: 'gpt-4o-mini',
          prompt_tokens: 1000,
          completion_tokens: 200,
          total_tokens: 1200,
          calls: 3,
          errors: 0,
        },
        {
          day: monthDay(1),
          model: 'gpt-4o-mini',
          prompt_tokens: 500,
          completion_tokens: 100,
          total_tokens: 600,
          calls: 1,
          errors: 0,
        },
      ],
    });
  });

  it('answers any range of days, both ends included; the allowance stays this month', async () => {
    const res = await get(pro.key, `?from=${monthDay(-1)}&to=${monthDay(0)}`).expect(200);
    expect(res.body.from).toBe(monthDay(-1));
    expect(res.body.to).toBe(monthDay(0));
    expect(
      res.body.data.map((item: { day: string; model: string }) => [item.day, item.model]),
    ).toEqual([
      [monthDay(-1), 'gpt-4o'],
      [monthDay(0), 'gpt-4o'],
      [monthDay(0), 'gpt-4o-mini'],
    ]);
    expect(res.body.totals.total_tokens).toBe(1_000_000 + 35_000 + 1200);
    expect(res.body.allowance.used).toBe(36_800);
    // A range with no usage: empty, zero totals.
    const empty = await get(pro.key, '?from=2020-01-01&to=2020-01-31').expect(200);
    expect(empty.body.data).toEqual([]);
    expect(empty.body.totals).toEqual({
      prompt_tokens: 0,
      completion_tokens: 0,
      total_tokens: 0,
      calls: 0,
      errors: 0,
    });
    // 366 days is the longest range.
    await get(pro.key, '?from=2028-01-01&to=2028-12-31').expect(200);
  });

  it('says unlimited (null) for a plan without an allowance', async () => {
    const res = await get(enterprise.key).expect(200);
    expect(res.body.allowance).toMatchObject({ monthly_tokens: null, used: 14, remaining: null });
    expect(res.body.data.map((item: { model: string }) => item.model)).toEqual(['stranger-model']);
  });

  it("never shows another account's usage", async () => {
    const res = await get(pro.key, '?from=2020-01-01&to=2020-12-31').expect(200);
    expect(res.text).not.toContain('stranger-model');
    const mine = await get(pro.key).expect(200);
    expect(mine.text).not.toContain('stranger-model');
  });

  it('shows remaining 0, not a negative number, once the allowance is overrun', async () => {
    const small = await t.seedAccount({ plan: 'free_trial' });
    await insert(small.accountId, monthDay(0), 'gpt-4o', 900, 300);
    const res = await get(small.key).expect(200);
    expect(res.body.allowance).toMatchObject({ monthly_tokens: 1000, used: 1200, remaining: 0 });
  });

  it('includes calls this process recorded a moment ago (test runs in the API process)', async () => {
    const fresh = await t.seedAccount({ plan: 'pro' });
    const meter = t.service.api!.get(UsageMeter);
    // The workflow kind of the API process (test runs) has this meter.
    const kind = t.service.api!.get(KindRegistry).get('workflow').handler as unknown as {
      meter?: UsageMeter;
    };
    expect(kind.meter).toBe(meter);
    meter.record(fresh.accountId, {
      model: 'llama3.1:8b',
      prompt_tokens: 12,
      completion_tokens: 30,
      latency_ms: 800,
      ok: true,
    });
    const res = await get(fresh.key).expect(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ model: 'llama3.1:8b', prompt_tokens: 12, completion_tokens: 30 }),
    ]);
    expect(res.body.allowance.used).toBe(42);
  });

  it.each([
    ['?from=2026-02-30', 'from'],
    ['?from=2026-1-01', 'from'],
    ['?from=yesterday', 'from'],
    ['?to=2026-11-01T00:00:00Z', 'to'],
    ['?to=', 'to'],
    ['?from=2026-11-01&from=2026-11-02', 'from'],
    ['?to[a]=1', 'to[a]'],
    ['?from=2026-11-10&to=2026-11-09', 'to'],
    ['?from=2026-01-01&to=2027-01-02', 'to'],
    ['?from=0001-01-01&to=9999-12-31', 'to'],
  ])('refuses %s with 400 at the field', async (query, field) => {
    const res = await get(pro.key, query).expect(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', field });
    expect(res.body.error.message).toEqual(expect.any(String));
  });

  it('refuses an unknown parameter', async () => {
    const res = await get(pro.key, '?month=2026-11').expect(400);
    expect(res.body.error.code).toBe('invalid_request');
  });

  it('needs executions:read with an API key; any dashboard user may read it', async () => {
    const keys = await t.seedAccount({ plan: 'pro', scopes: ['agents:read', 'agents:trigger'] });
    const denied = await get(keys.key).expect(403);
    expect(denied.body.error.code).toBe('forbidden');
    const reader = await t.seedAccount({ plan: 'pro', scopes: ['executions:read'] });
    await get(reader.key).expect(200);
    await t.api().get('/v2/usage').expect(401);

    const member = await createUser(t, pro.accountId, { role: 'member' });
    const session = await signIn(t, member.email);
    const res = await t.api().get('/v2/usage').set(session.headers()).expect(200);
    expect(res.body.allowance.used).toBe(36_800);
  });
});

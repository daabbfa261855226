import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { AgentDailyStats } from '../src/agents/agent-daily-stats.entity';
import { newId } from '../src/common/ids';
import { utcDay } from '../src/common/time';
import { Execution, ExecutionStatus } from '../src/executions/execution.entity';
import { createAgent } from './support/agents';
import { startTestService, TestService } from './support/service';

/**
 * The daily counters behind `executions_today` and `success_rate` are kept by the database
 * (triggers on `executions`, migration StatsTriggers), whatever writes the rows: created on
 * the UTC day of `created_at`, completed/failed once, on the UTC day of `completed_at`.
 */
describe('daily counters kept by the database', () => {
  let t: TestService;
  let dataSource: DataSource;
  let agentId: string;
  let accountId: string;

  beforeAll(async () => {
    t = await startTestService({ ROLE: 'api' });
    dataSource = t.service.dataSource;
    const seeded = await t.seedAccount();
    accountId = seeded.accountId;
    agentId = await createAgent(t, seeded.key);
  });
  afterAll(async () => {
    await t?.close();
  });

  const day = 86_400_000;
  const rows = () => dataSource.getRepository(Execution);

  async function insert(status: ExecutionStatus, createdAt: Date, completedAt: Date | null) {
    const id = newId('exe');
    await rows().insert({
      id,
      accountId,
      agentId,
      agentKind: 'lead-qualification',
      status,
      source: 'api',
      retryOf: null,
      input: {},
      output: null,
      error: null,
      logs: null,
      callbackUrl: null,
      idempotencyKey: null,
      requestHash: null,
      attempts: 0,
      leasedUntil: null,
      createdAt,
      startedAt: null,
      completedAt,
      durationMs: null,
    });
    return id;
  }

  async function counters(): Promise<Record<string, [number, number, number]>> {
    const found = await dataSource.getRepository(AgentDailyStats).findBy({ agentId });
    return Object.fromEntries(
      found.map((row) => [
        row.day,
        [Number(row.created), Number(row.completed), Number(row.failed)],
      ]),
    );
  }

  it('count creations and each final status once, on their UTC days', async () => {
    const now = Date.now();
    const today = utcDay(new Date(now));
    const twoDaysAgo = new Date(now - 2 * day);
    const fiveDaysAgo = new Date(now - 5 * day);

    const a = await insert('queued', fiveDaysAgo, null);
    const b = await insert('queued', fiveDaysAgo, null);
    const c = await insert('queued', new Date(now), null);
    await insert('failed', twoDaysAgo, twoDaysAgo);
    expect(await counters()).toEqual({
      [utcDay(fiveDaysAgo)]: [2, 0, 0],
      [utcDay(twoDaysAgo)]: [1, 0, 1],
      [today]: [1, 0, 0],
    });

    // queued → running changes nothing; running → completed counts on completed_at's day.
    await rows().update({ id: a }, { status: 'running' });
    await rows().update({ id: a }, { status: 'completed', completedAt: twoDaysAgo });
    // A later write to a finished row (logs kept after a cancel, say) counts nothing more.
    await rows().update({ id: a }, { status: 'completed', logs: [] });
    // Cancelled is no success and no failure; failed counts.
    await rows().update({ id: b }, { status: 'cancelled', completedAt: new Date(now) });
    await rows().update({ id: c }, { status: 'running' });
    await rows().update({ id: c }, { status: 'failed', completedAt: new Date(now) });
    expect(await counters()).toEqual({
      [utcDay(fiveDaysAgo)]: [2, 0, 0],
      [utcDay(twoDaysAgo)]: [1, 1, 1],
      [today]: [1, 0, 1],
    });
  });
});

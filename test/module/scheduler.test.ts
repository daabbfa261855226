import type { TestingModule } from '@nestjs/testing';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Agent } from '../../src/agents/agent.entity';
import { newId } from '../../src/common/ids';
import { Execution } from '../../src/executions/execution.entity';
import { MetricsService } from '../../src/metrics/metrics.service';
import { RUN_QUEUE } from '../../src/queue/run-queue';
import { Worker } from '../../src/runner/worker.service';
import { fireAt } from '../../src/schedules/fire-plan';
import { SCHEDULE_CLOCK, type ScheduleClock } from '../../src/schedules/schedule-clock';
import { Schedule } from '../../src/schedules/schedule.entity';
import { CLAIM_LEASE_MS, SCHEDULER_LOOKAHEAD_MS, Scheduler } from '../../src/schedules/scheduler';
import { Timetable } from '../../src/schedules/timetable';
import { openModuleTestDatabase, roleModule, type ModuleTestDatabase } from '../support/container';
import { FakeRunQueue } from '../support/fake-run-queue';
import { insertAgent } from '../support/rows';

const T0 = Date.parse('2026-11-25T10:00:00.000Z');

/** A clock the test moves by hand. */
class FakeClock implements ScheduleClock {
  constructor(public ms: number) {}
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** A fake clock that can wait, as the system clock does: `sleepUntil` ends when moved past. */
class WaitingClock extends FakeClock {
  private sleepers: { at: number; wake: () => void }[] = [];
  /** Resolves once something sleeps on the clock. */
  asleep: Promise<void> = Promise.resolve();
  private onSleep: () => void = () => undefined;

  expectSleep(): void {
    this.asleep = new Promise((resolve) => (this.onSleep = resolve));
  }
  sleepUntil(at: Date): Promise<void> {
    if (at.getTime() <= this.ms) return Promise.resolve();
    return new Promise((wake) => {
      this.sleepers.push({ at: at.getTime(), wake });
      this.onSleep();
    });
  }
  override advance(ms: number): void {
    super.advance(ms);
    for (const sleeper of this.sleepers.filter((s) => s.at <= this.ms)) sleeper.wake();
    this.sleepers = this.sleepers.filter((s) => s.at > this.ms);
  }
}

/**
 * The scheduler (docs/schedules.md) with a fake clock, in worker containers whose worker does
 * not run (executions stay queued unless the test finishes them) on one database: two
 * schedulers competing for the same schedules never store a fire twice and miss none; one
 * that dies mid-fire loses nothing; overlap, catch-up after a downtime, and a paused agent.
 */
describe('scheduler (module: fake clock, competing schedulers on one database)', () => {
  let db: ModuleTestDatabase;
  let clock: FakeClock;
  const modules: TestingModule[] = [];
  let agent: Agent;

  beforeEach(async () => {
    db = await openModuleTestDatabase();
    clock = new FakeClock(T0);
    const account = await db.insertAccount();
    agent = await insertAgent(db.dataSource, account.id);
  });
  afterEach(async () => {
    for (const module of modules.splice(0)) await module.close();
    await db?.close();
  });

  /** A worker container with its scheduler driven by hand (its own intake, same database). */
  async function scheduler(): Promise<{ scheduler: Scheduler; metrics: MetricsService }> {
    const module = await roleModule(db, ['worker'])
      .overrideProvider(RUN_QUEUE)
      .useValue(new FakeRunQueue())
      .overrideProvider(Worker)
      .useValue({})
      .overrideProvider(SCHEDULE_CLOCK)
      .useValue(clock)
      .compile();
    await module.init();
    modules.push(module);
    const found = module.get(Scheduler);
    found.stopTimer();
    return { scheduler: found, metrics: module.get(MetricsService) };
  }

  async function insertSchedule(fields: Partial<Schedule> = {}): Promise<Schedule> {
    const at = clock.now();
    const cron = fields.cron ?? '* * * * * *';
    const next = new Timetable(cron, fields.timezone ?? 'UTC').next(at)!;
    const schedule: Schedule = {
      id: newId('sch'),
      accountId: agent.accountId,
      agentId: agent.id,
      cron,
      timezone: 'UTC',
      input: { email: 'a@example.com' },
      overlap: 'allow',
      catchUp: 'last',
      jitterMs: 0,
      enabled: true,
      externalId: null,
      nextRunAt: next,
      nextFireAt: fireAt(next, fields.jitterMs ?? 0),
      claimedBy: null,
      lastFiredAt: null,
      lastExecutionId: null,
      createdAt: at,
      updatedAt: at,
      ...fields,
    };
    await db.dataSource
      .getRepository(Schedule)
      .insert({ ...schedule } as QueryDeepPartialEntity<Schedule>);
    return schedule;
  }

  const fires = async (scheduleId: string): Promise<number[]> =>
    (
      await db.dataSource
        .getRepository(Execution)
        .find({ where: { scheduleId }, order: { scheduledFor: 'ASC' } })
    ).map((execution) => execution.scheduledFor!.getTime());

  const seconds = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => from + i * 1000);

  it('two schedulers ticking together store each fire time exactly once, with no gap', async () => {
    const a = await scheduler();
    const b = await scheduler();
    const schedule = await insertSchedule();
    for (let step = 0; step < 40; step++) {
      clock.advance(250);
      await Promise.all([a.scheduler.tick(), b.scheduler.tick(), a.scheduler.tick()]);
    }
    // 10:00:01 … 10:00:10, each once.
    expect(await fires(schedule.id)).toEqual(seconds(T0 + 1000, 10));
    const rows = await db.dataSource.getRepository(Execution).findBy({ scheduleId: schedule.id });
    for (const row of rows) {
      expect(row).toMatchObject({ source: 'schedule', status: 'queued', input: schedule.input });
    }
    const stored = await db.dataSource.getRepository(Schedule).findOneByOrFail({ id: schedule.id });
    expect(stored.nextRunAt!.getTime()).toBe(T0 + 11_000);
    expect(stored.claimedBy).toBeNull();
    expect(rows.map((row) => row.id)).toContain(stored.lastExecutionId);
    const text = (await a.metrics.render()) + (await b.metrics.render());
    const started = [...text.matchAll(/aas_schedule_fires_total\{outcome="started"\} (\d+)/g)];
    expect(started.reduce((sum, match) => sum + Number(match[1]), 0)).toBe(10);
    expect(text).toMatch(/aas_schedule_fire_lateness_seconds_count \d+/);
  });

  it('a scheduler that died mid-fire loses nothing and doubles nothing', async () => {
    const schedule = await insertSchedule();
    clock.advance(1000);
    const due = new Date(T0 + 1000);
    // As a scheduler leaves it when it dies after storing the fire, before moving on: claimed,
    // with the lease running, and the execution stored.
    await db.dataSource
      .getRepository(Schedule)
      .update(
        { id: schedule.id },
        { claimedBy: 'dead', nextFireAt: new Date(clock.ms + CLAIM_LEASE_MS) },
      );
    await db.dataSource.getRepository(Execution).insert({
      id: newId('exe'),
      accountId: agent.accountId,
      agentId: agent.id,
      agentKind: agent.kind,
      agentVersion: 1,
      status: 'queued',
      source: 'schedule',
      retryOf: null,
      scheduleId: schedule.id,
      scheduledFor: due,
      input: schedule.input,
      output: null,
      error: null,
      logs: null,
      callbackUrl: null,
      idempotencyKey: null,
      requestHash: null,
      attempts: 0,
      resumes: 0,
      leasedUntil: null,
      waiting: null,
      wakeAt: null,
      createdAt: due,
      startedAt: null,
      completedAt: null,
      durationMs: null,
    } as QueryDeepPartialEntity<Execution>);
    const { scheduler: survivor } = await scheduler();
    // While the lease runs, nobody touches it.
    clock.advance(1000);
    await survivor.tick();
    expect(await fires(schedule.id)).toEqual([T0 + 1000]);
    // Once it expired, the survivor takes over: the stored fire stands, the rest follow.
    clock.advance(CLAIM_LEASE_MS);
    await survivor.tick();
    expect(await fires(schedule.id)).toEqual(seconds(T0 + 1000, 2 + CLAIM_LEASE_MS / 1000));
    // And a scheduler that died after claiming but before storing: the fire comes later.
    const next = await db.dataSource.getRepository(Schedule).findOneByOrFail({ id: schedule.id });
    await db.dataSource
      .getRepository(Schedule)
      .update(
        { id: schedule.id },
        { claimedBy: 'dead', nextFireAt: new Date(clock.ms + CLAIM_LEASE_MS) },
      );
    clock.advance(CLAIM_LEASE_MS);
    await survivor.tick();
    const all = await fires(schedule.id);
    expect(all).toContain(next.nextRunAt!.getTime());
    expect(new Set(all).size).toBe(all.length);
  });

  it('overlap skip: no fire while the previous execution is unfinished', async () => {
    const { scheduler: s, metrics } = await scheduler();
    const schedule = await insertSchedule({ overlap: 'skip' });
    clock.advance(1000);
    await s.tick();
    expect(await fires(schedule.id)).toEqual([T0 + 1000]);
    // Still queued: the next two fire times start nothing.
    for (const status of ['queued', 'running'] as const) {
      await db.dataSource.getRepository(Execution).update({ scheduleId: schedule.id }, { status });
      clock.advance(1000);
      await s.tick();
    }
    expect(await fires(schedule.id)).toEqual([T0 + 1000]);
    await db.dataSource
      .getRepository(Execution)
      .update({ scheduleId: schedule.id }, { status: 'waiting' });
    clock.advance(1000);
    await s.tick();
    expect(await fires(schedule.id)).toEqual([T0 + 1000]);
    await db.dataSource
      .getRepository(Execution)
      .update({ scheduleId: schedule.id }, { status: 'completed' });
    clock.advance(1000);
    await s.tick();
    expect(await fires(schedule.id)).toEqual([T0 + 1000, T0 + 5000]);
    expect(await metrics.render()).toMatch(
      /aas_schedule_fires_total\{outcome="skipped_overlap"\} 3/,
    );
  });

  for (const [catchUp, expected] of [
    // Down from 10:00:00.5 to 10:00:20: 10:00:01 … 10:00:17 were due while no scheduler ran
    // (more than 2 s before it started); 10:00:18 … 10:00:20 fire on time.
    ['none', seconds(T0 + 18_000, 3)],
    ['last', [T0 + 17_000, ...seconds(T0 + 18_000, 3)]],
    ['all', seconds(T0 + 1000, 20)],
  ] as const) {
    it(`catch_up ${catchUp}: what came due while no scheduler ran`, async () => {
      const schedule = await insertSchedule({ catchUp });
      clock.advance(20_000);
      const { scheduler: s, metrics } = await scheduler();
      await s.tick();
      expect(await fires(schedule.id)).toEqual(expected);
      const text = await metrics.render();
      if (catchUp === 'none') expect(text).toMatch(/outcome="missed"\} 17/);
      if (catchUp === 'last') expect(text).toMatch(/outcome="caught_up"\} 1\n/);
      if (catchUp === 'all') expect(text).toMatch(/outcome="caught_up"\} 17/);
      // And it goes on from now.
      clock.advance(1000);
      await s.tick();
      expect((await fires(schedule.id)).at(-1)).toBe(T0 + 21_000);
    });
  }

  it('a paused agent fires nothing and does not catch up when resumed; jitter delays the fire', async () => {
    const { scheduler: s } = await scheduler();
    const schedule = await insertSchedule({ catchUp: 'all' });
    await db.dataSource.query('UPDATE agents SET status = ? WHERE id = ?', ['paused', agent.id]);
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      await s.tick();
    }
    expect(await fires(schedule.id)).toEqual([]);
    await db.dataSource.query('UPDATE agents SET status = ? WHERE id = ?', ['active', agent.id]);
    clock.advance(1000);
    await s.tick();
    expect(await fires(schedule.id)).toEqual([T0 + 6000]);

    // Jitter: the nominal time is stored; the fire waits for the jittered one.
    const jittered = await insertSchedule({
      cron: '0 * * * * *',
      jitterMs: 10_000,
      nextRunAt: new Date(T0 + 60_000),
      nextFireAt: new Date(T0 + 65_000),
    });
    clock.ms = T0 + 64_000;
    await s.tick();
    expect(await fires(jittered.id)).toEqual([]);
    clock.ms = T0 + 65_000;
    await s.tick();
    expect(await fires(jittered.id)).toEqual([T0 + 60_000]);
  });

  describe('with a clock that can wait: fires claimed ahead of their time', () => {
    let waiting: WaitingClock;
    beforeEach(() => {
      waiting = new WaitingClock(T0);
      clock = waiting;
    });

    it('claims a fire up to the lookahead early and creates its execution on time', async () => {
      const { scheduler: s } = await scheduler();
      const schedule = await insertSchedule({ cron: '*/10 * * * * *' });
      // 10:00:10 is the next fire: nothing is claimed before the lookahead reaches it.
      waiting.advance(10_000 - SCHEDULER_LOOKAHEAD_MS - 1);
      await s.tick();
      expect(await fires(schedule.id)).toEqual([]);
      const stored = () =>
        db.dataSource.getRepository(Schedule).findOneByOrFail({ id: schedule.id });
      expect((await stored()).claimedBy).toBeNull();
      // Within it: claimed now, fired when the clock reaches 10:00:10.
      waiting.advance(2);
      waiting.expectSleep();
      const pass = s.tick();
      await waiting.asleep;
      expect((await stored()).claimedBy).toBe(s.token);
      expect(await fires(schedule.id)).toEqual([]);
      waiting.advance(SCHEDULER_LOOKAHEAD_MS);
      await pass;
      const [execution] = await db.dataSource
        .getRepository(Execution)
        .findBy({ scheduleId: schedule.id });
      expect(execution.scheduledFor!.getTime()).toBe(T0 + 10_000);
      expect(execution.createdAt.getTime()).toBeGreaterThanOrEqual(T0 + 10_000);
      expect((await stored()).nextRunAt!.getTime()).toBe(T0 + 20_000);
    });

    it('a change made while a claimed fire waits for its time wins: nothing fires', async () => {
      const { scheduler: s } = await scheduler();
      const schedule = await insertSchedule({ cron: '*/10 * * * * *' });
      waiting.advance(10_000 - 100);
      waiting.expectSleep();
      const pass = s.tick();
      await waiting.asleep;
      // As a PATCH that disables it does: the claim cleared, no next fire.
      await db.dataSource
        .getRepository(Schedule)
        .update(
          { id: schedule.id },
          { enabled: false, claimedBy: null, nextRunAt: null, nextFireAt: null },
        );
      waiting.advance(100);
      await pass;
      expect(await fires(schedule.id)).toEqual([]);
      const stored = await db.dataSource
        .getRepository(Schedule)
        .findOneByOrFail({ id: schedule.id });
      expect(stored).toMatchObject({ enabled: false, claimedBy: null, nextRunAt: null });
    });
  });
});

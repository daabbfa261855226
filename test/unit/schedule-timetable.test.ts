import { describe, expect, it } from 'vitest';
import {
  blockedByOverlap,
  CATCH_UP_MAX,
  fireAt,
  planFires,
  type PlanInput,
} from '../../src/schedules/fire-plan';
import { Timetable, TimetableError } from '../../src/schedules/timetable';

const at = (text: string) => new Date(text);
const isoList = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('Timetable: cron on a zone’s wall clock', () => {
  it('reads 5 fields, 6 with seconds first, names, ranges, steps and the nicknames', () => {
    const from = at('2026-12-02T10:15:30.000Z'); // a Wednesday
    expect(isoList(new Timetable('*/20 * * * *', 'UTC').nextTimes(from, 2))).toEqual([
      '2026-12-02T10:20:00.000Z',
      '2026-12-02T10:40:00.000Z',
    ]);
    expect(isoList(new Timetable('*/10 * * * * *', 'UTC').nextTimes(from, 2))).toEqual([
      '2026-12-02T10:15:40.000Z',
      '2026-12-02T10:15:50.000Z',
    ]);
    expect(isoList(new Timetable('0 9 * * MON-FRI', 'UTC').nextTimes(from, 3))).toEqual([
      '2026-12-03T09:00:00.000Z',
      '2026-12-04T09:00:00.000Z',
      '2026-12-07T09:00:00.000Z',
    ]);
    expect(isoList(new Timetable('0 0 1 JAN,JUL *', 'UTC').nextTimes(from, 2))).toEqual([
      '2027-01-01T00:00:00.000Z',
      '2027-07-01T00:00:00.000Z',
    ]);
    const nicknames: Record<string, string> = {
      '@hourly': '2026-12-02T11:00:00.000Z',
      '@daily': '2026-12-03T00:00:00.000Z',
      '@weekly': '2026-12-06T00:00:00.000Z',
      '@monthly': '2027-01-01T00:00:00.000Z',
      '@yearly': '2027-01-01T00:00:00.000Z',
    };
    for (const [cron, next] of Object.entries(nicknames)) {
      expect(new Timetable(cron, 'UTC').next(from)?.toISOString()).toBe(next);
    }
  });

  it('refuses what crontab does not mean, naming the field', () => {
    for (const cron of ['', '* * *', '1 2 3 4 5 6 7', '61 * * * *', '@every 5s', '@reboot', 'x']) {
      expect(() => new Timetable(cron, 'UTC'), cron).toThrow(TimetableError);
      try {
        new Timetable(cron, 'UTC');
      } catch (error) {
        expect((error as TimetableError).field).toBe('cron');
      }
    }
    for (const zone of ['Mars/Olympus', '', 'Europe/Berlin ']) {
      try {
        new Timetable('* * * * *', zone);
        expect.unreachable(zone);
      } catch (error) {
        expect((error as TimetableError).field, zone).toBe('timezone');
      }
    }
  });

  it('follows the zone across DST: Europe/Berlin', () => {
    const daily = new Timetable('30 2 * * *', 'Europe/Berlin');
    // 29 March 2026: 02:00 → 03:00; 02:30 does not exist that day, so it does not run.
    expect(isoList(daily.nextTimes(at('2026-03-27T12:00:00Z'), 3))).toEqual([
      '2026-03-28T01:30:00.000Z', // 02:30 CET
      '2026-03-30T00:30:00.000Z', // 02:30 CEST
      '2026-03-31T00:30:00.000Z',
    ]);
    // 25 October 2026: 03:00 → 02:00; 02:30 happens twice and runs once (the first).
    expect(isoList(daily.nextTimes(at('2026-10-24T12:00:00Z'), 3))).toEqual([
      '2026-10-25T00:30:00.000Z', // 02:30 CEST
      '2026-10-26T01:30:00.000Z', // 02:30 CET
      '2026-10-27T01:30:00.000Z',
    ]);
    // Every half hour: the repeated hour's times run once.
    const halfHourly = new Timetable('*/30 * * * *', 'Europe/Berlin');
    expect(isoList(halfHourly.nextTimes(at('2026-10-24T23:45:00Z'), 5))).toEqual([
      '2026-10-25T00:00:00.000Z', // 02:00 CEST
      '2026-10-25T00:30:00.000Z', // 02:30 CEST
      // 01:00Z and 01:30Z are 02:00 and 02:30 CET: the same wall clock again.
      '2026-10-25T02:00:00.000Z', // 03:00 CET
      '2026-10-25T02:30:00.000Z',
      '2026-10-25T03:00:00.000Z',
    ]);
    expect(isoList(halfHourly.nextTimes(at('2026-03-29T00:15:00Z'), 3))).toEqual([
      '2026-03-29T00:30:00.000Z', // 01:30 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST (02:00 and 02:30 do not exist)
      '2026-03-29T01:30:00.000Z',
    ]);
  });

  it('follows the zone across DST: America/New_York', () => {
    const daily = new Timetable('30 2 * * *', 'America/New_York');
    // 8 March 2026: 02:00 → 03:00.
    expect(isoList(daily.nextTimes(at('2026-03-06T12:00:00Z'), 3))).toEqual([
      '2026-03-07T07:30:00.000Z', // 02:30 EST
      '2026-03-09T06:30:00.000Z', // 02:30 EDT
      '2026-03-10T06:30:00.000Z',
    ]);
    // 1 November 2026: 02:00 → 01:00; 01:30 happens twice.
    const early = new Timetable('30 1 * * *', 'America/New_York');
    expect(isoList(early.nextTimes(at('2026-10-31T12:00:00Z'), 3))).toEqual([
      '2026-11-01T05:30:00.000Z', // 01:30 EDT
      '2026-11-02T06:30:00.000Z', // 01:30 EST
      '2026-11-03T06:30:00.000Z',
    ]);
  });

  it('lists the due times from a stored one, and the most recent ones', () => {
    const everySecond = new Timetable('* * * * * *', 'UTC');
    const due = everySecond.dueTimes(
      at('2026-01-01T00:00:00Z'),
      at('2026-01-01T00:00:02.500Z'),
      10,
    );
    expect(due.after?.toISOString()).toBe('2026-01-01T00:00:03.000Z');
    expect(isoList(due.times)).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-01-01T00:00:01.000Z',
      '2026-01-01T00:00:02.000Z',
    ]);
    expect(isoList(everySecond.recent(at('2026-01-01T00:00:02Z'), 2))).toEqual([
      '2026-01-01T00:00:01.000Z',
      '2026-01-01T00:00:02.000Z',
    ]);
  });
});

describe('planFires: on time, missed and caught up', () => {
  const everyMinute = new Timetable('* * * * *', 'UTC');
  const base: Omit<PlanInput, 'catchUp'> = {
    timetable: everyMinute,
    due: at('2026-01-01T10:00:00Z'),
    now: at('2026-01-01T10:00:00.200Z'),
    jitterMs: 0,
    startedAt: at('2026-01-01T09:00:00Z'),
  };

  it('fires a due time on time, and names the next one', () => {
    for (const catchUp of ['none', 'last', 'all'] as const) {
      const plan = planFires({ ...base, catchUp });
      expect(plan.fires).toEqual([{ scheduledFor: base.due, kind: 'on_time' }]);
      expect(plan.missed).toBe(0);
      expect(plan.next?.toISOString()).toBe('2026-01-01T10:01:00.000Z');
    }
  });

  it('a time up to 60 s late is on time; later, it is missed', () => {
    const late = { ...base, now: at('2026-01-01T10:00:59Z'), catchUp: 'none' as const };
    expect(planFires(late).fires).toHaveLength(1);
    const missed = { ...late, now: at('2026-01-01T10:01:01Z') };
    const plan = planFires(missed);
    // 10:00 is missed; 10:01 is on time.
    expect(plan.fires).toEqual([{ scheduledFor: at('2026-01-01T10:01:00Z'), kind: 'on_time' }]);
    expect(plan.missed).toBe(1);
    // The jitter is a deliberate delay: it adds to the allowance.
    expect(planFires({ ...missed, now: at('2026-01-01T10:00:59Z'), jitterMs: 30_000 }).missed).toBe(
      0,
    );
  });

  it('times due while no scheduler ran are missed, whatever their age', () => {
    const restarted = {
      ...base,
      due: at('2026-01-01T10:00:00Z'),
      now: at('2026-01-01T10:00:10Z'),
      startedAt: at('2026-01-01T10:00:09Z'),
      timetable: new Timetable('* * * * * *', 'UTC'),
    };
    // 10:00:00 … 10:00:06 came before the grace of 2 s before the start: missed.
    const none = planFires({ ...restarted, catchUp: 'none' });
    expect(none.missed).toBe(7);
    expect(isoList(none.fires.map((fire) => fire.scheduledFor))).toEqual([
      '2026-01-01T10:00:07.000Z',
      '2026-01-01T10:00:08.000Z',
      '2026-01-01T10:00:09.000Z',
      '2026-01-01T10:00:10.000Z',
    ]);
    const last = planFires({ ...restarted, catchUp: 'last' });
    expect(last.missed).toBe(6);
    expect(last.fires[0]).toEqual({
      scheduledFor: at('2026-01-01T10:00:06Z'),
      kind: 'caught_up',
    });
    expect(last.fires).toHaveLength(5);
    const all = planFires({ ...restarted, catchUp: 'all' });
    expect(all.missed).toBe(0);
    expect(all.fires.filter((fire) => fire.kind === 'caught_up')).toHaveLength(7);
    expect(all.fires[0].scheduledFor.toISOString()).toBe('2026-01-01T10:00:00.000Z');
  });

  it('all: the missed times of the last 24 h, oldest first, at most 100', () => {
    const down = {
      ...base,
      due: at('2026-01-01T10:00:00Z'),
      now: at('2026-01-01T13:00:30Z'), // 3 hours later: 180 missed minutes
      catchUp: 'all' as const,
    };
    const plan = planFires(down);
    const caught = plan.fires.filter((fire) => fire.kind === 'caught_up');
    expect(caught).toHaveLength(CATCH_UP_MAX);
    expect(caught[0].scheduledFor.toISOString()).toBe('2026-01-01T11:20:00.000Z');
    expect(caught.at(-1)!.scheduledFor.toISOString()).toBe('2026-01-01T12:59:00.000Z');
    expect(plan.fires.at(-1)).toEqual({
      scheduledFor: at('2026-01-01T13:00:00Z'),
      kind: 'on_time',
    });
    expect(plan.missed).toBe(80);

    const hourly = new Timetable('0 * * * *', 'UTC');
    const twoDays = planFires({
      ...down,
      timetable: hourly,
      due: at('2026-01-01T00:00:00Z'),
      now: at('2026-01-03T00:30:00Z'),
    });
    // Only the last 24 hours: 00:30 on the 2nd onwards, so 01:00 … 00:00 (24 times).
    expect(twoDays.fires).toHaveLength(24);
    expect(twoDays.fires[0].scheduledFor.toISOString()).toBe('2026-01-02T01:00:00.000Z');
    expect(twoDays.missed).toBe(25);
  });

  it('a downtime of days on a seconds schedule stays cheap', () => {
    const started = Date.now();
    const plan = planFires({
      ...base,
      timetable: new Timetable('* * * * * *', 'UTC'),
      due: at('2026-01-01T00:00:00Z'),
      now: at('2026-01-03T00:00:00.500Z'),
      catchUp: 'all',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(plan.fires.filter((fire) => fire.kind === 'caught_up')).toHaveLength(CATCH_UP_MAX);
    expect(plan.fires.at(-1)!.scheduledFor.toISOString()).toBe('2026-01-03T00:00:00.000Z');
    expect(plan.missed).toBeGreaterThan(0);
  });
});

describe('overlap and jitter', () => {
  it('skip: blocked while the previous execution is queued, running or waiting', () => {
    for (const status of ['queued', 'running', 'waiting']) {
      expect(blockedByOverlap('skip', status)).toBe(true);
      expect(blockedByOverlap('allow', status)).toBe(false);
    }
    for (const status of ['completed', 'failed', 'cancelled', null]) {
      expect(blockedByOverlap('skip', status)).toBe(false);
    }
  });

  it('the fire time is the nominal one plus at most jitter_ms', () => {
    const nominal = at('2026-01-01T10:00:00Z');
    expect(fireAt(nominal, 0)).toBe(nominal);
    expect(fireAt(nominal, 1000, () => 0).getTime()).toBe(nominal.getTime());
    expect(fireAt(nominal, 1000, () => 0.999999).getTime()).toBe(nominal.getTime() + 1000);
  });
});

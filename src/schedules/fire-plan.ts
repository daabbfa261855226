import type { CatchUpPolicy, OverlapPolicy } from './schedule.entity';
import type { Timetable } from './timetable';

/** A fire time more than this late counts as missed, even while a scheduler runs. */
export const MISSED_AFTER_MS = 60_000;
/**
 * A fire time due this long before the scheduler started counts as missed: no scheduler ran
 * then (another one would have taken it within a tick or two).
 */
export const STARTUP_GRACE_MS = 2_000;
/** `catch_up: "all"` runs the missed times of this window at most… */
export const CATCH_UP_WINDOW_MS = 24 * 60 * 60 * 1000;
/** …and at most this many of them. */
export const CATCH_UP_MAX = 100;

/** Due times walked forward from the stored one before looking back from now instead. */
const FORWARD_LIMIT = 300;
/** Due times looked at, back from now, after a long downtime. */
const RECENT_LIMIT = CATCH_UP_MAX + 400;

/** What one due fire time becomes. */
export type FireKind = 'on_time' | 'caught_up';

export interface PlannedFire {
  scheduledFor: Date;
  kind: FireKind;
}

export interface FirePlan {
  /** The times to fire now, oldest first. */
  fires: PlannedFire[];
  /** Due times dropped as missed. */
  missed: number;
  /** The next nominal fire time after `now` (null: the expression has no more). */
  next: Date | null;
}

export interface PlanInput {
  timetable: Timetable;
  /** The stored nominal time of the next fire (due: at or before `now`). */
  due: Date;
  now: Date;
  catchUp: CatchUpPolicy;
  jitterMs: number;
  /** When this scheduler began ticking. */
  startedAt: Date;
}

/**
 * The fires of one due schedule (docs/schedules.md, Catch-up). Every fire time from `due` up
 * to `now` is either on time (at most MISSED_AFTER_MS late, counting its jitter, and due while
 * a scheduler ran) and fires, or missed: `none` drops the missed times, `last` fires the most
 * recent of them, `all` fires those of the last 24 hours, at most the 100 most recent, oldest
 * first. Pure: the caller reads the clock. The missed count is exact up to 300 due
 * times; beyond, the times older than the most recent few hundred count as one.
 */
export function planFires(input: PlanInput): FirePlan {
  const { timetable, due, now, catchUp, jitterMs, startedAt } = input;
  const windowStart = now.getTime() - CATCH_UP_WINDOW_MS;
  const dueTimes = timetable.dueTimes(due, now, FORWARD_LIMIT);
  // More than FORWARD_LIMIT times came due (a long downtime): the most recent ones matter.
  const many = dueTimes.times.length >= FORWARD_LIMIT;
  const times = (many ? timetable.recent(now, RECENT_LIMIT) : dueTimes.times).filter(
    (time) => time.getTime() >= due.getTime(),
  );
  // Times older than a day are never run (and, past the limits above, counted once).
  const tooOld = times.filter((time) => time.getTime() < windowStart).length + (many ? 1 : 0);
  const inWindow = times.filter((time) => time.getTime() >= windowStart);
  const isMissed = (time: Date) =>
    now.getTime() - time.getTime() > MISSED_AFTER_MS + jitterMs ||
    time.getTime() + jitterMs < startedAt.getTime() - STARTUP_GRACE_MS;
  const missedTimes = inWindow.filter(isMissed);
  const onTime = inWindow.filter((time) => !isMissed(time));
  let caughtUp: Date[] = [];
  if (catchUp === 'last') caughtUp = missedTimes.slice(-1);
  if (catchUp === 'all') caughtUp = missedTimes.slice(-CATCH_UP_MAX);
  const fires: PlannedFire[] = [
    ...caughtUp.map((scheduledFor) => ({ scheduledFor, kind: 'caught_up' as const })),
    ...onTime.map((scheduledFor) => ({ scheduledFor, kind: 'on_time' as const })),
  ];
  return {
    fires,
    missed: missedTimes.length - caughtUp.length + tooOld,
    next: many ? timetable.next(now) : dueTimes.after,
  };
}

/** The time a scheduler takes a fire at: its nominal time plus a random jitter. */
export function fireAt(nominal: Date, jitterMs: number, random: () => number = Math.random): Date {
  if (jitterMs <= 0) return nominal;
  return new Date(nominal.getTime() + Math.floor(random() * (jitterMs + 1)));
}

/** Statuses during which a schedule's execution is still going (`overlap: "skip"`). */
export const UNFINISHED_STATUSES = ['queued', 'running', 'waiting'] as const;

/**
 * `overlap`: whether a fire starts nothing because the schedule's previous execution (its
 * status, or null when there is none or it was pruned) is still queued, running or waiting.
 */
export function blockedByOverlap(overlap: OverlapPolicy, previous: string | null): boolean {
  return overlap === 'skip' && previous !== null && isUnfinished(previous);
}

function isUnfinished(status: string): boolean {
  return (UNFINISHED_STATUSES as readonly string[]).includes(status);
}

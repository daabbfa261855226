import { Cron } from 'croner';

/** The nicknames a schedule's `cron` may be instead of fields. */
export const CRON_NICKNAMES = ['@hourly', '@daily', '@weekly', '@monthly', '@yearly'] as const;

/** Fire times looked at, at most, to find the next one that the zone's wall clock has. */
const MAX_CANDIDATES = 10_000;

/** Why a `cron` or `timezone` was refused: the field and a message for the 400. */
export class TimetableError extends Error {
  constructor(
    readonly field: 'cron' | 'timezone',
    message: string,
  ) {
    super(message);
  }
}

/**
 * A schedule's fire times: its cron expression (5 fields, or 6 with seconds first, or a
 * nickname) read on the wall clock of an IANA zone by croner. Two rules on top of croner's:
 * a local time that a DST change skips does not run that day (croner would run it at the end
 * of the gap), and a local time that occurs twice runs once, at its first occurrence.
 */
export class Timetable {
  private readonly cron: Cron;
  private readonly wallClock: Intl.DateTimeFormat;

  constructor(expression: string, timezone: string) {
    checkTimezone(timezone);
    const trimmed = expression.trim();
    if (trimmed.startsWith('@') && !(CRON_NICKNAMES as readonly string[]).includes(trimmed)) {
      throw new TimetableError(
        'cron',
        `cron must be 5 fields, 6 with seconds first, or one of ${CRON_NICKNAMES.join(', ')}`,
      );
    }
    try {
      this.cron = new Cron(trimmed, { timezone, paused: true, mode: '5-or-6-parts' });
    } catch (error) {
      throw new TimetableError('cron', `cron is not a valid expression: ${messageOf(error)}`);
    }
    this.wallClock = wallClockFormat(timezone);
  }

  /** The first fire time strictly after `after`, or null when there is none. */
  next(after: Date): Date | null {
    let previous = after;
    for (let i = 0; i < MAX_CANDIDATES; i++) {
      const candidate = this.cron.nextRun(previous);
      if (!candidate) return null;
      if (this.onWallClock(candidate)) return candidate;
      previous = candidate;
    }
    return null;
  }

  /** The next `count` fire times after `after`. */
  nextTimes(after: Date, count: number): Date[] {
    const times: Date[] = [];
    let previous = after;
    while (times.length < count) {
      const time = this.next(previous);
      if (!time) break;
      times.push(time);
      previous = time;
    }
    return times;
  }

  /**
   * The fire times from `from` (included when it is one) to `to` (included), oldest first, at
   * most `limit`, and the first fire time after them (null: none). Cheap when only `from` is
   * due: one croner step, whose result is also the next time.
   */
  dueTimes(from: Date, to: Date, limit: number): { times: Date[]; after: Date | null } {
    const times: Date[] = [];
    let time: Date | null = this.isFireTime(from) ? from : this.next(from);
    while (time && time.getTime() <= to.getTime() && times.length < limit) {
      times.push(time);
      time = this.next(time);
    }
    return { times, after: time && time.getTime() > to.getTime() ? time : this.next(to) };
  }

  /** The most recent fire times at or before `at`, oldest first, about `count` of them. */
  recent(at: Date, count: number): Date[] {
    return this.cron
      .previousRuns(count, new Date(at.getTime() + 1))
      .filter((time) => this.onWallClock(time))
      .reverse();
  }

  /** Whether `time` is one of the fire times. */
  isFireTime(time: Date): boolean {
    return time.getMilliseconds() === 0 && this.onWallClock(time);
  }

  /**
   * Whether `time` is a time of the pattern on the zone's wall clock, and its first
   * occurrence there: not a time croner moved to the end of a DST gap, and not the second
   * pass through a local hour that a DST change repeats.
   */
  private onWallClock(time: Date): boolean {
    if (!this.cron.match(time)) return false;
    const local = this.wallClock.format(time);
    // DST changes move clocks by an hour (30 minutes in a few zones).
    for (const shift of [3_600_000, 1_800_000]) {
      if (this.wallClock.format(new Date(time.getTime() - shift)) === local) return false;
    }
    return true;
  }
}

/** Throws a TimetableError unless `timezone` is an IANA zone name this runtime knows. */
export function checkTimezone(timezone: string): void {
  if (typeof timezone !== 'string' || timezone.length === 0 || timezone.length > 64) {
    throw new TimetableError('timezone', 'timezone must be an IANA time zone name');
  }
  try {
    wallClockFormat(timezone);
  } catch {
    throw new TimetableError('timezone', `timezone "${timezone}" is not a known IANA time zone`);
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timezone: string): Intl.DateTimeFormat {
  let format = formats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (formats.size < 1000) formats.set(timezone, format);
  }
  return format;
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/^CronPattern: /, '');
}

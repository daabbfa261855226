import { now } from '../common/time';

/** What the schedules read the time from: `SCHEDULE_CLOCK`, replaced by a fake in tests. */
export interface ScheduleClock {
  now(): Date;
}

export const SCHEDULE_CLOCK = Symbol('SCHEDULE_CLOCK');

export const SYSTEM_CLOCK: ScheduleClock = { now };

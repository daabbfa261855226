import { now } from '../common/time';

/** What the schedules read the time from: `SCHEDULE_CLOCK`, replaced by a fake in tests. */
export interface ScheduleClock {
  now(): Date;
  /**
   * Resolves at `at` (at once when it has passed). A clock that has it lets the scheduler
   * claim fires up to SCHEDULER_LOOKAHEAD_MS before their time and start each one on time;
   * without it (a fake clock moved by hand), only fires already due are claimed.
   */
  sleepUntil?(at: Date): Promise<void>;
}

export const SCHEDULE_CLOCK = Symbol('SCHEDULE_CLOCK');

export const SYSTEM_CLOCK: ScheduleClock = {
  now,
  sleepUntil: (at) => {
    const ms = at.getTime() - Date.now();
    return ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
  },
};

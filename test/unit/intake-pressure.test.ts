import type { EventLoopUtilization, Performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { EventLoopWindow, IntakePressure } from '../../src/queue/intake-pressure';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs code without a pause for `ms`: the event loop is busy all that time. */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** When the worker of a process gives its intake precedence (Worker, WORKER_YIELD_MS). */
describe('intake pressure', () => {
  it('is a batch of several submits in the last 100 ms while the process is saturated', () => {
    const pressure = new IntakePressure({ check: () => true });
    expect(pressure.busy(1000)).toBe(false);
    pressure.noteBatch(5, 1000);
    expect(pressure.busy(1000)).toBe(true);
    expect(pressure.busy(1099)).toBe(true);
    expect(pressure.busy(1100)).toBe(false);
  });

  it('is not one request after another', () => {
    const pressure = new IntakePressure({ check: () => true });
    pressure.noteBatch(1, 1000);
    expect(pressure.busy(1001)).toBe(false);
  });

  it('is not a flow the process handles with time to spare', () => {
    let saturated = false;
    const pressure = new IntakePressure({ check: () => saturated });
    pressure.noteBatch(40, 1000);
    expect(pressure.busy(1001)).toBe(false);
    saturated = true;
    expect(pressure.busy(1001)).toBe(true);
  });
});

describe('event loop window', () => {
  it('says saturated after a window of running code, not after one of waiting', async () => {
    const window = new EventLoopWindow();
    spin(150);
    expect(window.check()).toBe(true);
    // Asked again within the window: the last reading stands.
    expect(window.check()).toBe(true);
    await sleep(150);
    expect(window.check()).toBe(false);
  });

  it('counts a window busy over 75 % as saturated (a loop that also waits for database replies)', () => {
    // A clock of the loop's busy and idle time, in ms, as performance.eventLoopUtilization keeps it.
    const loop = { active: 0, idle: 0 };
    const utilization = ((now?: EventLoopUtilization, before?: EventLoopUtilization) => {
      if (!now) return { ...loop, utilization: 0 };
      const active = now.active - before!.active;
      const idle = now.idle - before!.idle;
      return { active, idle, utilization: active / (active + idle) };
    }) as Performance['eventLoopUtilization'];
    const window = new EventLoopWindow(utilization, 0);
    const pass = (at: number, busyMs: number) => {
      loop.active += busyMs;
      loop.idle += 100 - busyMs;
      return window.check(at);
    };
    expect(pass(100, 80)).toBe(true);
    expect(pass(200, 76)).toBe(true);
    expect(pass(300, 74)).toBe(false);
    expect(pass(400, 50)).toBe(false);
  });

  it('does not count a window much longer than 100 ms (nobody asked meanwhile)', () => {
    const window = new EventLoopWindow();
    spin(250);
    expect(window.check()).toBe(false);
  });
});

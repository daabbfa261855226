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

  it('does not count a window much longer than 100 ms (nobody asked meanwhile)', () => {
    const window = new EventLoopWindow();
    spin(250);
    expect(window.check()).toBe(false);
  });
});

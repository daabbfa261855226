import { performance, type EventLoopUtilization, type Performance } from 'node:perf_hooks';

/** How long (ms) after a batch of several requests the intake counts as busy. */
const BUSY_FOR_MS = 100;
/** The event loop's utilisation is measured over windows this long (ms). */
const WINDOW_MS = 100;
/**
 * The share of a window the event loop ran code above which the process is saturated. 75 %,
 * not 90: on MariaDB the loop of a saturated process still waits for replies a fifth of the
 * time, and at 90 % most of a burst's claims went ahead (docs/decisions/0030-acknowledgements-first-during-a-burst.md).
 */
const SATURATED = 0.75;

/**
 * Whether the event loop of this process was saturated: busy over 75 % of the last window of
 * 100 ms (Node's event loop utilisation: time running code against time waiting for I/O).
 * A window is closed when asked after it ended; one much longer than 100 ms (nobody asked
 * meanwhile) says little about now and counts as not saturated.
 */
export class EventLoopWindow {
  private at: number;
  private elu: EventLoopUtilization;
  private saturated = false;

  /** `utilization` is Node's `performance.eventLoopUtilization` (a test passes its own). */
  constructor(
    private readonly utilization: Performance['eventLoopUtilization'] = (...args) =>
      performance.eventLoopUtilization(...args),
    now = Date.now(),
  ) {
    this.at = now;
    this.elu = utilization();
  }

  check(now = Date.now()): boolean {
    if (now - this.at >= WINDOW_MS) {
      const elu = this.utilization();
      const window = this.utilization(elu, this.elu);
      this.saturated = now - this.at < 2 * WINDOW_MS && window.utilization > SATURATED;
      this.at = now;
      this.elu = elu;
    }
    return this.saturated;
  }
}

/**
 * Whether the intake of this process is under pressure: it takes requests in numbers
 * (batches of several submits, the last one started under BUSY_FOR_MS ago) while the event
 * loop is saturated, so that the worker of the same process gives it precedence (Worker,
 * WORKER_YIELD_MS). One request after another (a client waiting for each synchronous trigger)
 * is no pressure, and neither is a flow the process handles with time to spare: then the
 * worker runs everything at once. The intake notes each batch it starts; nothing else writes
 * here.
 */
export class IntakePressure {
  private busySince = Number.NEGATIVE_INFINITY;

  constructor(private readonly loop: Pick<EventLoopWindow, 'check'> = new EventLoopWindow()) {}

  /** The intake started writing a batch of `size` submits at `at` (ms). */
  noteBatch(size: number, at = Date.now()): void {
    if (size >= 2) this.busySince = at;
  }

  busy(now = Date.now()): boolean {
    return now - this.busySince < BUSY_FOR_MS && this.loop.check(now);
  }
}

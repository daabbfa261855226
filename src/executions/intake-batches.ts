import type { IntakePressure } from '../queue/intake-pressure';

/**
 * Batches written at once. SQLite runs one transaction at a time anyway; MySQL overlaps the
 * commit (fsync) of one batch with the statements of the next.
 */
export const MAX_IN_FLIGHT = { sqlite: 1, mysql: 4 } as const;
/** A submit this long (ms) after the last batch started is written at the next turn, unbatched. */
const IDLE_AFTER_MS = 5;

/**
 * How long (ms) a submit arriving with no batch pending waits for others: the configured
 * window while submits keep coming; none (the next turn of the event loop) when nothing is
 * being written and either the last batch started over IDLE_AFTER_MS ago or it held a single
 * submit (one client sending one request after another: a window would only add to each
 * answer). A window longer than IDLE_AFTER_MS (tests use one to make batches) always applies.
 */
export function batchWindowMs(
  windowMs: number,
  state: { inFlight: number; sinceLastBatchMs: number; lastBatchSize: number },
): number {
  const quiet =
    state.inFlight === 0 && (state.sinceLastBatchMs > IDLE_AFTER_MS || state.lastBatchSize <= 1);
  return quiet && windowMs <= IDLE_AFTER_MS ? 0 : windowMs;
}

/** An entry waiting for its batch: failed with the error if its batch's write throws. */
export interface BatchEntry {
  reject(error: unknown): void;
}

/**
 * The group commit's schedule (ExecutionIntakeService): entries are collected for the
 * window of `batchWindowMs` (or until `max` are waiting, or while `maxInFlight` batches are
 * being written) and handed to `write` together; those that arrive meanwhile form the next.
 */
export class IntakeBatches<T extends BatchEntry> {
  private pending: T[] = [];
  private timer: NodeJS.Timeout | NodeJS.Immediate | null = null;
  private inFlight = 0;
  /** When the last batch started (ms): the window applies only to entries close behind it. */
  private lastBatchAt = 0;
  /** Entries in the last batch started. */
  private lastBatchSize = 0;

  constructor(
    private readonly limits: { windowMs: number; max: number; maxInFlight: number },
    private readonly pressure: IntakePressure,
    private readonly write: (batch: T[]) => Promise<void>,
  ) {}

  add(entry: T): void {
    this.pending.push(entry);
    if (this.inFlight >= this.limits.maxInFlight) return; // picked up when a batch completes
    if (this.pending.length >= this.limits.max) return this.flushNow();
    if (this.timer) return;
    const window = batchWindowMs(this.limits.windowMs, {
      inFlight: this.inFlight,
      sinceLastBatchMs: Date.now() - this.lastBatchAt,
      lastBatchSize: this.lastBatchSize,
    });
    this.timer = window > 0 ? setTimeout(this.onTimer, window) : setImmediate(this.onTimer);
  }

  private readonly onTimer = (): void => {
    this.timer = null;
    this.flushNow();
  };

  private flushNow(): void {
    if (this.timer) {
      clearTimeout(this.timer as NodeJS.Timeout);
      clearImmediate(this.timer as NodeJS.Immediate);
      this.timer = null;
    }
    while (this.pending.length > 0 && this.inFlight < this.limits.maxInFlight) {
      const batch = this.pending.splice(0, this.limits.max);
      this.inFlight++;
      this.lastBatchAt = Date.now();
      this.lastBatchSize = batch.length;
      this.pressure.noteBatch(batch.length, this.lastBatchAt);
      void this.write(batch)
        // Unexpected: no entry may be left waiting (settled ones ignore this).
        .catch((error: unknown) => batch.forEach((entry) => entry.reject(error)))
        .finally(() => {
          this.inFlight--;
          // Those that arrived meanwhile have waited long enough.
          if (this.pending.length > 0) this.flushNow();
        });
    }
  }
}

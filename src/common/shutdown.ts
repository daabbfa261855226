/**
 * When this process must have stopped. Set once by `Service.close()` (SIGTERM) to now +
 * SHUTDOWN_GRACE_MS; the listeners and the worker drain against this one deadline.
 */
export class ShutdownClock {
  private at: number | null = null;

  /** Starts the countdown (the first call wins). */
  begin(graceMs: number): number {
    this.at ??= Date.now() + graceMs;
    return this.at;
  }

  get draining(): boolean {
    return this.at !== null;
  }

  /** Milliseconds left before the deadline; `fallback` when no shutdown has begun. */
  remainingMs(fallback: number): number {
    return this.at === null ? fallback : Math.max(0, this.at - Date.now());
  }
}

import type { LogEntry } from '../executions/execution.entity';
import type { LogLevel } from '../kinds/agent-kind';

/** Bounds of one execution's logs, so a chatty kind cannot bloat the row. */
export const MAX_LOG_ENTRIES = 1000;
export const MAX_LOG_MESSAGE_CHARS = 4000;

/**
 * The log entries of one run, kept in memory while it runs and written with the final update
 * (one JSON column, one read for the detail route). A run that lasts longer than
 * LIVE_LOG_MS also has its log written while it runs, when it grew (see ExecutionRunner).
 * An attempt after an interrupted one starts from the entries the row holds (`earlier`:
 * what the earlier attempts wrote before they stopped), so its own follow them and the
 * writes of this attempt never drop them.
 */
export class RunLog {
  readonly entries: LogEntry[];
  private dropped = 0;
  /** Where this attempt's own entries start. */
  private readonly own: number;
  /** Grows with every entry added (or dropped): tells whether the log changed since a write. */
  version = 0;

  constructor(earlier: readonly LogEntry[] = []) {
    this.entries = earlier.slice(0, MAX_LOG_ENTRIES - 1);
    this.own = this.entries.length;
  }

  add(level: LogLevel, message: string): void {
    this.version++;
    if (this.entries.length >= MAX_LOG_ENTRIES - 1) {
      this.dropped++;
      return;
    }
    const text = String(message);
    this.entries.push({
      timestamp: new Date().toISOString(),
      level,
      message:
        text.length > MAX_LOG_MESSAGE_CHARS ? `${text.slice(0, MAX_LOG_MESSAGE_CHARS)}…` : text,
    });
  }

  /** Whether this attempt (not an earlier one) logged an entry of `level`. */
  hasLevel(level: LogLevel): boolean {
    return this.entries.slice(this.own).some((entry) => entry.level === level);
  }

  /** The entries, with a final note when some were dropped. */
  toJSON(): LogEntry[] {
    if (this.dropped === 0) return [...this.entries];
    return [
      ...this.entries,
      {
        timestamp: new Date().toISOString(),
        level: 'warn',
        message: `${this.dropped} further log entries were dropped (limit ${MAX_LOG_ENTRIES})`,
      },
    ];
  }
}

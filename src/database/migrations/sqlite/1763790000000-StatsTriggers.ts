import { MigrationInterface } from 'typeorm';

/**
 * Formerly created triggers on `executions` that kept `agent_daily_stats`. The application now
 * writes the counters itself (DailyCounters), on SQLite as on MySQL (where a managed server
 * does not let the application create triggers), so this migration does nothing: a fresh
 * database gets no triggers. It stays in the list so that databases that ran it keep a
 * consistent history; those have their triggers dropped by DropStatsTriggers.
 */
export class SqliteStatsTriggers1763790000000 implements MigrationInterface {
  name = 'SqliteStatsTriggers1763790000000';

  public async up(): Promise<void> {
    // Intentionally empty (see above).
  }

  public async down(): Promise<void> {
    // Intentionally empty: `up` creates nothing.
  }
}

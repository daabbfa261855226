import { MigrationInterface } from 'typeorm';

/**
 * Formerly created triggers on `executions` that kept `agent_daily_stats`. Creating a trigger
 * needs SUPER (or `log_bin_trust_function_creators=1`) on a server with binary logging, which
 * a managed MySQL does not give the application, so the application now writes the counters
 * itself (DailyCounters) and this migration does nothing: a fresh database gets no triggers.
 * It stays in the list so that databases that ran it keep a consistent history; those have
 * their triggers dropped by DropStatsTriggers.
 */
export class MysqlStatsTriggers1763790000000 implements MigrationInterface {
  name = 'MysqlStatsTriggers1763790000000';

  public async up(): Promise<void> {
    // Intentionally empty (see above).
  }

  public async down(): Promise<void> {
    // Intentionally empty: `up` creates nothing.
  }
}

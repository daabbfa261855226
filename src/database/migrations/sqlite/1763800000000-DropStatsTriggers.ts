import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drops the daily-counter triggers of a database migrated before the application wrote the
 * counters itself (DailyCounters): left in place they would count every execution twice.
 * Counters are not touched: the triggers counted everything written before the upgrade, the
 * application counts everything after (stop the old processes before migrating).
 */
export class SqliteDropStatsTriggers1763800000000 implements MigrationInterface {
  name = 'SqliteDropStatsTriggers1763800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS "trg_executions_count_finished"`);
    await queryRunner.query(`DROP TRIGGER IF EXISTS "trg_executions_count_inserted_final"`);
    await queryRunner.query(`DROP TRIGGER IF EXISTS "trg_executions_count_created"`);
  }

  public async down(): Promise<void> {
    // Intentionally empty: the application counts; triggers again would count twice.
  }
}

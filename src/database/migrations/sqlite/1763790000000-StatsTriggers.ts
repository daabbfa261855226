import { MigrationInterface, QueryRunner } from 'typeorm';

/** Counts NEW (completed or failed) on the UTC day of its `completed_at`. */
const FINISHED = `INSERT INTO "agent_daily_stats" ("agent_id", "day", "created", "completed", "failed")
  VALUES (NEW."agent_id",
    substr(COALESCE(NEW."completed_at", strftime('%Y-%m-%d %H:%M:%f', 'now')), 1, 10), 0,
    NEW."status" = 'completed', NEW."status" = 'failed')
  ON CONFLICT ("agent_id", "day") DO UPDATE SET
    "completed" = "completed" + excluded."completed", "failed" = "failed" + excluded."failed";`;

/**
 * The per-agent daily counters (`agent_daily_stats`) are kept by the database itself: a row
 * inserted into `executions` counts as `created` on the UTC day of its `created_at`; a row
 * that reaches `completed` or `failed` (by an update, or inserted so) counts on the day of
 * its `completed_at`.
 * Times are stored as UTC text (`YYYY-MM-DD HH:MM:SS.SSS`), so the day is its first 10
 * characters.
 */
export class SqliteStatsTriggers1763790000000 implements MigrationInterface {
  name = 'SqliteStatsTriggers1763790000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TRIGGER "trg_executions_count_created" AFTER INSERT ON "executions"
       BEGIN
         INSERT INTO "agent_daily_stats" ("agent_id", "day", "created", "completed", "failed")
         VALUES (NEW."agent_id", substr(NEW."created_at", 1, 10), 1, 0, 0)
         ON CONFLICT ("agent_id", "day") DO UPDATE SET "created" = "created" + 1;
       END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_executions_count_inserted_final" AFTER INSERT ON "executions"
       WHEN NEW."status" IN ('completed', 'failed')
       BEGIN ${FINISHED} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_executions_count_finished" AFTER UPDATE OF "status" ON "executions"
       WHEN NEW."status" <> OLD."status" AND NEW."status" IN ('completed', 'failed')
       BEGIN ${FINISHED} END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "trg_executions_count_finished"`);
    await queryRunner.query(`DROP TRIGGER "trg_executions_count_inserted_final"`);
    await queryRunner.query(`DROP TRIGGER "trg_executions_count_created"`);
  }
}

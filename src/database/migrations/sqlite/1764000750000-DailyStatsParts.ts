import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily counters get a row per writer (`part`: 0 the intake, 1 the worker), so that the
 * intake and the worker never wait on one row lock (AgentDailyStats). SQLite cannot change a
 * primary key in place: the table is rebuilt, every existing row becoming part 0 with its
 * counts unchanged (a day's counters are the sum over its parts).
 */
export class SqliteDailyStatsParts1764000750000 implements MigrationInterface {
  name = 'SqliteDailyStatsParts1764000750000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "temporary_agent_daily_stats" ("agent_id" varchar(40) NOT NULL, "day" varchar(10) NOT NULL, "part" smallint NOT NULL DEFAULT (0), "created" integer NOT NULL DEFAULT (0), "completed" integer NOT NULL DEFAULT (0), "failed" integer NOT NULL DEFAULT (0), PRIMARY KEY ("agent_id", "day", "part"))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_agent_daily_stats"("agent_id", "day", "part", "created", "completed", "failed") SELECT "agent_id", "day", 0, "created", "completed", "failed" FROM "agent_daily_stats"`,
    );
    await queryRunner.query(`DROP TABLE "agent_daily_stats"`);
    await queryRunner.query(
      `ALTER TABLE "temporary_agent_daily_stats" RENAME TO "agent_daily_stats"`,
    );
  }

  /** Back to one row per day: each day's parts summed. */
  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "agent_daily_stats" RENAME TO "temporary_agent_daily_stats"`,
    );
    await queryRunner.query(
      `CREATE TABLE "agent_daily_stats" ("agent_id" varchar(40) NOT NULL, "day" varchar(10) NOT NULL, "created" integer NOT NULL DEFAULT (0), "completed" integer NOT NULL DEFAULT (0), "failed" integer NOT NULL DEFAULT (0), PRIMARY KEY ("agent_id", "day"))`,
    );
    await queryRunner.query(
      `INSERT INTO "agent_daily_stats"("agent_id", "day", "created", "completed", "failed") SELECT "agent_id", "day", SUM("created"), SUM("completed"), SUM("failed") FROM "temporary_agent_daily_stats" GROUP BY "agent_id", "day"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_agent_daily_stats"`);
  }
}

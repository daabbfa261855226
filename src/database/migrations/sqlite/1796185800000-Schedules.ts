import { MigrationInterface, QueryRunner } from 'typeorm';

/** Schedules, and the fire each schedule execution is (docs/schedules.md). */
export class SqliteSchedules1796185800000 implements MigrationInterface {
  name = 'SqliteSchedules1796185800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "schedules" ("id" varchar(40) PRIMARY KEY NOT NULL, "account_id" varchar(40) NOT NULL, "agent_id" varchar(40) NOT NULL, "cron" varchar(255) NOT NULL, "timezone" varchar(64) NOT NULL, "input" json NOT NULL, "overlap" varchar(8) NOT NULL, "catch_up" varchar(8) NOT NULL, "jitter_ms" integer NOT NULL, "enabled" boolean NOT NULL, "external_id" varchar(255), "next_run_at" datetime(3), "next_fire_at" datetime(3), "claimed_by" varchar(40), "last_fired_at" datetime(3), "last_execution_id" varchar(40), "created_at" datetime(3) NOT NULL, "updated_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_schedules_agent_external" ON "schedules" ("agent_id", "external_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_schedules_next_fire" ON "schedules" ("next_fire_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_schedules_account" ON "schedules" ("account_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_schedules_agent_created" ON "schedules" ("agent_id", "created_at", "id") `,
    );
    await queryRunner.query(`ALTER TABLE "executions" ADD COLUMN "schedule_id" varchar(40)`);
    await queryRunner.query(`ALTER TABLE "executions" ADD COLUMN "scheduled_for" datetime(3)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_executions_schedule_fire" ON "executions" ("schedule_id", "scheduled_for") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_executions_schedule_fire"`);
    await queryRunner.query(`ALTER TABLE "executions" DROP COLUMN "scheduled_for"`);
    await queryRunner.query(`ALTER TABLE "executions" DROP COLUMN "schedule_id"`);
    await queryRunner.query(`DROP TABLE "schedules"`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/** Waiting executions: what they wait for and when they wake (docs/workflows.md, Waits). */
export class SqliteExecutionWaits1764200000000 implements MigrationInterface {
  name = 'SqliteExecutionWaits1764200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "executions" ADD COLUMN "waiting" json`);
    await queryRunner.query(`ALTER TABLE "executions" ADD COLUMN "wake_at" datetime(3)`);
    await queryRunner.query(
      `ALTER TABLE "executions" ADD COLUMN "resumes" integer NOT NULL DEFAULT (0)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_executions_wake_at" ON "executions" ("wake_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_executions_wake_at"`);
    await queryRunner.query(`ALTER TABLE "executions" DROP COLUMN "resumes"`);
    await queryRunner.query(`ALTER TABLE "executions" DROP COLUMN "wake_at"`);
    await queryRunner.query(`ALTER TABLE "executions" DROP COLUMN "waiting"`);
  }
}

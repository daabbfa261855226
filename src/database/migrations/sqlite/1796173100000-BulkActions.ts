import { MigrationInterface, QueryRunner } from 'typeorm';

/** Bulk actions, and the mark of the executions one matched (docs/api.md, Bulk retry). */
export class SqliteBulkActions1796173100000 implements MigrationInterface {
  name = 'SqliteBulkActions1796173100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "executions" ADD COLUMN "bulk_action_id" varchar(40)`);
    await queryRunner.query(
      `CREATE INDEX "idx_executions_bulk_action" ON "executions" ("bulk_action_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "bulk_actions" ("id" varchar(40) PRIMARY KEY NOT NULL, "account_id" varchar(40) NOT NULL, "kind" varchar(16) NOT NULL, "status" varchar(16) NOT NULL, "filter" json NOT NULL, "matched" integer NOT NULL, "retried" integer NOT NULL DEFAULT (0), "failed" integer NOT NULL DEFAULT (0), "cursor" varchar(40), "leased_until" datetime(3), "created_at" datetime(3) NOT NULL, "completed_at" datetime(3))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_bulk_actions_status" ON "bulk_actions" ("status", "leased_until") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_bulk_actions_account_created" ON "bulk_actions" ("account_id", "created_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "bulk_actions"`);
    await queryRunner.query(`DROP INDEX "idx_executions_bulk_action"`);
    await queryRunner.query(`ALTER TABLE "executions" DROP COLUMN "bulk_action_id"`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/** Wait tokens of workflow runs (docs/workflows.md, Wait tokens). */
export class SqliteWaitTokens1764200100000 implements MigrationInterface {
  name = 'SqliteWaitTokens1764200100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "wait_tokens" ("id" varchar(40) PRIMARY KEY NOT NULL, "account_id" varchar(40) NOT NULL, "agent_id" varchar(40) NOT NULL, "execution_id" varchar(40) NOT NULL, "step_id" varchar(200) NOT NULL, "status" varchar(16) NOT NULL, "title" varchar(200), "description" varchar(2000), "choices" json, "choice" varchar(200), "data" json, "completed_at" datetime(3), "completed_by" json, "secret_hash" varchar(64) NOT NULL, "expires_at" datetime(3) NOT NULL, "created_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_wait_tokens_execution_step" ON "wait_tokens" ("execution_id", "step_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_wait_tokens_account_created" ON "wait_tokens" ("account_id", "created_at", "id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "wait_tokens"`);
  }
}

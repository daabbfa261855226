import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tags of executions: on the row, and indexed for the `tag=` filter (docs/api.md, Tags). */
export class SqliteExecutionTags1796173000000 implements MigrationInterface {
  name = 'SqliteExecutionTags1796173000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "executions" ADD COLUMN "tags" json`);
    await queryRunner.query(
      `CREATE TABLE "execution_tags" ("execution_id" varchar(40) NOT NULL, "tag" varchar(64) NOT NULL, "account_id" varchar(40) NOT NULL, "created_at" datetime(3) NOT NULL, PRIMARY KEY ("execution_id", "tag"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_execution_tags_account_tag_created" ON "execution_tags" ("account_id", "tag", "created_at", "execution_id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "execution_tags"`);
    await queryRunner.query(`ALTER TABLE "executions" DROP COLUMN "tags"`);
  }
}

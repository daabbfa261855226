import { MigrationInterface, QueryRunner } from 'typeorm';

/** An execution's children by keyset, for `parent_execution_id=` (docs/api.md, Trigger and executions). */
export class SqliteExecutionChildrenIndex1796196000000 implements MigrationInterface {
  name = 'SqliteExecutionChildrenIndex1796196000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_executions_parent_created" ON "executions" ("parent_execution_id", "created_at", "id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_executions_parent_created"`);
  }
}

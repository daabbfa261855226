import { MigrationInterface, QueryRunner } from 'typeorm';

/** Executions started by an `agent` step (docs/workflows.md, Agents as steps). */
export class SqliteExecutionParents1796195000000 implements MigrationInterface {
  name = 'SqliteExecutionParents1796195000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "executions" ADD COLUMN "parent_execution_id" varchar(40)`,
    );
    await queryRunner.query(`ALTER TABLE "executions" ADD COLUMN "root_execution_id" varchar(40)`);
    await queryRunner.query(`ALTER TABLE "executions" ADD COLUMN "parent_step" varchar(300)`);
    await queryRunner.query(
      `ALTER TABLE "executions" ADD COLUMN "parent_waits" boolean NOT NULL DEFAULT (0)`,
    );
    await queryRunner.query(
      `ALTER TABLE "executions" ADD COLUMN "agent_depth" integer NOT NULL DEFAULT (0)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_executions_parent_step" ON "executions" ("parent_execution_id", "parent_step")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_executions_parent_step"`);
    for (const column of [
      'agent_depth',
      'parent_waits',
      'parent_step',
      'root_execution_id',
      'parent_execution_id',
    ]) {
      await queryRunner.query(`ALTER TABLE "executions" DROP COLUMN "${column}"`);
    }
  }
}

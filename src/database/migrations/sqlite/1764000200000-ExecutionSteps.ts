import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Workflow step records (an execution's `steps`; docs/workflows.md, Durability): one row per step
 * of an execution.
 */
export class SqliteExecutionSteps1764000200000 implements MigrationInterface {
  name = 'SqliteExecutionSteps1764000200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "execution_steps" ("execution_id" varchar(40) NOT NULL, "step_id" varchar(200) NOT NULL, "position" integer NOT NULL, "record" json NOT NULL, PRIMARY KEY ("execution_id", "step_id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "execution_steps"`);
  }
}

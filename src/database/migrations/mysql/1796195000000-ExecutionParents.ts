import { MigrationInterface, QueryRunner } from 'typeorm';

/** Executions started by an `agent` step (docs/workflows.md, Agents as steps). */
export class MysqlExecutionParents1796195000000 implements MigrationInterface {
  name = 'MysqlExecutionParents1796195000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`executions\` ADD \`parent_execution_id\` varchar(40) NULL, ADD \`root_execution_id\` varchar(40) NULL, ADD \`parent_step\` varchar(300) NULL, ADD \`parent_waits\` tinyint NOT NULL DEFAULT 0, ADD \`agent_depth\` int NOT NULL DEFAULT 0`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX \`uq_executions_parent_step\` ON \`executions\` (\`parent_execution_id\`, \`parent_step\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`uq_executions_parent_step\` ON \`executions\``);
    await queryRunner.query(
      `ALTER TABLE \`executions\` DROP COLUMN \`agent_depth\`, DROP COLUMN \`parent_waits\`, DROP COLUMN \`parent_step\`, DROP COLUMN \`root_execution_id\`, DROP COLUMN \`parent_execution_id\``,
    );
  }
}

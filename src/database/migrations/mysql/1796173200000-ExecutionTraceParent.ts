import { MigrationInterface, QueryRunner } from 'typeorm';

/** The trace context of an execution (docs/operations.md, Tracing). */
export class MysqlExecutionTraceParent1796173200000 implements MigrationInterface {
  name = 'MysqlExecutionTraceParent1796173200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`executions\` ADD \`trace_parent\` varchar(55) NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`executions\` DROP COLUMN \`trace_parent\``);
  }
}

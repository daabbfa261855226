import { MigrationInterface, QueryRunner } from 'typeorm';

/** Waiting executions: what they wait for and when they wake (docs/workflows.md, Waits). */
export class MysqlExecutionWaits1764200000000 implements MigrationInterface {
  name = 'MysqlExecutionWaits1764200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`executions\` ADD \`waiting\` json NULL, ADD \`wake_at\` datetime(3) NULL, ADD \`resumes\` int NOT NULL DEFAULT 0`,
    );
    await queryRunner.query(
      `CREATE INDEX \`idx_executions_wake_at\` ON \`executions\` (\`wake_at\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_executions_wake_at\` ON \`executions\``);
    await queryRunner.query(
      `ALTER TABLE \`executions\` DROP COLUMN \`resumes\`, DROP COLUMN \`wake_at\`, DROP COLUMN \`waiting\``,
    );
  }
}

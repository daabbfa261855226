import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Claims in the order executions became claimable (`queued_at`: creation, or flow control's
 * release), by the fair claim's index. Rows that may still be claimed take their creation.
 */
export class MysqlExecutionQueuedAt1796197000000 implements MigrationInterface {
  name = 'MysqlExecutionQueuedAt1796197000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`executions\` ADD \`queued_at\` datetime(3) NULL`);
    await queryRunner.query(
      `UPDATE \`executions\` SET \`queued_at\` = \`created_at\` WHERE \`status\` IN ('queued', 'held', 'running', 'waiting')`,
    );
    await queryRunner.query(
      `CREATE INDEX \`idx_executions_status_account_queued\` ON \`executions\` (\`status\`, \`account_id\`, \`queued_at\`, \`id\`)`,
    );
    await queryRunner.query(
      `DROP INDEX \`idx_executions_status_account_created\` ON \`executions\``,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX \`idx_executions_status_account_created\` ON \`executions\` (\`status\`, \`account_id\`, \`created_at\`, \`id\`)`,
    );
    await queryRunner.query(
      `DROP INDEX \`idx_executions_status_account_queued\` ON \`executions\``,
    );
    await queryRunner.query(`ALTER TABLE \`executions\` DROP COLUMN \`queued_at\``);
  }
}

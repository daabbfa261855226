import { MigrationInterface, QueryRunner } from 'typeorm';

/** Bulk actions, and the mark of the executions one matched (docs/api.md, Bulk retry). */
export class MysqlBulkActions1796173100000 implements MigrationInterface {
  name = 'MysqlBulkActions1796173100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`executions\` ADD \`bulk_action_id\` varchar(40) NULL, ADD INDEX \`idx_executions_bulk_action\` (\`bulk_action_id\`, \`id\`)`,
    );
    await queryRunner.query(
      `CREATE TABLE \`bulk_actions\` (\`id\` varchar(40) NOT NULL, \`account_id\` varchar(40) NOT NULL, \`kind\` varchar(16) NOT NULL, \`status\` varchar(16) NOT NULL, \`filter\` json NOT NULL, \`matched\` int NOT NULL, \`retried\` int NOT NULL DEFAULT 0, \`failed\` int NOT NULL DEFAULT 0, \`cursor\` varchar(40) NULL, \`leased_until\` datetime(3) NULL, \`created_at\` datetime(3) NOT NULL, \`completed_at\` datetime(3) NULL, INDEX \`idx_bulk_actions_status\` (\`status\`, \`leased_until\`), INDEX \`idx_bulk_actions_account_created\` (\`account_id\`, \`created_at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`bulk_actions\``);
    await queryRunner.query(
      `ALTER TABLE \`executions\` DROP INDEX \`idx_executions_bulk_action\`, DROP COLUMN \`bulk_action_id\``,
    );
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/** Fair claims: the accounts with queued executions, and each one's oldest, by index. */
export class MysqlFairClaimIndex1763801700000 implements MigrationInterface {
  name = 'MysqlFairClaimIndex1763801700000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX \`idx_executions_status_account_created\` ON \`executions\` (\`status\`, \`account_id\`, \`created_at\`, \`id\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP INDEX \`idx_executions_status_account_created\` ON \`executions\``,
    );
  }
}

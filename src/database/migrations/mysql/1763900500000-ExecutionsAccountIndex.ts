import { MigrationInterface, QueryRunner } from 'typeorm';

/** The account-wide execution list and usage (dashboard) read executions by account and time. */
export class MysqlExecutionsAccountIndex1763900500000 implements MigrationInterface {
  name = 'MysqlExecutionsAccountIndex1763900500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX \`idx_executions_account_created\` ON \`executions\` (\`account_id\`, \`created_at\`, \`id\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_executions_account_created\` ON \`executions\``);
  }
}

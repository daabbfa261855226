import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account secrets for workflow steps (docs/api.md, Secrets), values sealed like signing secrets.
 */
export class MysqlAccountSecrets1764000000000 implements MigrationInterface {
  name = 'MysqlAccountSecrets1764000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`secrets\` (\`id\` varchar(40) NOT NULL, \`account_id\` varchar(40) NOT NULL, \`name\` varchar(64) NOT NULL, \`value_enc\` text NOT NULL, \`created_at\` datetime(3) NOT NULL, \`updated_at\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_secrets_account_name\` (\`account_id\`, \`name\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`uq_secrets_account_name\` ON \`secrets\``);
    await queryRunner.query(`DROP TABLE \`secrets\``);
  }
}

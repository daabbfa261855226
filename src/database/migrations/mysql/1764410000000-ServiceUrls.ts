import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public URLs the running service's listeners recorded (one row per URL: `base_url`,
 * `docs_url`, `dashboard_url`, `webhook_base_url`), read by the CLI (see
 * database/service-urls.ts). No entity: only hand-written SQL reads it.
 */
export class MysqlServiceUrls1764410000000 implements MigrationInterface {
  name = 'MysqlServiceUrls1764410000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`service_urls\` (\`name\` varchar(32) NOT NULL, \`url\` varchar(2048) NOT NULL, \`updated_at\` datetime(3) NOT NULL, PRIMARY KEY (\`name\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`service_urls\``);
  }
}

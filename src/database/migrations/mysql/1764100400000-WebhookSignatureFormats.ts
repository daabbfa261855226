import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `webhook_signature_formats` of an agent: the signature forms its webhook accepts. Existing
 * agents keep accepting both.
 */
export class MysqlWebhookSignatureFormats1764100400000 implements MigrationInterface {
  name = 'MysqlWebhookSignatureFormats1764100400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`agents\` ADD \`webhook_signature_formats\` varchar(64) NOT NULL DEFAULT 'sha256,standard_webhooks'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`agents\` DROP COLUMN \`webhook_signature_formats\``);
  }
}

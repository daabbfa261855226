import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `webhook_signature_formats` of an agent: the signature forms its webhook accepts. Existing
 * agents keep accepting both. A column added in place (no table rebuild).
 */
export class SqliteWebhookSignatureFormats1764100400000 implements MigrationInterface {
  name = 'SqliteWebhookSignatureFormats1764100400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "agents" ADD COLUMN "webhook_signature_formats" varchar(64) NOT NULL DEFAULT ('sha256,standard_webhooks')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "agents" DROP COLUMN "webhook_signature_formats"`);
  }
}

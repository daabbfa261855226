import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exact (binary) comparison for the two columns looked up by values that clients choose or
 * that are case-sensitive tokens: `agents.webhook_id` (base64url) and
 * `executions.idempotency_key` (Idempotency-Key / webhook delivery ids). Under the default
 * `*_ci` collations MySQL/MariaDB would match `AbC` to `abc` (and `é` to `e`), so one webhook
 * URL would answer under several spellings and two distinct deliveries could be merged into
 * one. SQLite already compares them byte for byte; TypeORM does not diff collations, so the
 * entities are unchanged and this migration exists for MySQL only.
 */
export class MysqlBinaryWebhookKeys1763783000000 implements MigrationInterface {
  name = 'MysqlBinaryWebhookKeys1763783000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `agents` MODIFY `webhook_id` varchar(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL',
    );
    await queryRunner.query(
      'ALTER TABLE `executions` MODIFY `idempotency_key` varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `executions` MODIFY `idempotency_key` varchar(255) NULL');
    await queryRunner.query('ALTER TABLE `agents` MODIFY `webhook_id` varchar(64) NOT NULL');
  }
}

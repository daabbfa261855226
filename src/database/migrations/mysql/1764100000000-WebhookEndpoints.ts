import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook endpoints: their table, and the callback outbox and its attempts widened
 * to carry endpoint events (`endpoint_id`; `execution_id` null for agent events and pings;
 * the receiver's answer excerpt).
 */
export class MysqlWebhookEndpoints1764100000000 implements MigrationInterface {
  name = 'MysqlWebhookEndpoints1764100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`webhook_endpoints\` (\`id\` varchar(40) NOT NULL, \`account_id\` varchar(40) NOT NULL, \`url\` varchar(2048) NOT NULL, \`description\` varchar(255) NULL, \`events\` json NOT NULL, \`enabled\` tinyint NOT NULL, \`disabled_reason\` varchar(255) NULL, \`secret_enc\` text NOT NULL, \`previous_secret_enc\` text NULL, \`previous_secret_expires_at\` datetime(3) NULL, \`failing_since\` datetime(3) NULL, \`created_at\` datetime(3) NOT NULL, \`updated_at\` datetime(3) NOT NULL, INDEX \`idx_webhook_endpoints_account\` (\`account_id\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `ALTER TABLE \`callback_deliveries\` ADD \`endpoint_id\` varchar(40) NULL, MODIFY \`execution_id\` varchar(40) NULL, ADD INDEX \`idx_callback_deliveries_endpoint\` (\`endpoint_id\`, \`created_at\`)`,
    );
    await queryRunner.query(
      `ALTER TABLE \`delivery_attempts\` ADD \`endpoint_id\` varchar(40) NULL, ADD \`response_excerpt\` varchar(1024) NULL, MODIFY \`execution_id\` varchar(40) NULL, ADD INDEX \`idx_delivery_attempts_endpoint\` (\`endpoint_id\`, \`created_at\`, \`id\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM \`delivery_attempts\` WHERE \`execution_id\` IS NULL`);
    await queryRunner.query(`DELETE FROM \`callback_deliveries\` WHERE \`execution_id\` IS NULL`);
    await queryRunner.query(
      `ALTER TABLE \`delivery_attempts\` DROP INDEX \`idx_delivery_attempts_endpoint\`, DROP COLUMN \`endpoint_id\`, DROP COLUMN \`response_excerpt\`, MODIFY \`execution_id\` varchar(40) NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE \`callback_deliveries\` DROP INDEX \`idx_callback_deliveries_endpoint\`, DROP COLUMN \`endpoint_id\`, MODIFY \`execution_id\` varchar(40) NOT NULL`,
    );
    await queryRunner.query(`DROP TABLE \`webhook_endpoints\``);
  }
}

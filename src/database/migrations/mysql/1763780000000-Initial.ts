import { MigrationInterface, QueryRunner } from 'typeorm';

export class MysqlInitial1763780000000 implements MigrationInterface {
  name = 'MysqlInitial1763780000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`agents\` (\`id\` varchar(40) NOT NULL, \`account_id\` varchar(40) NOT NULL, \`name\` varchar(200) NOT NULL, \`kind\` varchar(64) NOT NULL, \`config\` json NOT NULL, \`status\` varchar(16) NOT NULL, \`webhook_id\` varchar(64) NOT NULL, \`webhook_auth\` varchar(16) NOT NULL, \`webhook_key_hash\` varchar(64) NULL, \`webhook_secret_enc\` text NULL, \`timeout_ms\` int NOT NULL, \`created_at\` datetime(3) NOT NULL, \`updated_at\` datetime(3) NOT NULL, \`deleted_at\` datetime(3) NULL, UNIQUE INDEX \`uq_agents_webhook_id\` (\`webhook_id\`), INDEX \`idx_agents_account_created\` (\`account_id\`, \`created_at\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`agent_daily_stats\` (\`agent_id\` varchar(40) NOT NULL, \`day\` varchar(10) NOT NULL, \`created\` int NOT NULL DEFAULT '0', \`completed\` int NOT NULL DEFAULT '0', \`failed\` int NOT NULL DEFAULT '0', PRIMARY KEY (\`agent_id\`, \`day\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`accounts\` (\`id\` varchar(40) NOT NULL, \`name\` varchar(200) NOT NULL, \`plan\` varchar(20) NOT NULL, \`signing_secret_enc\` text NULL, \`created_at\` datetime(3) NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`api_keys\` (\`id\` varchar(40) NOT NULL, \`account_id\` varchar(40) NOT NULL, \`name\` varchar(200) NULL, \`prefix\` varchar(16) NOT NULL, \`key_hash\` varchar(64) NOT NULL, \`scopes\` varchar(255) NOT NULL, \`created_at\` datetime(3) NOT NULL, \`last_used_at\` datetime(3) NULL, \`revoked_at\` datetime(3) NULL, INDEX \`idx_api_keys_account\` (\`account_id\`), UNIQUE INDEX \`uq_api_keys_hash\` (\`key_hash\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`executions\` (\`id\` varchar(40) NOT NULL, \`account_id\` varchar(40) NOT NULL, \`agent_id\` varchar(40) NOT NULL, \`agent_kind\` varchar(64) NOT NULL, \`status\` varchar(16) NOT NULL, \`source\` varchar(16) NOT NULL, \`retry_of\` varchar(40) NULL, \`input\` json NOT NULL, \`output\` json NULL, \`error\` json NULL, \`logs\` json NULL, \`callback_url\` varchar(2048) NULL, \`idempotency_key\` varchar(255) NULL, \`request_hash\` varchar(64) NULL, \`attempts\` int NOT NULL DEFAULT '0', \`leased_until\` datetime(3) NULL, \`created_at\` datetime(3) NOT NULL, \`started_at\` datetime(3) NULL, \`completed_at\` datetime(3) NULL, \`duration_ms\` int NULL, UNIQUE INDEX \`uq_executions_agent_idempotency\` (\`agent_id\`, \`idempotency_key\`), INDEX \`idx_executions_created\` (\`created_at\`), INDEX \`idx_executions_status_created\` (\`status\`, \`created_at\`), INDEX \`idx_executions_agent_status_created\` (\`agent_id\`, \`status\`, \`created_at\`, \`id\`), INDEX \`idx_executions_agent_created\` (\`agent_id\`, \`created_at\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`callback_deliveries\` (\`id\` varchar(40) NOT NULL, \`execution_id\` varchar(40) NOT NULL, \`account_id\` varchar(40) NOT NULL, \`url\` varchar(2048) NOT NULL, \`event\` varchar(32) NOT NULL, \`body\` text NOT NULL, \`status\` varchar(16) NOT NULL, \`attempts\` int NOT NULL DEFAULT '0', \`next_attempt_at\` datetime(3) NOT NULL, \`locked_until\` datetime(3) NULL, \`created_at\` datetime(3) NOT NULL, \`updated_at\` datetime(3) NOT NULL, INDEX \`idx_callback_deliveries_due\` (\`status\`, \`next_attempt_at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`delivery_attempts\` (\`id\` varchar(40) NOT NULL, \`delivery_id\` varchar(40) NOT NULL, \`execution_id\` varchar(40) NOT NULL, \`url\` varchar(2048) NOT NULL, \`event\` varchar(32) NOT NULL, \`attempt\` int NOT NULL, \`status_code\` int NULL, \`error\` varchar(255) NULL, \`duration_ms\` int NULL, \`created_at\` datetime(3) NOT NULL, INDEX \`idx_delivery_attempts_execution\` (\`execution_id\`, \`created_at\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP INDEX \`idx_delivery_attempts_execution\` ON \`delivery_attempts\``,
    );
    await queryRunner.query(`DROP TABLE \`delivery_attempts\``);
    await queryRunner.query(
      `DROP INDEX \`idx_callback_deliveries_due\` ON \`callback_deliveries\``,
    );
    await queryRunner.query(`DROP TABLE \`callback_deliveries\``);
    await queryRunner.query(`DROP INDEX \`idx_executions_agent_created\` ON \`executions\``);
    await queryRunner.query(`DROP INDEX \`idx_executions_agent_status_created\` ON \`executions\``);
    await queryRunner.query(`DROP INDEX \`idx_executions_status_created\` ON \`executions\``);
    await queryRunner.query(`DROP INDEX \`idx_executions_created\` ON \`executions\``);
    await queryRunner.query(`DROP INDEX \`uq_executions_agent_idempotency\` ON \`executions\``);
    await queryRunner.query(`DROP TABLE \`executions\``);
    await queryRunner.query(`DROP INDEX \`uq_api_keys_hash\` ON \`api_keys\``);
    await queryRunner.query(`DROP INDEX \`idx_api_keys_account\` ON \`api_keys\``);
    await queryRunner.query(`DROP TABLE \`api_keys\``);
    await queryRunner.query(`DROP TABLE \`accounts\``);
    await queryRunner.query(`DROP TABLE \`agent_daily_stats\``);
    await queryRunner.query(`DROP INDEX \`idx_agents_account_created\` ON \`agents\``);
    await queryRunner.query(`DROP INDEX \`uq_agents_webhook_id\` ON \`agents\``);
    await queryRunner.query(`DROP TABLE \`agents\``);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

export class SqliteInitial1763780000000 implements MigrationInterface {
  name = 'SqliteInitial1763780000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "agents" ("id" varchar(40) PRIMARY KEY NOT NULL, "account_id" varchar(40) NOT NULL, "name" varchar(200) NOT NULL, "kind" varchar(64) NOT NULL, "config" json NOT NULL, "status" varchar(16) NOT NULL, "webhook_id" varchar(64) NOT NULL, "webhook_auth" varchar(16) NOT NULL, "webhook_key_hash" varchar(64), "webhook_secret_enc" text, "timeout_ms" integer NOT NULL, "created_at" datetime(3) NOT NULL, "updated_at" datetime(3) NOT NULL, "deleted_at" datetime(3))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_agents_webhook_id" ON "agents" ("webhook_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_agents_account_created" ON "agents" ("account_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "agent_daily_stats" ("agent_id" varchar(40) NOT NULL, "day" varchar(10) NOT NULL, "created" integer NOT NULL DEFAULT (0), "completed" integer NOT NULL DEFAULT (0), "failed" integer NOT NULL DEFAULT (0), PRIMARY KEY ("agent_id", "day"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "accounts" ("id" varchar(40) PRIMARY KEY NOT NULL, "name" varchar(200) NOT NULL, "plan" varchar(20) NOT NULL, "signing_secret_enc" text, "created_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "api_keys" ("id" varchar(40) PRIMARY KEY NOT NULL, "account_id" varchar(40) NOT NULL, "name" varchar(200), "prefix" varchar(16) NOT NULL, "key_hash" varchar(64) NOT NULL, "scopes" varchar(255) NOT NULL, "created_at" datetime(3) NOT NULL, "last_used_at" datetime(3), "revoked_at" datetime(3))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_api_keys_account" ON "api_keys" ("account_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_api_keys_hash" ON "api_keys" ("key_hash") `);
    await queryRunner.query(
      `CREATE TABLE "executions" ("id" varchar(40) PRIMARY KEY NOT NULL, "account_id" varchar(40) NOT NULL, "agent_id" varchar(40) NOT NULL, "agent_kind" varchar(64) NOT NULL, "status" varchar(16) NOT NULL, "source" varchar(16) NOT NULL, "retry_of" varchar(40), "input" json NOT NULL, "output" json, "error" json, "logs" json, "callback_url" varchar(2048), "idempotency_key" varchar(255), "request_hash" varchar(64), "attempts" integer NOT NULL DEFAULT (0), "leased_until" datetime(3), "created_at" datetime(3) NOT NULL, "started_at" datetime(3), "completed_at" datetime(3), "duration_ms" integer)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_executions_agent_idempotency" ON "executions" ("agent_id", "idempotency_key") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_executions_created" ON "executions" ("created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_executions_status_created" ON "executions" ("status", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_executions_agent_status_created" ON "executions" ("agent_id", "status", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_executions_agent_created" ON "executions" ("agent_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "callback_deliveries" ("id" varchar(40) PRIMARY KEY NOT NULL, "execution_id" varchar(40) NOT NULL, "account_id" varchar(40) NOT NULL, "url" varchar(2048) NOT NULL, "event" varchar(32) NOT NULL, "body" text NOT NULL, "status" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime(3) NOT NULL, "locked_until" datetime(3), "created_at" datetime(3) NOT NULL, "updated_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_callback_deliveries_due" ON "callback_deliveries" ("status", "next_attempt_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "delivery_attempts" ("id" varchar(40) PRIMARY KEY NOT NULL, "delivery_id" varchar(40) NOT NULL, "execution_id" varchar(40) NOT NULL, "url" varchar(2048) NOT NULL, "event" varchar(32) NOT NULL, "attempt" integer NOT NULL, "status_code" integer, "error" varchar(255), "duration_ms" integer, "created_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_delivery_attempts_execution" ON "delivery_attempts" ("execution_id", "created_at", "id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_delivery_attempts_execution"`);
    await queryRunner.query(`DROP TABLE "delivery_attempts"`);
    await queryRunner.query(`DROP INDEX "idx_callback_deliveries_due"`);
    await queryRunner.query(`DROP TABLE "callback_deliveries"`);
    await queryRunner.query(`DROP INDEX "idx_executions_agent_created"`);
    await queryRunner.query(`DROP INDEX "idx_executions_agent_status_created"`);
    await queryRunner.query(`DROP INDEX "idx_executions_status_created"`);
    await queryRunner.query(`DROP INDEX "idx_executions_created"`);
    await queryRunner.query(`DROP INDEX "uq_executions_agent_idempotency"`);
    await queryRunner.query(`DROP TABLE "executions"`);
    await queryRunner.query(`DROP INDEX "uq_api_keys_hash"`);
    await queryRunner.query(`DROP INDEX "idx_api_keys_account"`);
    await queryRunner.query(`DROP TABLE "api_keys"`);
    await queryRunner.query(`DROP TABLE "accounts"`);
    await queryRunner.query(`DROP TABLE "agent_daily_stats"`);
    await queryRunner.query(`DROP INDEX "idx_agents_account_created"`);
    await queryRunner.query(`DROP INDEX "uq_agents_webhook_id"`);
    await queryRunner.query(`DROP TABLE "agents"`);
  }
}

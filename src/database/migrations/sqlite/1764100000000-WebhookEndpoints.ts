import { MigrationInterface, QueryRunner } from 'typeorm';

const DELIVERY_COLUMNS = `"id", "execution_id", "account_id", "url", "event", "payload", "status", "attempts", "next_attempt_at", "locked_until", "created_at", "updated_at"`;
const ATTEMPT_COLUMNS = `"id", "delivery_id", "execution_id", "url", "event", "attempt", "status_code", "error", "duration_ms", "created_at"`;

const deliveries = (executionId: string, extra: string) =>
  `CREATE TABLE "temporary_callback_deliveries" ("id" varchar(40) PRIMARY KEY NOT NULL, "execution_id" varchar(40)${executionId}, "account_id" varchar(40) NOT NULL, "url" varchar(2048) NOT NULL, "event" varchar(32) NOT NULL, "payload" json NOT NULL, "status" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime(3) NOT NULL, "locked_until" datetime(3), "created_at" datetime(3) NOT NULL, "updated_at" datetime(3) NOT NULL${extra})`;
const attempts = (executionId: string, extra: string) =>
  `CREATE TABLE "temporary_delivery_attempts" ("id" varchar(40) PRIMARY KEY NOT NULL, "delivery_id" varchar(40) NOT NULL, "execution_id" varchar(40)${executionId}, "url" varchar(2048) NOT NULL, "event" varchar(32) NOT NULL, "attempt" integer NOT NULL, "status_code" integer, "error" varchar(255), "duration_ms" integer, "created_at" datetime(3) NOT NULL${extra})`;

/**
 * Webhook endpoints: their table, and the callback outbox and its attempts widened
 * to carry endpoint events (`endpoint_id`; `execution_id` null for agent events and pings;
 * the receiver's answer excerpt). SQLite changes a column's nullability by rebuilding.
 */
export class SqliteWebhookEndpoints1764100000000 implements MigrationInterface {
  name = 'SqliteWebhookEndpoints1764100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhook_endpoints" ("id" varchar(40) PRIMARY KEY NOT NULL, "account_id" varchar(40) NOT NULL, "url" varchar(2048) NOT NULL, "description" varchar(255), "events" json NOT NULL, "enabled" boolean NOT NULL, "disabled_reason" varchar(255), "secret_enc" text NOT NULL, "previous_secret_enc" text, "previous_secret_expires_at" datetime(3), "failing_since" datetime(3), "created_at" datetime(3) NOT NULL, "updated_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_endpoints_account" ON "webhook_endpoints" ("account_id", "id") `,
    );
    await rebuild(
      queryRunner,
      'callback_deliveries',
      deliveries('', ', "endpoint_id" varchar(40)'),
      DELIVERY_COLUMNS,
    );
    await rebuild(
      queryRunner,
      'delivery_attempts',
      attempts('', ', "endpoint_id" varchar(40), "response_excerpt" varchar(1024)'),
      ATTEMPT_COLUMNS,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_callback_deliveries_endpoint" ON "callback_deliveries" ("endpoint_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_delivery_attempts_endpoint" ON "delivery_attempts" ("endpoint_id", "created_at", "id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_delivery_attempts_endpoint"`);
    await queryRunner.query(`DROP INDEX "idx_callback_deliveries_endpoint"`);
    await queryRunner.query(`DELETE FROM "delivery_attempts" WHERE "execution_id" IS NULL`);
    await queryRunner.query(`DELETE FROM "callback_deliveries" WHERE "execution_id" IS NULL`);
    await rebuild(queryRunner, 'delivery_attempts', attempts(' NOT NULL', ''), ATTEMPT_COLUMNS);
    await rebuild(
      queryRunner,
      'callback_deliveries',
      deliveries(' NOT NULL', ''),
      DELIVERY_COLUMNS,
    );
    await queryRunner.query(`DROP INDEX "idx_webhook_endpoints_account"`);
    await queryRunner.query(`DROP TABLE "webhook_endpoints"`);
  }
}

/** Rebuilds `table` as `create` (a `temporary_<table>`), copying `columns`, keeping its indexes. */
async function rebuild(
  queryRunner: QueryRunner,
  table: string,
  create: string,
  columns: string,
): Promise<void> {
  const indexes: { name: string; sql: string }[] = await queryRunner.query(
    `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL AND name NOT IN ('idx_callback_deliveries_endpoint', 'idx_delivery_attempts_endpoint')`,
    [table],
  );
  for (const index of indexes) await queryRunner.query(`DROP INDEX "${index.name}"`);
  await queryRunner.query(create);
  await queryRunner.query(
    `INSERT INTO "temporary_${table}"(${columns}) SELECT ${columns} FROM "${table}"`,
  );
  await queryRunner.query(`DROP TABLE "${table}"`);
  await queryRunner.query(`ALTER TABLE "temporary_${table}" RENAME TO "${table}"`);
  for (const index of indexes) await queryRunner.query(index.sql);
}

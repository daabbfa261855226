import { MigrationInterface, QueryRunner } from 'typeorm';

const OTHER_COLUMNS = `"id", "execution_id", "account_id", "url", "event", "status", "attempts", "next_attempt_at", "locked_until", "created_at", "updated_at"`;

const table = (name: string, bodyColumn: string) =>
  `CREATE TABLE "${name}" ("id" varchar(40) PRIMARY KEY NOT NULL, "execution_id" varchar(40) NOT NULL, "account_id" varchar(40) NOT NULL, "url" varchar(2048) NOT NULL, "event" varchar(32) NOT NULL, ${bodyColumn} NOT NULL, "status" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime(3) NOT NULL, "locked_until" datetime(3), "created_at" datetime(3) NOT NULL, "updated_at" datetime(3) NOT NULL)`;

/**
 * `callback_deliveries.body` (text) becomes `payload`, a JSON column (the same entity serves
 * MySQL, where `text` holds only 64 KiB). Existing bodies are JSON documents and are kept.
 */
export class SqliteCallbackPayload1763785000000 implements MigrationInterface {
  name = 'SqliteCallbackPayload1763785000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await this.rebuild(queryRunner, { from: 'body', to: 'payload', type: 'json' });
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await this.rebuild(queryRunner, { from: 'payload', to: 'body', type: 'text' });
  }

  private async rebuild(
    queryRunner: QueryRunner,
    column: { from: string; to: string; type: string },
  ): Promise<void> {
    // Keep whatever indexes the table has (a later migration may already have added one).
    const indexes: { name: string; sql: string }[] = await queryRunner.query(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'callback_deliveries' AND sql IS NOT NULL`,
    );
    for (const index of indexes) await queryRunner.query(`DROP INDEX "${index.name}"`);
    await queryRunner.query(
      table('temporary_callback_deliveries', `"${column.to}" ${column.type}`),
    );
    await queryRunner.query(
      `INSERT INTO "temporary_callback_deliveries"(${OTHER_COLUMNS}, "${column.to}") SELECT ${OTHER_COLUMNS}, "${column.from}" FROM "callback_deliveries"`,
    );
    await queryRunner.query(`DROP TABLE "callback_deliveries"`);
    await queryRunner.query(
      `ALTER TABLE "temporary_callback_deliveries" RENAME TO "callback_deliveries"`,
    );
    for (const index of indexes) await queryRunner.query(index.sql);
  }
}

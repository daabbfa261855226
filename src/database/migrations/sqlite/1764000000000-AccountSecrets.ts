import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account secrets for workflow steps (docs/api.md, Secrets), values sealed like signing secrets.
 */
export class SqliteAccountSecrets1764000000000 implements MigrationInterface {
  name = 'SqliteAccountSecrets1764000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "secrets" ("id" varchar(40) PRIMARY KEY NOT NULL, "account_id" varchar(40) NOT NULL, "name" varchar(64) NOT NULL, "value_enc" text NOT NULL, "created_at" datetime(3) NOT NULL, "updated_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_secrets_account_name" ON "secrets" ("account_id", "name") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_secrets_account_name"`);
    await queryRunner.query(`DROP TABLE "secrets"`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/** Dashboard users and their server-side sessions. */
export class SqliteDashboardUsersSessions1763900400000 implements MigrationInterface {
  name = 'SqliteDashboardUsersSessions1763900400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "users" ("id" varchar(40) PRIMARY KEY NOT NULL, "account_id" varchar(40) NOT NULL, "email" varchar(254) NOT NULL, "role" varchar(16) NOT NULL, "password_hash" varchar(255), "setup_token_hash" varchar(64), "setup_expires_at" datetime(3), "created_at" datetime(3) NOT NULL, "last_sign_in_at" datetime(3))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_users_account" ON "users" ("account_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_email" ON "users" ("email") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_users_setup_token" ON "users" ("setup_token_hash") `,
    );
    await queryRunner.query(
      `CREATE TABLE "sessions" ("id" varchar(40) PRIMARY KEY NOT NULL, "token_hash" varchar(64) NOT NULL, "user_id" varchar(40) NOT NULL, "account_id" varchar(40) NOT NULL, "created_at" datetime(3) NOT NULL, "last_seen_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_sessions_token" ON "sessions" ("token_hash") `,
    );
    await queryRunner.query(`CREATE INDEX "idx_sessions_user" ON "sessions" ("user_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_sessions_user"`);
    await queryRunner.query(`DROP INDEX "uq_sessions_token"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP INDEX "uq_users_setup_token"`);
    await queryRunner.query(`DROP INDEX "uq_users_email"`);
    await queryRunner.query(`DROP INDEX "idx_users_account"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}

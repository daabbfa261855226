import { MigrationInterface, QueryRunner } from 'typeorm';

/** An address is unique per account, no longer across the service. */
export class SqliteUsersPerAccount1764200400000 implements MigrationInterface {
  name = 'SqliteUsersPerAccount1764200400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_users_email"`);
    await queryRunner.query(`CREATE INDEX "idx_users_email" ON "users" ("email") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_users_account_email" ON "users" ("account_id", "email") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_users_account_email"`);
    await queryRunner.query(`DROP INDEX "idx_users_email"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_email" ON "users" ("email") `);
  }
}

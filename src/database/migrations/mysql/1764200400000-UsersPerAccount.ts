import { MigrationInterface, QueryRunner } from 'typeorm';

/** An address is unique per account, no longer across the service. */
export class MysqlUsersPerAccount1764200400000 implements MigrationInterface {
  name = 'MysqlUsersPerAccount1764200400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `users` DROP INDEX `uq_users_email`, ADD INDEX `idx_users_email` (`email`), ADD UNIQUE INDEX `uq_users_account_email` (`account_id`, `email`)',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `users` DROP INDEX `uq_users_account_email`, DROP INDEX `idx_users_email`, ADD UNIQUE INDEX `uq_users_email` (`email`)',
    );
  }
}

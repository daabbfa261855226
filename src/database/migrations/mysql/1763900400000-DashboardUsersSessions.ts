import { MigrationInterface, QueryRunner } from 'typeorm';

/** Dashboard users and their server-side sessions. */
export class MysqlDashboardUsersSessions1763900400000 implements MigrationInterface {
  name = 'MysqlDashboardUsersSessions1763900400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`users\` (\`id\` varchar(40) NOT NULL, \`account_id\` varchar(40) NOT NULL, \`email\` varchar(254) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, \`role\` varchar(16) NOT NULL, \`password_hash\` varchar(255) NULL, \`setup_token_hash\` varchar(64) NULL, \`setup_expires_at\` datetime(3) NULL, \`created_at\` datetime(3) NOT NULL, \`last_sign_in_at\` datetime(3) NULL, INDEX \`idx_users_account\` (\`account_id\`), UNIQUE INDEX \`uq_users_email\` (\`email\`), UNIQUE INDEX \`uq_users_setup_token\` (\`setup_token_hash\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`sessions\` (\`id\` varchar(40) NOT NULL, \`token_hash\` varchar(64) NOT NULL, \`user_id\` varchar(40) NOT NULL, \`account_id\` varchar(40) NOT NULL, \`created_at\` datetime(3) NOT NULL, \`last_seen_at\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_sessions_token\` (\`token_hash\`), INDEX \`idx_sessions_user\` (\`user_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`sessions\``);
    await queryRunner.query(`DROP TABLE \`users\``);
  }
}

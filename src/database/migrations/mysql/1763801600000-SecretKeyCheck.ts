import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The secret key's check value: the id of the key the stored secrets are sealed under (one
 * row, `id = 'secrets'`), compared at start with SECRET_KEY (see secret-key/secret-key-check.ts).
 * No entity: only hand-written SQL reads it.
 */
export class MysqlSecretKeyCheck1763801600000 implements MigrationInterface {
  name = 'MysqlSecretKeyCheck1763801600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`secret_key_check\` (\`id\` varchar(16) NOT NULL, \`key_id\` varchar(64) NOT NULL, \`updated_at\` datetime(3) NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`secret_key_check\``);
  }
}

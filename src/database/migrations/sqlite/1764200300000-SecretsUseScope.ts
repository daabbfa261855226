import { MigrationInterface, QueryRunner } from 'typeorm';
import { grantSecretsUse, revokeSecretsUse } from '../secrets-use-scope';

/** The `secrets:use` scope, given to the keys that held every scope before it. */
export class SqliteSecretsUseScope1764200300000 implements MigrationInterface {
  name = 'SqliteSecretsUseScope1764200300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await grantSecretsUse(queryRunner, '"');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await revokeSecretsUse(queryRunner, '"');
  }
}

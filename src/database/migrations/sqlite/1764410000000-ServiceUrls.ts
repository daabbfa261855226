import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The table MySQL deployments record their public URLs in (database/service-urls.ts). A SQLite
 * deployment records them in its data folder instead (`service-urls.json`) and leaves this
 * table empty; it exists so that both drivers keep one schema.
 */
export class SqliteServiceUrls1764410000000 implements MigrationInterface {
  name = 'SqliteServiceUrls1764410000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "service_urls" ("name" varchar(32) PRIMARY KEY NOT NULL, "url" varchar(2048) NOT NULL, "updated_at" datetime(3) NOT NULL)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "service_urls"`);
  }
}

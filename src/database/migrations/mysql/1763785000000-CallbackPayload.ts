import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `callback_deliveries.body` (text, at most 64 KiB on MySQL) becomes `payload`, a JSON column:
 * an execution's input alone may be 1 MiB. Existing bodies are JSON documents and are kept.
 */
export class MysqlCallbackPayload1763785000000 implements MigrationInterface {
  name = 'MysqlCallbackPayload1763785000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`callback_deliveries\` ADD \`payload\` json NULL`);
    await queryRunner.query(`UPDATE \`callback_deliveries\` SET \`payload\` = \`body\``);
    await queryRunner.query(`ALTER TABLE \`callback_deliveries\` DROP COLUMN \`body\``);
    await queryRunner.query(`ALTER TABLE \`callback_deliveries\` MODIFY \`payload\` json NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`callback_deliveries\` ADD \`body\` text NULL`);
    await queryRunner.query(`UPDATE \`callback_deliveries\` SET \`body\` = \`payload\``);
    await queryRunner.query(`ALTER TABLE \`callback_deliveries\` DROP COLUMN \`payload\``);
    await queryRunner.query(`ALTER TABLE \`callback_deliveries\` MODIFY \`body\` text NOT NULL`);
  }
}

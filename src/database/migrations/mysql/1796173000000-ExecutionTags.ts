import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tags of executions: on the row, and indexed for the `tag=` filter (docs/api.md, Tags). */
export class MysqlExecutionTags1796173000000 implements MigrationInterface {
  name = 'MysqlExecutionTags1796173000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`executions\` ADD \`tags\` json NULL`);
    await queryRunner.query(
      `CREATE TABLE \`execution_tags\` (\`execution_id\` varchar(40) NOT NULL, \`tag\` varchar(64) NOT NULL, \`account_id\` varchar(40) NOT NULL, \`created_at\` datetime(3) NOT NULL, INDEX \`idx_execution_tags_account_tag_created\` (\`account_id\`, \`tag\`, \`created_at\`, \`execution_id\`), PRIMARY KEY (\`execution_id\`, \`tag\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`execution_tags\``);
    await queryRunner.query(`ALTER TABLE \`executions\` DROP COLUMN \`tags\``);
  }
}

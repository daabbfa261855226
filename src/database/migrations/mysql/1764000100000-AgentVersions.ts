import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Agent versions (the agent's `version`, the execution's `agent_version`): every agent starts at
 * version 1 with its current config.
 */
export class MysqlAgentVersions1764000100000 implements MigrationInterface {
  name = 'MysqlAgentVersions1764000100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`agent_versions\` (\`agent_id\` varchar(40) NOT NULL, \`version\` int NOT NULL, \`config\` json NOT NULL, \`created_at\` datetime(3) NOT NULL, PRIMARY KEY (\`agent_id\`, \`version\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(`ALTER TABLE \`agents\` ADD \`version\` int NOT NULL DEFAULT '1'`);
    await queryRunner.query(
      `ALTER TABLE \`executions\` ADD \`agent_version\` int NOT NULL DEFAULT '1'`,
    );
    await queryRunner.query(
      `INSERT INTO \`agent_versions\` (\`agent_id\`, \`version\`, \`config\`, \`created_at\`) SELECT \`id\`, 1, \`config\`, \`updated_at\` FROM \`agents\``,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`executions\` DROP COLUMN \`agent_version\``);
    await queryRunner.query(`ALTER TABLE \`agents\` DROP COLUMN \`version\``);
    await queryRunner.query(`DROP TABLE \`agent_versions\``);
  }
}

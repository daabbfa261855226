import { MigrationInterface, QueryRunner } from 'typeorm';

/** Model tokens by account, UTC day and model (`llm` steps; docs/api.md, Model usage). */
export class MysqlModelUsage1764000700000 implements MigrationInterface {
  name = 'MysqlModelUsage1764000700000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`model_usage\` (\`account_id\` varchar(40) NOT NULL, \`day\` varchar(10) NOT NULL, \`model\` varchar(200) NOT NULL, \`prompt_tokens\` bigint NOT NULL DEFAULT '0', \`completion_tokens\` bigint NOT NULL DEFAULT '0', \`calls\` int NOT NULL DEFAULT '0', \`errors\` int NOT NULL DEFAULT '0', PRIMARY KEY (\`account_id\`, \`day\`, \`model\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`model_usage\``);
  }
}

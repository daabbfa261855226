import { MigrationInterface, QueryRunner } from 'typeorm';

/** Wait tokens of workflow runs (docs/workflows.md, Wait tokens). */
export class MysqlWaitTokens1764200100000 implements MigrationInterface {
  name = 'MysqlWaitTokens1764200100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`wait_tokens\` (\`id\` varchar(40) NOT NULL, \`account_id\` varchar(40) NOT NULL, \`agent_id\` varchar(40) NOT NULL, \`execution_id\` varchar(40) NOT NULL, \`step_id\` varchar(200) NOT NULL, \`status\` varchar(16) NOT NULL, \`title\` varchar(200) NULL, \`description\` varchar(2000) NULL, \`choices\` json NULL, \`choice\` varchar(200) NULL, \`data\` json NULL, \`completed_at\` datetime(3) NULL, \`completed_by\` json NULL, \`secret_hash\` varchar(64) NOT NULL, \`expires_at\` datetime(3) NOT NULL, \`created_at\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_wait_tokens_execution_step\` (\`execution_id\`, \`step_id\`), INDEX \`idx_wait_tokens_account_created\` (\`account_id\`, \`created_at\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`wait_tokens\``);
  }
}

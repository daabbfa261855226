import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Flow control (docs/api.md, Flow control): the agent's `flow`, an execution's key and why it
 * is held, and the `flow_runs` of held executions. Nullable columns: added in place.
 */
export class MysqlFlowControl1796169646000 implements MigrationInterface {
  name = 'MysqlFlowControl1796169646000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`agents\` ADD \`flow\` json NULL`);
    await queryRunner.query(
      `ALTER TABLE \`executions\` ADD \`flow_key\` varchar(255) NULL, ADD \`held\` varchar(16) NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE \`flow_runs\` (\`execution_id\` varchar(40) NOT NULL, \`agent_id\` varchar(40) NOT NULL, \`flow_key\` varchar(255) NOT NULL, \`throttle_key\` varchar(255) NULL, \`debounce_key\` varchar(255) NULL, \`reason\` varchar(16) NOT NULL, \`created_at\` datetime(3) NOT NULL, \`due_at\` datetime(3) NULL, \`released_at\` datetime(3) NULL, INDEX \`idx_flow_runs_agent_debounce\` (\`agent_id\`, \`debounce_key\`, \`released_at\`), INDEX \`idx_flow_runs_agent_released\` (\`agent_id\`, \`released_at\`, \`flow_key\`, \`created_at\`), PRIMARY KEY (\`execution_id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`flow_runs\``);
    await queryRunner.query(
      `ALTER TABLE \`executions\` DROP COLUMN \`held\`, DROP COLUMN \`flow_key\``,
    );
    await queryRunner.query(`ALTER TABLE \`agents\` DROP COLUMN \`flow\``);
  }
}

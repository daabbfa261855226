import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Flow control (docs/api.md, Flow control): the agent's `flow`, an execution's key and why it
 * is held, and the `flow_runs` of held executions. Columns added in place (no table rebuild).
 */
export class SqliteFlowControl1796169646000 implements MigrationInterface {
  name = 'SqliteFlowControl1796169646000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "agents" ADD COLUMN "flow" json`);
    await queryRunner.query(`ALTER TABLE "executions" ADD COLUMN "flow_key" varchar(255)`);
    await queryRunner.query(`ALTER TABLE "executions" ADD COLUMN "held" varchar(16)`);
    await queryRunner.query(
      `CREATE TABLE "flow_runs" ("execution_id" varchar(40) PRIMARY KEY NOT NULL, "agent_id" varchar(40) NOT NULL, "flow_key" varchar(255) NOT NULL, "throttle_key" varchar(255), "debounce_key" varchar(255), "reason" varchar(16) NOT NULL, "created_at" datetime(3) NOT NULL, "due_at" datetime(3), "released_at" datetime(3))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_flow_runs_agent_debounce" ON "flow_runs" ("agent_id", "debounce_key", "released_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_flow_runs_agent_released" ON "flow_runs" ("agent_id", "released_at", "flow_key", "created_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_flow_runs_agent_released"`);
    await queryRunner.query(`DROP INDEX "idx_flow_runs_agent_debounce"`);
    await queryRunner.query(`DROP TABLE "flow_runs"`);
    await queryRunner.query(`ALTER TABLE "executions" DROP COLUMN "held"`);
    await queryRunner.query(`ALTER TABLE "executions" DROP COLUMN "flow_key"`);
    await queryRunner.query(`ALTER TABLE "agents" DROP COLUMN "flow"`);
  }
}

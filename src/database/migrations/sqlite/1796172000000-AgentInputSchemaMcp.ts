import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An agent's `input_schema` and its MCP tool fields (`mcp_enabled`, `mcp_name`,
 * `mcp_description`, and `mcp_tool`: the tool name in effect, unique per account). Columns
 * added in place (no table rebuild); existing agents have no input schema and are not tools.
 */
export class SqliteAgentInputSchemaMcp1796172000000 implements MigrationInterface {
  name = 'SqliteAgentInputSchemaMcp1796172000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "agents" ADD COLUMN "input_schema" json`);
    await queryRunner.query(
      `ALTER TABLE "agents" ADD COLUMN "mcp_enabled" boolean NOT NULL DEFAULT (0)`,
    );
    await queryRunner.query(`ALTER TABLE "agents" ADD COLUMN "mcp_name" varchar(64)`);
    await queryRunner.query(`ALTER TABLE "agents" ADD COLUMN "mcp_description" varchar(1000)`);
    await queryRunner.query(`ALTER TABLE "agents" ADD COLUMN "mcp_tool" varchar(64)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_agents_account_mcp_tool" ON "agents" ("account_id", "mcp_tool") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_agents_account_mcp_tool"`);
    for (const column of [
      'mcp_tool',
      'mcp_description',
      'mcp_name',
      'mcp_enabled',
      'input_schema',
    ]) {
      await queryRunner.query(`ALTER TABLE "agents" DROP COLUMN "${column}"`);
    }
  }
}

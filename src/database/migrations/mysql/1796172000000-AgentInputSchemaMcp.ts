import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An agent's `input_schema` and its MCP tool fields (`mcp_enabled`, `mcp_name`,
 * `mcp_description`, and `mcp_tool`: the tool name in effect, unique per account). Existing
 * agents have no input schema and are not tools.
 */
export class MysqlAgentInputSchemaMcp1796172000000 implements MigrationInterface {
  name = 'MysqlAgentInputSchemaMcp1796172000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`agents\` ADD \`input_schema\` json NULL, ADD \`mcp_enabled\` tinyint NOT NULL DEFAULT 0, ADD \`mcp_name\` varchar(64) NULL, ADD \`mcp_description\` varchar(1000) NULL, ADD \`mcp_tool\` varchar(64) NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX \`uq_agents_account_mcp_tool\` ON \`agents\` (\`account_id\`, \`mcp_tool\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`uq_agents_account_mcp_tool\` ON \`agents\``);
    await queryRunner.query(
      `ALTER TABLE \`agents\` DROP COLUMN \`mcp_tool\`, DROP COLUMN \`mcp_description\`, DROP COLUMN \`mcp_name\`, DROP COLUMN \`mcp_enabled\`, DROP COLUMN \`input_schema\``,
    );
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Agent versions (the agent's `version`, the execution's `agent_version`): every agent starts at
 * version 1 with its current config. Columns are added in place (no table rebuild of executions).
 */
export class SqliteAgentVersions1764000100000 implements MigrationInterface {
  name = 'SqliteAgentVersions1764000100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "agent_versions" ("agent_id" varchar(40) NOT NULL, "version" integer NOT NULL, "config" json NOT NULL, "created_at" datetime(3) NOT NULL, PRIMARY KEY ("agent_id", "version"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "agents" ADD COLUMN "version" integer NOT NULL DEFAULT (1)`,
    );
    await queryRunner.query(
      `ALTER TABLE "executions" ADD COLUMN "agent_version" integer NOT NULL DEFAULT (1)`,
    );
    await queryRunner.query(
      `INSERT INTO "agent_versions" ("agent_id", "version", "config", "created_at") SELECT "id", 1, "config", "updated_at" FROM "agents"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "executions" DROP COLUMN "agent_version"`);
    await queryRunner.query(`ALTER TABLE "agents" DROP COLUMN "version"`);
    await queryRunner.query(`DROP TABLE "agent_versions"`);
  }
}

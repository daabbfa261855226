import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily counters get a row per writer (`part`: 0 the intake, 1 the worker), so that the
 * intake and the worker never wait on one row lock (AgentDailyStats). One ALTER (needs only
 * the database's own privileges): every existing row becomes part 0 (the column's default)
 * with its counts unchanged, a day's counters being the sum over its parts. The default also
 * keeps the processes of the release before working while they are rolled after the
 * migration: their upserts name no part and add to part 0.
 */
export class MysqlDailyStatsParts1764000750000 implements MigrationInterface {
  name = 'MysqlDailyStatsParts1764000750000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`agent_daily_stats\` ADD \`part\` smallint NOT NULL DEFAULT '0' AFTER \`day\`, DROP PRIMARY KEY, ADD PRIMARY KEY (\`agent_id\`, \`day\`, \`part\`)`,
    );
  }

  /** Back to one row per day: each day's parts summed (into part -1, then the key drops it). */
  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO \`agent_daily_stats\` (\`agent_id\`, \`day\`, \`part\`, \`created\`, \`completed\`, \`failed\`) SELECT \`agent_id\`, \`day\`, -1, SUM(\`created\`), SUM(\`completed\`), SUM(\`failed\`) FROM \`agent_daily_stats\` GROUP BY \`agent_id\`, \`day\``,
    );
    await queryRunner.query(`DELETE FROM \`agent_daily_stats\` WHERE \`part\` <> -1`);
    await queryRunner.query(
      `ALTER TABLE \`agent_daily_stats\` DROP PRIMARY KEY, ADD PRIMARY KEY (\`agent_id\`, \`day\`), DROP COLUMN \`part\``,
    );
  }
}

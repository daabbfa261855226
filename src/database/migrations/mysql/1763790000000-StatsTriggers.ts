import { MigrationInterface, QueryRunner } from 'typeorm';

/** Counts NEW (completed or failed) on the UTC day of its `completed_at`. */
const FINISHED = `INSERT INTO \`agent_daily_stats\` (\`agent_id\`, \`day\`, \`created\`, \`completed\`, \`failed\`)
           VALUES (NEW.\`agent_id\`,
             DATE_FORMAT(COALESCE(NEW.\`completed_at\`, UTC_TIMESTAMP(3)), '%Y-%m-%d'), 0,
             NEW.\`status\` = 'completed', NEW.\`status\` = 'failed')
           ON DUPLICATE KEY UPDATE \`completed\` = \`completed\` + VALUES(\`completed\`),
             \`failed\` = \`failed\` + VALUES(\`failed\`);`;

/**
 * The per-agent daily counters (`agent_daily_stats`) are kept by the database itself: a row
 * inserted into `executions` counts as `created` on the UTC day of its `created_at`; a row
 * that reaches `completed` or `failed` (by an update, or inserted so) counts on the day of
 * its `completed_at`.
 * Any write to `executions` keeps them right, in the same statement, so that the hot paths
 * (intake, finishing runs) need no statement of their own for them. Stored times are UTC
 * (the connection's time zone is `Z`).
 *
 * With binary logging on, creating triggers needs SUPER or `log_bin_trust_function_creators=1`
 * (managed MariaDB/MySQL: a parameter-group setting).
 */
export class MysqlStatsTriggers1763790000000 implements MigrationInterface {
  name = 'MysqlStatsTriggers1763790000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TRIGGER \`trg_executions_count_created\` AFTER INSERT ON \`executions\` FOR EACH ROW
       BEGIN
         INSERT INTO \`agent_daily_stats\` (\`agent_id\`, \`day\`, \`created\`, \`completed\`, \`failed\`)
         VALUES (NEW.\`agent_id\`, DATE_FORMAT(NEW.\`created_at\`, '%Y-%m-%d'), 1, 0, 0)
         ON DUPLICATE KEY UPDATE \`created\` = \`created\` + 1;
         IF NEW.\`status\` IN ('completed', 'failed') THEN
           ${FINISHED}
         END IF;
       END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`trg_executions_count_finished\` AFTER UPDATE ON \`executions\` FOR EACH ROW
       BEGIN
         IF NEW.\`status\` <> OLD.\`status\` AND NEW.\`status\` IN ('completed', 'failed') THEN
           ${FINISHED}
         END IF;
       END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER \`trg_executions_count_finished\``);
    await queryRunner.query(`DROP TRIGGER \`trg_executions_count_created\``);
  }
}

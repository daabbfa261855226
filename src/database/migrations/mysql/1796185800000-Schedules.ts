import { MigrationInterface, QueryRunner } from 'typeorm';

/** Schedules, and the fire each schedule execution is (docs/schedules.md). */
export class MysqlSchedules1796185800000 implements MigrationInterface {
  name = 'MysqlSchedules1796185800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`schedules\` (\`id\` varchar(40) NOT NULL, \`account_id\` varchar(40) NOT NULL, \`agent_id\` varchar(40) NOT NULL, \`cron\` varchar(255) NOT NULL, \`timezone\` varchar(64) NOT NULL, \`input\` json NOT NULL, \`overlap\` varchar(8) NOT NULL, \`catch_up\` varchar(8) NOT NULL, \`jitter_ms\` int NOT NULL, \`enabled\` tinyint NOT NULL, \`external_id\` varchar(255) NULL, \`next_run_at\` datetime(3) NULL, \`next_fire_at\` datetime(3) NULL, \`claimed_by\` varchar(40) NULL, \`last_fired_at\` datetime(3) NULL, \`last_execution_id\` varchar(40) NULL, \`created_at\` datetime(3) NOT NULL, \`updated_at\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_schedules_agent_external\` (\`agent_id\`, \`external_id\`), INDEX \`idx_schedules_next_fire\` (\`next_fire_at\`), INDEX \`idx_schedules_account\` (\`account_id\`, \`id\`), INDEX \`idx_schedules_agent_created\` (\`agent_id\`, \`created_at\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `ALTER TABLE \`executions\` ADD \`schedule_id\` varchar(40) NULL, ADD \`scheduled_for\` datetime(3) NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX \`uq_executions_schedule_fire\` ON \`executions\` (\`schedule_id\`, \`scheduled_for\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`uq_executions_schedule_fire\` ON \`executions\``);
    await queryRunner.query(
      `ALTER TABLE \`executions\` DROP COLUMN \`scheduled_for\`, DROP COLUMN \`schedule_id\``,
    );
    await queryRunner.query(`DROP TABLE \`schedules\``);
  }
}

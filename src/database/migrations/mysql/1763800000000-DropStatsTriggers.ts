import { MigrationInterface, QueryRunner } from 'typeorm';

/** The triggers that StatsTriggers created before the application wrote the counters. */
const TRIGGERS = ['trg_executions_count_created', 'trg_executions_count_finished'];

/** ER_BINLOG_CREATE_ROUTINE_NEED_SUPER: binary logging on, no SUPER, untrusted creators. */
const NEED_SUPER = 1419;

/**
 * Drops the daily-counter triggers of a database migrated before the application wrote the
 * counters itself (DailyCounters): left in place they would count every execution twice.
 * Looks them up first: a database without them (every fresh one) needs nothing more than its
 * own privileges, since MariaDB refuses even `DROP TRIGGER IF EXISTS` without SUPER while
 * binary logging is on. A database that has them needs, for this one migration, what their
 * creation needed (SUPER or `log_bin_trust_function_creators=1`): the error says so.
 * Counters are not touched: the triggers counted everything written before the upgrade, the
 * application counts everything after (stop the old processes before migrating).
 */
export class MysqlDropStatsTriggers1763800000000 implements MigrationInterface {
  name = 'MysqlDropStatsTriggers1763800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const found: { name: string }[] = await queryRunner.query(
      `SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS
       WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME IN (?, ?) ORDER BY TRIGGER_NAME`,
      TRIGGERS,
    );
    for (const { name } of found) {
      try {
        await queryRunner.query(`DROP TRIGGER \`${name}\``);
      } catch (error) {
        const failed = error as { errno?: unknown; driverError?: { errno?: unknown } };
        if ((failed.driverError?.errno ?? failed.errno) !== NEED_SUPER) throw error;
        const drops = found.map((trigger) => `DROP TRIGGER \`${trigger.name}\`;`).join(' ');
        throw new Error(
          'The daily-counter triggers of an earlier release must be dropped, and with binary ' +
            'logging on this server lets only a user with SUPER (or log_bin_trust_function_creators=1, ' +
            'as when they were created) drop a trigger. Run `npm run migrate` once as such a user, ' +
            `or have an administrator run \`${drops}\` and run \`npm run migrate\` again ` +
            '(docs/operations.md, "Managed MySQL (least privilege)").',
          { cause: error },
        );
      }
    }
  }

  public async down(): Promise<void> {
    // Intentionally empty: the application counts; triggers again would count twice.
  }
}

import { In, type DataSource } from 'typeorm';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentDailyStats, COUNTER_PART } from '../src/agents/agent-daily-stats.entity';
import { Agent } from '../src/agents/agent.entity';
import { utcDay } from '../src/common/time';
import { Execution } from '../src/executions/execution.entity';
import { seedAgent } from './support/agents';
import { ensureBuilt, runCli } from './support/cli';
import { createTestDatabase, type TestDatabase } from './support/database';
import { undoMigration } from './support/migrations';
import { insertExecution } from './support/rows';
import { startTestService, type TestService } from './support/service';
import { waitFor } from './support/wait';

/**
 * The triggers that migration StatsTriggers created before the application wrote the counters
 * itself (copied from that migration as it was released). The state of a database migrated
 * then: these triggers, and every migration up to StatsTriggers recorded as run.
 */
const FINISHED_MYSQL = `INSERT INTO \`agent_daily_stats\` (\`agent_id\`, \`day\`, \`created\`, \`completed\`, \`failed\`)
  VALUES (NEW.\`agent_id\`, DATE_FORMAT(COALESCE(NEW.\`completed_at\`, UTC_TIMESTAMP(3)), '%Y-%m-%d'), 0,
    NEW.\`status\` = 'completed', NEW.\`status\` = 'failed')
  ON DUPLICATE KEY UPDATE \`completed\` = \`completed\` + VALUES(\`completed\`), \`failed\` = \`failed\` + VALUES(\`failed\`);`;
const LEGACY_MYSQL = [
  `CREATE TRIGGER \`trg_executions_count_created\` AFTER INSERT ON \`executions\` FOR EACH ROW
   BEGIN
     INSERT INTO \`agent_daily_stats\` (\`agent_id\`, \`day\`, \`created\`, \`completed\`, \`failed\`)
     VALUES (NEW.\`agent_id\`, DATE_FORMAT(NEW.\`created_at\`, '%Y-%m-%d'), 1, 0, 0)
     ON DUPLICATE KEY UPDATE \`created\` = \`created\` + 1;
     IF NEW.\`status\` IN ('completed', 'failed') THEN ${FINISHED_MYSQL} END IF;
   END`,
  `CREATE TRIGGER \`trg_executions_count_finished\` AFTER UPDATE ON \`executions\` FOR EACH ROW
   BEGIN
     IF NEW.\`status\` <> OLD.\`status\` AND NEW.\`status\` IN ('completed', 'failed') THEN ${FINISHED_MYSQL} END IF;
   END`,
];
const FINISHED_SQLITE = `INSERT INTO "agent_daily_stats" ("agent_id", "day", "created", "completed", "failed")
  VALUES (NEW."agent_id", substr(COALESCE(NEW."completed_at", strftime('%Y-%m-%d %H:%M:%f', 'now')), 1, 10), 0,
    NEW."status" = 'completed', NEW."status" = 'failed')
  ON CONFLICT ("agent_id", "day") DO UPDATE SET
    "completed" = "completed" + excluded."completed", "failed" = "failed" + excluded."failed";`;
const LEGACY_SQLITE = [
  `CREATE TRIGGER "trg_executions_count_created" AFTER INSERT ON "executions"
   BEGIN
     INSERT INTO "agent_daily_stats" ("agent_id", "day", "created", "completed", "failed")
     VALUES (NEW."agent_id", substr(NEW."created_at", 1, 10), 1, 0, 0)
     ON CONFLICT ("agent_id", "day") DO UPDATE SET "created" = "created" + 1;
   END`,
  `CREATE TRIGGER "trg_executions_count_inserted_final" AFTER INSERT ON "executions"
   WHEN NEW."status" IN ('completed', 'failed') BEGIN ${FINISHED_SQLITE} END`,
  `CREATE TRIGGER "trg_executions_count_finished" AFTER UPDATE OF "status" ON "executions"
   WHEN NEW."status" <> OLD."status" AND NEW."status" IN ('completed', 'failed')
   BEGIN ${FINISHED_SQLITE} END`,
];

async function triggerNames(dataSource: DataSource): Promise<string[]> {
  const rows: { name: string }[] =
    dataSource.options.type === 'better-sqlite3'
      ? await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'trigger'`)
      : await dataSource.query(
          `SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()`,
        );
  return rows.map((row) => row.name).sort();
}

/**
 * A database migrated by the release that kept the counters by triggers upgrades cleanly:
 * `npm run migrate` (as the application's own user: on the managed-MySQL-like server, one
 * without SUPER) drops the triggers, and the counters stay exact across the upgrade (neither
 * lost nor counted twice by trigger and application).
 */
describe('upgrade from the daily-counter triggers', () => {
  let db: TestDatabase;
  let t: TestService | undefined;

  beforeAll(async () => {
    await ensureBuilt();
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('drops the triggers; counters stay right before, across and after', async () => {
    // A schema at the head, with an account and an agent.
    t = await startTestService({ ROLE: 'api' }, { db });
    const { key } = await t.seedAccount({ plan: 'enterprise' });
    const lead = await seedAgent(t, key);
    let dataSource = t.service.dataSource;
    const agent = await dataSource.getRepository(Agent).findOneByOrFail({ id: lead.id });

    // Back to the state the trigger release left: its triggers, DropStatsTriggers not run, one
    // counter row per day (DailyStatsParts not run).
    await undoMigration(dataSource, 'DailyStatsParts');
    await dataSource.query(`DELETE FROM migrations WHERE name LIKE ?`, ['%DropStatsTriggers%']);
    if (db.driver === 'sqlite') {
      for (const sql of LEGACY_SQLITE) await dataSource.query(sql);
    } else {
      // Creating a trigger needs SUPER with binary logging on: an administrator's connection.
      const admin = new URL(process.env.TEST_DATABASE_ADMIN_URL ?? db.env.DATABASE_URL);
      admin.pathname = new URL(db.env.DATABASE_URL).pathname;
      const conn = await createConnection({ uri: admin.toString() });
      try {
        for (const sql of LEGACY_MYSQL) await conn.query(sql);
      } catch (error) {
        throw new Error(
          `Creating the legacy triggers failed (${String(error)}); on a server with binary ` +
            'logging, set TEST_DATABASE_ADMIN_URL to a user with SUPER (see .ci/mariadb-binlog.sh)',
          { cause: error },
        );
      } finally {
        await conn.end();
      }
    }
    expect((await triggerNames(dataSource)).length).toBeGreaterThan(0);

    // Executions written by the old release (the triggers count them): 3 queued, 1 completed.
    const today = utcDay(new Date());
    const queued = [];
    for (let i = 0; i < 3; i++) {
      queued.push(await insertExecution(dataSource, agent, { status: 'queued' }));
    }
    await insertExecution(dataSource, agent, { status: 'completed' });
    // Summed by day: the same query reads the table before the upgrade (a row per day) and
    // after it (a row per day and writer).
    const counters = async () =>
      (
        await dataSource.query(
          `SELECT day, SUM(created) AS created, SUM(completed) AS completed, SUM(failed) AS failed
           FROM agent_daily_stats WHERE agent_id = ? GROUP BY day`,
          [agent.id],
        )
      ).map((row: Record<string, unknown>) => [
        row.day,
        Number(row.created),
        Number(row.completed),
        Number(row.failed),
      ]);
    expect(await counters()).toEqual([[today, 4, 1, 0]]);
    await t.close();
    t = undefined;

    // The upgrade: `npm run migrate` as the application's user.
    const migrated = await runCli(['migrate'], db.env);
    if (db.driver === 'mariadb' && migrated.code !== 0) {
      // With binary logging on, MariaDB lets only SUPER drop a trigger (as it did to create
      // one): the migration says what to do, changes nothing, and an administrator runs it.
      expect(migrated.stderr).toMatch(/SUPER.*DROP TRIGGER `trg_executions_count_created`/s);
      const conn = await createConnection({ uri: db.env.DATABASE_URL });
      const [left] = await conn.query(
        'SELECT TRIGGER_NAME FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()',
      );
      await conn.end();
      expect(left).toHaveLength(2);
      expect(process.env.TEST_DATABASE_ADMIN_URL, 'TEST_DATABASE_ADMIN_URL').toBeTruthy();
      const admin = new URL(process.env.TEST_DATABASE_ADMIN_URL!);
      admin.pathname = new URL(db.env.DATABASE_URL).pathname;
      const again = await runCli(['migrate'], { ...db.env, DATABASE_URL: admin.toString() });
      expect(again.code, again.stderr).toBe(0);
    } else {
      expect(migrated.code, migrated.stderr).toBe(0);
    }

    // The new release: the queued executions run, new ones come in; each counted once.
    t = await startTestService({ SYNC_WAIT_MS: '10000' }, { db });
    dataSource = t.service.dataSource;
    expect(await triggerNames(dataSource)).toEqual([]);
    // The row counted before the upgrade is now the intake's part, its counts unchanged (the
    // worker may already be running the queued ones: its part is checked with the total below).
    expect(
      (
        await dataSource
          .getRepository(AgentDailyStats)
          .findBy({ agentId: agent.id, part: COUNTER_PART.intake })
      ).map((row) => [row.day, Number(row.part), row.created, row.completed, row.failed]),
    ).toEqual([[today, COUNTER_PART.intake, 4, 1, 0]]);
    const fresh = await Promise.all(
      [1, 2].map(() =>
        t!.webhook().post(lead.path).send({ email: 'a@acme.io', company: 'Acme' }).expect(202),
      ),
    );
    const ids = [...queued.map((row) => row.id), ...fresh.map((res) => res.body.executionId)];
    await waitFor(
      () => dataSource.getRepository(Execution).findBy({ id: In(ids) }),
      (rows) => rows.length === 5 && rows.every((row) => row.status === 'completed'),
    );
    expect(await counters()).toEqual([[today, 6, 6, 0]]);
  });
});

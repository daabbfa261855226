import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/configuration';
import { openDatabase } from '../src/database/database';
import { ENTITIES } from '../src/entities';
import { createTestDatabase, TestDatabase } from './support/database';
import { undoMigration } from './support/migrations';
import { TEST_SECRET_KEY } from './support/service';

describe('migrations', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({ SECRET_KEY: TEST_SECRET_KEY, ...db.env });
    dataSource = await openDatabase(config, { entities: ENTITIES, migrate: true });
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('produce exactly the schema of the entities (no pending changes)', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('are all applied and a second run does nothing', async () => {
    expect(await dataSource.showMigrations()).toBe(false);
    expect(await dataSource.runMigrations()).toEqual([]);
  });

  it('DailyStatsParts keeps every count: old rows become the intake part, down sums parts', async () => {
    /** Every row, numbers as numbers: [agent, day, (part,) created, completed, failed]. */
    const rows = async (parts: boolean) =>
      (
        (await dataSource.query(
          `SELECT agent_id, day, ${parts ? 'part, ' : ''}created, completed, failed
           FROM agent_daily_stats ORDER BY agent_id, day${parts ? ', part' : ''}`,
        )) as Record<string, unknown>[]
      ).map((row) => Object.values(row).map((value, i) => (i < 2 ? value : Number(value))));
    // A database before the migration: one row per agent and day.
    await undoMigration(dataSource, 'DailyStatsParts');
    const legacy = [
      ['agt_a', '2026-11-01', 5, 3, 1],
      ['agt_a', '2026-11-02', 7, 0, 2],
      ['agt_b', '2026-11-01', 1, 1, 0],
    ];
    for (const row of legacy) {
      await dataSource.query(
        'INSERT INTO agent_daily_stats (agent_id, day, created, completed, failed) VALUES (?, ?, ?, ?, ?)',
        row,
      );
    }
    expect(await rows(false)).toEqual(legacy);

    // The upgrade: each row becomes the intake's part (0) of its day, counts unchanged.
    const applied = await dataSource.runMigrations();
    expect(applied.map((migration) => migration.name)).toEqual([
      expect.stringContaining('DailyStatsParts'),
    ]);
    expect(await rows(true)).toEqual(legacy.map(([agent, day, ...n]) => [agent, day, 0, ...n]));

    if (db.driver === 'mariadb') {
      // A process of the release before, not yet rolled (several processes share MySQL; SQLite
      // has one): its upsert, as released, names no part and adds to part 0, counted.
      await dataSource.query(
        `INSERT INTO agent_daily_stats (agent_id, day, created, completed, failed) VALUES (?, ?, ?, ?, ?)
         ON DUPLICATE KEY UPDATE created = created + VALUES(created),
         completed = completed + VALUES(completed), failed = failed + VALUES(failed)`,
        ['agt_b', '2026-11-01', 1, 1, 1],
      );
      expect(await rows(true)).toEqual([
        ['agt_a', '2026-11-01', 0, 5, 3, 1],
        ['agt_a', '2026-11-02', 0, 7, 0, 2],
        ['agt_b', '2026-11-01', 0, 2, 2, 1],
      ]);
      await dataSource.query(
        `UPDATE agent_daily_stats SET created = 1, completed = 1, failed = 0 WHERE agent_id = 'agt_b'`,
      );
    }

    // The worker's part of a day, then back down: each day's parts summed into one row.
    await dataSource.query(
      'INSERT INTO agent_daily_stats (agent_id, day, part, created, completed, failed) VALUES (?, ?, 1, 0, 4, 5)',
      ['agt_a', '2026-11-01'],
    );
    await undoMigration(dataSource, 'DailyStatsParts');
    expect(await rows(false)).toEqual([['agt_a', '2026-11-01', 5, 7, 6], ...legacy.slice(1)]);
    await dataSource.runMigrations();
    await dataSource.query('DELETE FROM agent_daily_stats');
  });

  it('SecretsUseScope gives secrets:use to the keys that held every scope, and to no other', async () => {
    await undoMigration(dataSource, 'SecretsUseScope');
    const every = [
      'endpoints:write',
      'agents:read',
      'agents:write',
      'agents:trigger',
      'executions:read',
      'secrets:read',
      'secrets:write',
      'endpoints:read',
    ];
    const keys: [string, string][] = [
      // Created without a list before the scope existed: every scope, in the entity's order.
      ['key_mig_default', [...every.slice(1), every[0]].join(',')],
      // Given every scope explicitly, in another order.
      ['key_mig_explicit', every.join(',')],
      ['key_mig_limited', 'agents:read,agents:write,secrets:read'],
    ];
    for (const [id, scopes] of keys) {
      await dataSource.query(
        `INSERT INTO api_keys (id, account_id, name, prefix, key_hash, scopes, created_at)
         VALUES (?, 'acc_mig', NULL, 'aas_mig', ?, ?, '2026-11-01 00:00:00.000')`,
        [id, id.padEnd(64, '0'), scopes],
      );
    }
    const applied = await dataSource.runMigrations();
    expect(applied.map((migration) => migration.name)).toEqual([
      expect.stringContaining('SecretsUseScope'),
    ]);
    const rows = (await dataSource.query(
      `SELECT id, scopes FROM api_keys WHERE account_id = 'acc_mig' ORDER BY id`,
    )) as { id: string; scopes: string }[];
    const scopesOf = new Map(rows.map((row) => [row.id, row.scopes.split(',')]));
    expect(scopesOf.get('key_mig_default')).toContain('secrets:use');
    expect(scopesOf.get('key_mig_explicit')).toEqual([...every, 'secrets:use']);
    expect(scopesOf.get('key_mig_limited')).toEqual([
      'agents:read',
      'agents:write',
      'secrets:read',
    ]);
    // And back: down takes the scope away again.
    await undoMigration(dataSource, 'SecretsUseScope');
    const down = (await dataSource.query(
      `SELECT scopes FROM api_keys WHERE id = 'key_mig_explicit'`,
    )) as { scopes: string }[];
    expect(down[0].scopes).toBe(every.join(','));
    await dataSource.runMigrations();
    await dataSource.query(`DELETE FROM api_keys WHERE account_id = 'acc_mig'`);
  });

  it('ExecutionQueuedAt: rows that may still be claimed queue from their creation; the claim index follows', async () => {
    await undoMigration(dataSource, 'ExecutionQueuedAt');
    const statuses = ['queued', 'held', 'running', 'waiting', 'completed'];
    for (const [i, status] of statuses.entries()) {
      await dataSource.query(
        `INSERT INTO executions (id, account_id, agent_id, agent_kind, status, source, input, created_at)
         VALUES (?, 'acc_mig', 'agt_mig', 'lead-qualification', ?, 'api', '{}', ?)`,
        [`exe_mig_${i}`, status, `2026-11-0${i + 1} 10:00:00.000`],
      );
    }
    const applied = await dataSource.runMigrations();
    expect(applied.map((migration) => migration.name)).toEqual([
      expect.stringContaining('ExecutionQueuedAt'),
    ]);
    const rows: { id: string; queued: boolean; same: number | string }[] = await dataSource.query(
      `SELECT id, queued_at IS NOT NULL AS queued, CASE WHEN queued_at = created_at THEN 1 ELSE 0 END AS same
       FROM executions WHERE account_id = 'acc_mig' ORDER BY id`,
    );
    expect(rows.map((row) => [row.id, Boolean(Number(row.queued)), Number(row.same)])).toEqual([
      ['exe_mig_0', true, 1],
      ['exe_mig_1', true, 1],
      ['exe_mig_2', true, 1],
      ['exe_mig_3', true, 1],
      ['exe_mig_4', false, 0],
    ]);
    // And back down and up again, with the schema of the entities at the end.
    await undoMigration(dataSource, 'ExecutionQueuedAt');
    await dataSource.runMigrations();
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
    await dataSource.query(`DELETE FROM executions WHERE account_id = 'acc_mig'`);
  });
});

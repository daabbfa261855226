import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { DailyCounters } from '../../src/agents/daily-counters';
import type { Execution } from '../../src/executions/execution.entity';

/** The little of better-sqlite3 used here (the package ships no type declarations). */
interface SqliteDb {
  exec(sql: string): void;
  prepare(sql: string): { run(...parameters: unknown[]): unknown; all(): unknown[] };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require('better-sqlite3') as new (file: string) => SqliteDb;

const sqlite = { options: { type: 'better-sqlite3' } } as unknown as DataSource;
const mysql = { options: { type: 'mariadb' } } as unknown as DataSource;

function table() {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE agent_daily_stats (agent_id TEXT, day TEXT, part INT NOT NULL,
    created INT NOT NULL DEFAULT 0, completed INT NOT NULL DEFAULT 0,
    failed INT NOT NULL DEFAULT 0, PRIMARY KEY (agent_id, day, part))`);
  db.exec(`CREATE TABLE e (id TEXT PRIMARY KEY, status TEXT)`);
  return db;
}

const row = (
  agentId: string,
  status: Execution['status'],
  createdAt: string,
  completedAt?: string,
) =>
  ({
    agentId,
    status,
    createdAt: new Date(createdAt),
    completedAt: completedAt ? new Date(completedAt) : null,
  }) as Execution;

describe('DailyCounters', () => {
  it('sums per agent and UTC day, sorted, in one statement', () => {
    const [sql, parameters] = new DailyCounters(mysql).inserted([
      row('b', 'queued', '2026-11-25T23:59:59.999Z'),
      row('a', 'queued', '2026-11-25T10:00:00Z'),
      row('b', 'queued', '2026-11-25T00:00:00Z'),
      row('a', 'failed', '2026-11-24T23:00:00Z', '2026-11-26T01:00:00Z'),
    ])!;
    expect(sql).toMatch(
      /VALUES \(\?, \?, 0, \?, \?, \?\), \(\?, \?, 0, \?, \?, \?\), .* ON DUPLICATE KEY UPDATE/s,
    );
    expect(parameters).toEqual([
      ...['a', '2026-11-24', 1, 0, 0],
      ...['a', '2026-11-25', 1, 0, 0],
      ...['a', '2026-11-26', 0, 0, 1],
      ...['b', '2026-11-25', 2, 0, 0],
    ]);
  });

  it('counts completed and failed on the completed_at day, cancelled in neither', () => {
    const db = table();
    const counters = new DailyCounters(sqlite);
    const [sql, parameters] = counters.finished([
      row('a', 'completed', '2026-11-01T00:00:00Z', '2026-11-03T12:00:00Z'),
      row('a', 'failed', '2026-11-01T00:00:00Z', '2026-11-03T13:00:00Z'),
      row('a', 'completed', '2026-11-01T00:00:00Z', '2026-11-03T14:00:00Z'),
      row('a', 'cancelled', '2026-11-01T00:00:00Z', '2026-11-03T14:00:00Z'),
    ])!;
    db.prepare(sql).run(...parameters);
    db.prepare(sql).run(...parameters);
    expect(db.prepare('SELECT * FROM agent_daily_stats').all()).toEqual([
      { agent_id: 'a', day: '2026-11-03', part: 1, created: 0, completed: 4, failed: 2 },
    ]);
    expect(counters.finished([row('a', 'cancelled', '2026-11-01', '2026-11-02')])).toBeNull();
    expect(counters.inserted([])).toBeNull();
  });

  it('a guarded counter applies only after a statement that changed one row', () => {
    const db = table();
    db.exec(`INSERT INTO e VALUES ('x', 'running')`);
    const [sql, parameters] = new DailyCounters(sqlite).finishedIfChanged(
      row('a', 'completed', '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z'),
    )!;
    const finish = db.prepare(
      `UPDATE e SET status = 'completed' WHERE id = 'x' AND status = 'running'`,
    );
    for (let i = 0; i < 2; i++) {
      finish.run();
      db.prepare(sql).run(...parameters);
    }
    expect(db.prepare('SELECT completed FROM agent_daily_stats').all()).toEqual([{ completed: 1 }]);
    const [mysqlSql] = new DailyCounters(mysql).finishedIfChanged(
      row('a', 'failed', '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z'),
    )!;
    expect(mysqlSql).toMatch(
      /SELECT \?, \?, 1, \?, \?, \? FROM DUAL WHERE ROW_COUNT\(\) = 1 ON DUPLICATE KEY/,
    );
  });

  it('the intake and the worker each upsert their own row of a day (part 0 and 1)', () => {
    const db = table();
    const counters = new DailyCounters(sqlite);
    const queued = row('a', 'queued', '2026-11-03T08:00:00Z');
    const done = row('a', 'completed', '2026-11-03T08:00:00Z', '2026-11-03T09:00:00Z');
    const failed = row('a', 'failed', '2026-11-03T08:00:00Z', '2026-11-03T10:00:00Z');
    for (const statement of [
      counters.inserted([queued, queued, queued]),
      counters.finished([done]),
      counters.finishedIfChanged(failed),
      counters.inserted([queued]),
    ]) {
      const [sql, parameters] = statement!;
      db.prepare(sql).run(...parameters);
    }
    // finishedIfChanged: `changes()` of the statement before it, the worker's upsert (1 row).
    expect(db.prepare('SELECT * FROM agent_daily_stats ORDER BY part').all()).toEqual([
      { agent_id: 'a', day: '2026-11-03', part: 0, created: 4, completed: 0, failed: 0 },
      { agent_id: 'a', day: '2026-11-03', part: 1, created: 0, completed: 1, failed: 1 },
    ]);
  });
});

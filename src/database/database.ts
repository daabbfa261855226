import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/configuration';
import { buildDataSourceOptions, databaseKind, type EntityList } from './database.options';
import { boundMysqlPool, withoutBounds } from './mysql-bounds';
import { isBusy, serializeTransactions } from './sqlite-connection';

export interface OpenDatabaseOptions {
  /** The entities (`ENTITIES` of src/entities.ts). */
  entities: EntityList;
  /** Apply pending migrations (default: always on SQLite, on MySQL when MIGRATE_ON_START). */
  migrate?: boolean;
  /**
   * Without `migrate`: refuse a database with pending migrations (default true). Only
   * `npm run migrate` opens such a database, to migrate it.
   */
  checkSchema?: boolean;
}

/** The database lacks migrations this version needs: the process refuses to start. */
export class SchemaNotReadyError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `The database schema is not up to date (${pending.length} migration(s) pending, ` +
        `first ${pending[0]}): run \`npm run migrate\` with the same DATABASE_URL first, ` +
        `or start with MIGRATE_ON_START=true`,
    );
  }
}

/**
 * Opens the process's one DataSource. SQLite is always migrated on open; MySQL only when
 * MIGRATE_ON_START=true (otherwise `npm run migrate`), and a MySQL database with pending
 * migrations is refused (SchemaNotReadyError) rather than served with 500s. Migrating on open
 * is safe with several processes starting at once (`runMigrationsLocked`).
 */
export async function openDatabase(
  config: AppConfig,
  options: OpenDatabaseOptions,
): Promise<DataSource> {
  if (databaseKind(config) === 'sqlite') createPrivateFile(config.databasePath);
  const dataSource = await initialize(config, options.entities);
  try {
    if (databaseKind(config) === 'sqlite')
      serializeTransactions(dataSource, config.databaseTimeoutMs);
    else boundMysqlPool(dataSource, config.databaseTimeoutMs);
    const migrate = options.migrate ?? (databaseKind(config) === 'sqlite' || config.migrateOnStart);
    if (migrate) {
      await runMigrationsLocked(dataSource);
    } else if (options.checkSchema !== false) {
      const pending = await pendingMigrations(dataSource);
      if (pending.length > 0) throw new SchemaNotReadyError(pending);
    }
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  return dataSource;
}

/**
 * Connects. On SQLite, opening a file another process is writing (switching a fresh file to
 * WAL, or migrating it) can meet its lock for longer than the busy slice: several processes
 * starting together on one new file wait their turn instead of failing to start.
 */
async function initialize(config: AppConfig, entities: EntityList): Promise<DataSource> {
  const deadline = Date.now() + MIGRATION_LOCK_WAIT_MS;
  for (;;) {
    const dataSource = new DataSource(buildDataSourceOptions(config, entities));
    try {
      return await dataSource.initialize();
    } catch (error) {
      if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
      else await dataSource.driver.disconnect().catch(() => undefined);
      if (databaseKind(config) !== 'sqlite' || !isBusy(error) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 25));
    }
  }
}

/** The names of this version's migrations that the database has not applied, oldest first. */
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  const known = dataSource.migrations.map(
    (migration) => migration.name ?? migration.constructor.name,
  );
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const quoted = dataSource.driver.escape(table);
  let applied: { name: string }[];
  try {
    applied = await dataSource.query(`SELECT name FROM ${quoted}`);
  } catch (error) {
    if (isMissingTable(error)) return known; // never migrated
    throw error;
  }
  const done = new Set(applied.map((row) => row.name));
  return known.filter((name) => !done.has(name));
}

function isMissingTable(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: unknown; message?: unknown } })
    .driverError;
  return (
    driverError?.code === 'ER_NO_SUCH_TABLE' ||
    (typeof driverError?.message === 'string' && /no such table/i.test(driverError.message))
  );
}

/** How long a process waits for another one's migrations before it gives up starting. */
const MIGRATION_LOCK_WAIT_MS = 10 * 60_000;

/**
 * Applies pending migrations while holding a lock that other processes migrating the same
 * database respect, so that several processes starting together apply each migration once:
 * the first one migrates; the others wait, then find nothing pending.
 *
 * - MySQL: a named lock (`GET_LOCK`, per database; it needs no privilege and the server
 *   releases it if the holder's connection dies), held on a connection of its own while the
 *   migrations run (TypeORM's transaction per migration) on others.
 * - SQLite: one write transaction (`BEGIN IMMEDIATE`, the file's write lock) around all the
 *   migrations, on the process's one connection. Foreign keys are switched off around it, as
 *   TypeORM does around migrations (the pragma is a no-op inside a transaction).
 */
export async function runMigrationsLocked(dataSource: DataSource): Promise<string[]> {
  const deadline = Date.now() + MIGRATION_LOCK_WAIT_MS;
  if (dataSource.options.type === 'better-sqlite3') {
    await dataSource.query('PRAGMA foreign_keys = OFF');
    try {
      await untilDeadline(deadline, async () => {
        try {
          await dataSource.query('BEGIN IMMEDIATE');
          return true;
        } catch (error) {
          if (/SQLITE_BUSY/.test(String((error as { code?: unknown }).code))) return false;
          if (/database is locked/i.test(String(error))) return false;
          throw error;
        }
      });
      try {
        const ran = await dataSource.runMigrations({ transaction: 'none' });
        await dataSource.query('COMMIT');
        return ran.map((migration) => migration.name);
      } catch (error) {
        await dataSource.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    } finally {
      await dataSource.query('PRAGMA foreign_keys = ON');
    }
  }
  const runner = dataSource.createQueryRunner();
  const lock = "CONCAT('aas_migrate_', SHA1(DATABASE()))";
  try {
    await runner.connect();
    await untilDeadline(deadline, async () => {
      const [row] = (await runner.query(`SELECT GET_LOCK(${lock}, 0) AS got`)) as {
        got: unknown;
      }[];
      return Number(row?.got) === 1;
    });
    try {
      // A migration may take long (an ALTER of a big table): not bounded.
      const ran = await withoutBounds(dataSource, () =>
        dataSource.runMigrations({ transaction: 'each' }),
      );
      return ran.map((migration) => migration.name);
    } finally {
      await runner.query(`SELECT RELEASE_LOCK(${lock})`).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}

/** Calls `attempt` every quarter second until it returns true; throws at `deadline`. */
async function untilDeadline(deadline: number, attempt: () => Promise<boolean>): Promise<void> {
  while (!(await attempt())) {
    if (Date.now() > deadline) {
      throw new Error('Timed out waiting for another process to finish migrating the database');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Creates the SQLite file, when absent, readable by the owner only (0600; its folder 0700 when
 * created): it holds API key hashes and sealed secrets. SQLite gives its -wal and -shm files
 * the database file's mode. An existing file keeps the mode the operator gave it.
 */
function createPrivateFile(path: string): void {
  if (path === ':memory:' || path === '') return;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

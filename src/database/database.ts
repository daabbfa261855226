import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import type { QueryRunner, ReplicationMode } from 'typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/configuration';
import { buildDataSourceOptions, databaseKind } from './database.options';

export interface OpenDatabaseOptions {
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
  options: OpenDatabaseOptions = {},
): Promise<DataSource> {
  if (databaseKind(config) === 'sqlite') createPrivateFile(config.databasePath);
  const dataSource = new DataSource(buildDataSourceOptions(config));
  await dataSource.initialize();
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
    const bounds = POOL_BOUNDS.get(dataSource);
    if (bounds) bounds.suspended = true; // a migration may take long (ALTER of a big table)
    try {
      const ran = await dataSource.runMigrations({ transaction: 'each' });
      return ran.map((migration) => migration.name);
    } finally {
      if (bounds) bounds.suspended = false;
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

/** The error of a pooled connection not obtained within DATABASE_TIMEOUT_MS. */
export const ACQUIRE_TIMEOUT_CODE = 'DATABASE_ACQUIRE_TIMEOUT';

interface MysqlConnection {
  query(...args: unknown[]): unknown;
  destroy(): void;
  release(): void;
  [BOUNDED]?: true;
}
const BOUNDED = Symbol('bounded');

/** The bounds of a DataSource's pool; suspended while migrations run (not bounded). */
interface PoolBounds {
  timeoutMs: number;
  suspended: boolean;
}
const POOL_BOUNDS = new WeakMap<DataSource, PoolBounds>();

interface MysqlDriverInternals {
  obtainMasterConnection(): Promise<MysqlConnection>;
  prepareDbConnection(connection: MysqlConnection): MysqlConnection;
}

/**
 * Bounds every MySQL statement and every wait for a pooled connection by DATABASE_TIMEOUT_MS,
 * so that a stalled server (stopped, or a network that drops packets: the TCP connections
 * stay open and nothing answers) fails requests with a 503 instead of holding them for
 * minutes. A small adapter on the driver, because the documented options fall short:
 *
 * - mysql2's per-query `timeout` fails the query but leaves its connection in the pool with
 *   the statement still pending on it (the next statements queue behind it, and run whenever
 *   the server resumes, long after their callers gave up). The connection of a statement
 *   that timed out is therefore destroyed (as mysqljs/mysql does): the pool opens a fresh
 *   one, and the server rolls back whatever that connection left open. TypeORM's own way to
 *   pass `timeout` (`enableQueryTimeout` with `maxQueryExecutionTime`) also logs every such
 *   statement with its parameters at warn level, whatever `logging` says: not used.
 * - mysql2's pool has no acquisition timeout (`acquireTimeout` belongs to mysqljs/mysql): a
 *   caller waits in its queue for as long as the busy connections take. The wait is bounded
 *   here; a connection handed over after its caller gave up goes straight back to the pool.
 * - `connectTimeout` (a documented mysql2 option, set in database.options.ts) bounds opening
 *   a new connection.
 */
function boundMysqlPool(dataSource: DataSource, timeoutMs: number): void {
  const bounds: PoolBounds = { timeoutMs, suspended: false };
  POOL_BOUNDS.set(dataSource, bounds);
  const driver = dataSource.driver as unknown as MysqlDriverInternals;
  const prepare = driver.prepareDbConnection.bind(driver);
  driver.prepareDbConnection = (connection) => prepare(boundQueries(connection, bounds));
  const obtain = driver.obtainMasterConnection.bind(driver);
  driver.obtainMasterConnection = () => {
    if (bounds.suspended) return obtain();
    return new Promise<MysqlConnection>((resolve, reject) => {
      let waiting = true;
      const timer = setTimeout(() => {
        waiting = false;
        const error = new Error(`No database connection within ${timeoutMs} ms`);
        reject(Object.assign(error, { code: ACQUIRE_TIMEOUT_CODE }));
      }, timeoutMs);
      obtain().then(
        (connection) => {
          clearTimeout(timer);
          if (waiting) resolve(connection);
          else connection.release();
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (waiting) reject(error as Error);
        },
      );
    });
  };
}

/** Gives each query of `connection` the timeout, and destroys the connection on a timeout. */
function boundQueries(connection: MysqlConnection, bounds: PoolBounds): MysqlConnection {
  if (connection[BOUNDED]) return connection;
  connection[BOUNDED] = true;
  const query = connection.query;
  connection.query = function (this: MysqlConnection, sql: unknown, ...rest: unknown[]) {
    if (bounds.suspended) return query.call(this, sql, ...rest);
    const { timeoutMs } = bounds;
    const options =
      typeof sql === 'string'
        ? { sql, timeout: timeoutMs }
        : sql && typeof sql === 'object' && (sql as { timeout?: unknown }).timeout === undefined
          ? Object.assign(sql, { timeout: timeoutMs })
          : sql;
    const last = rest.length - 1;
    const callback = rest[last];
    if (typeof callback === 'function') {
      rest[last] = (error: { code?: unknown } | null, ...results: unknown[]) => {
        if (error?.code === 'PROTOCOL_SEQUENCE_TIMEOUT') connection.destroy();
        (callback as (...args: unknown[]) => void)(error, ...results);
      };
    }
    return query.call(this, options, ...rest);
  };
  return connection;
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

/**
 * better-sqlite3 gives TypeORM a single connection: two overlapping `transaction()` calls
 * would both send BEGIN on it (the second fails) or nest as savepoints (a rollback of one
 * undoing the other), and a plain statement issued while a transaction is open would run
 * inside it (and vanish with its rollback). On SQLite, every use of the connection is
 * therefore serialized: a transaction runs alone, and a statement from outside a transaction
 * waits for the open one to end.
 *
 * Inside and outside are told apart by the query runner, not by an async context: each
 * transaction gets its own runner object (sharing the one connection) whose statements run
 * directly, so its manager (and repositories, query builders taken from it) work as usual.
 * AsyncLocalStorage did the same job but made every promise of the process pay for a hook
 * (about a tenth of an inbound webhook's CPU time). Inside a transaction, use the manager it
 * provides: a statement through the DataSource (or an injected repository) there would wait
 * for the transaction, that is for itself.
 */
function serializeTransactions(dataSource: DataSource, busyTimeoutMs: number): void {
  let tail: Promise<unknown> = Promise.resolve();
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  };
  let open = false;
  let opening = false;

  // The driver hands out one shared query runner; statements outside a transaction wait for
  // the open one, if any. One that finds the file locked by another process is tried again
  // (see `whileBusy`).
  const shared = dataSource.driver.createQueryRunner('master');
  const direct = shared.query as (...a: unknown[]) => Promise<unknown>;
  shared.query = function (this: QueryRunner, ...args: unknown[]) {
    const deadline = Date.now() + busyTimeoutMs;
    const run = () => whileBusy(deadline, () => direct.apply(shared, args));
    return open ? serialized(run) : run();
  } as typeof shared.query;

  // The runner a transaction is started on: its own object on the shared connection. Its
  // BEGIN takes the write lock at once (IMMEDIATE), waiting for another process's as long
  // as the transaction's deadline allows: then no statement inside it can meet a lock.
  let transactionDeadline = 0;
  const ownQuery = function (this: QueryRunner, sql: unknown, ...rest: unknown[]) {
    if (sql !== 'BEGIN TRANSACTION') return direct.call(this, sql, ...rest);
    return whileBusy(transactionDeadline, () => direct.call(this, 'BEGIN IMMEDIATE', ...rest));
  };
  const createQueryRunner = dataSource.createQueryRunner.bind(dataSource);
  dataSource.createQueryRunner = ((mode?: ReplicationMode) => {
    const runner = createQueryRunner(mode);
    if (!opening) return runner;
    const own = Object.create(runner) as QueryRunner;
    Object.assign(own, { query: ownQuery, manager: dataSource.createEntityManager(own) });
    return own;
  }) as typeof dataSource.createQueryRunner;

  const manager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  manager.transaction = ((...args: unknown[]) => {
    const deadline = Date.now() + busyTimeoutMs;
    return serialized(async () => {
      open = true;
      opening = true; // TypeORM takes its runner synchronously, before its first await
      transactionDeadline = deadline;
      try {
        const running = transaction(...args);
        opening = false;
        return await running;
      } finally {
        opening = false;
        open = false;
      }
    });
  }) as typeof manager.transaction;
}

/**
 * SQLite's busy timeout is short (SQLITE_BUSY_SLICE_MS, database.options.ts): better-sqlite3
 * is synchronous, and its busy handler holds the whole event loop while it waits for another
 * process's lock (with a 10 s busy timeout, every write of a locked file would freeze the
 * process, health check included, for 10 s). The wait is cut in short slices instead, with
 * the event loop free between them.
 *
 * Runs `statement`, and again (every 25-50 ms) while it fails with SQLITE_BUSY (another
 * process holds the write lock: the statement did nothing), until `deadline` (the caller's
 * DATABASE_TIMEOUT_MS, counted from when it asked, queueing included); then the last
 * SQLITE_BUSY is thrown (503).
 */
async function whileBusy<T>(deadline: number, statement: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await statement();
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 25));
    }
  }
}

function isBusy(error: unknown): boolean {
  const code =
    (error as { code?: unknown }).code ??
    (error as { driverError?: { code?: unknown } }).driverError?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

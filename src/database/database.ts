import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import type { QueryRunner, ReplicationMode } from 'typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/configuration';
import { buildDataSourceOptions, databaseKind } from './database.options';

/**
 * Opens the process's one DataSource. SQLite is always migrated on open; MySQL only when
 * MIGRATE_ON_START=true (otherwise `npm run migrate`).
 */
export async function openDatabase(
  config: AppConfig,
  options: { migrate?: boolean } = {},
): Promise<DataSource> {
  if (databaseKind(config) === 'sqlite') createPrivateFile(config.databasePath);
  const dataSource = new DataSource(buildDataSourceOptions(config));
  await dataSource.initialize();
  if (databaseKind(config) === 'sqlite') serializeTransactions(dataSource);
  const migrate = options.migrate ?? (databaseKind(config) === 'sqlite' || config.migrateOnStart);
  if (migrate) await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
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
function serializeTransactions(dataSource: DataSource): void {
  let tail: Promise<unknown> = Promise.resolve();
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  };
  let open = false;
  let opening = false;

  // The driver hands out one shared query runner; statements outside a transaction wait for
  // the open one, if any.
  const shared = dataSource.driver.createQueryRunner('master');
  const direct = shared.query;
  shared.query = function (this: QueryRunner, ...args: unknown[]) {
    const run = () => (direct as (...a: unknown[]) => Promise<unknown>).apply(shared, args);
    return open ? serialized(run) : run();
  } as typeof shared.query;

  // The runner a transaction is started on: its own object on the shared connection.
  const createQueryRunner = dataSource.createQueryRunner.bind(dataSource);
  dataSource.createQueryRunner = ((mode?: ReplicationMode) => {
    const runner = createQueryRunner(mode);
    if (!opening) return runner;
    const own = Object.create(runner) as QueryRunner;
    Object.assign(own, { query: direct, manager: dataSource.createEntityManager(own) });
    return own;
  }) as typeof dataSource.createQueryRunner;

  const manager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  manager.transaction = ((...args: unknown[]) =>
    serialized(async () => {
      open = true;
      opening = true; // TypeORM takes its runner synchronously, before its first await
      try {
        const running = transaction(...args);
        opening = false;
        return await running;
      } finally {
        opening = false;
        open = false;
      }
    })) as typeof manager.transaction;
}

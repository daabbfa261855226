import { AsyncLocalStorage } from 'node:async_hooks';
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
  const dataSource = new DataSource(buildDataSourceOptions(config));
  await dataSource.initialize();
  if (databaseKind(config) === 'sqlite') serializeTransactions(dataSource);
  const migrate = options.migrate ?? (databaseKind(config) === 'sqlite' || config.migrateOnStart);
  if (migrate) await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}

/**
 * better-sqlite3 gives TypeORM a single connection: two overlapping `transaction()` calls
 * would both send BEGIN on it (the second fails) or nest as savepoints (a rollback of one
 * undoing the other), and a plain statement issued while a transaction is open would run
 * inside it (and vanish with its rollback). On SQLite, every use of the connection is
 * therefore serialized: a transaction runs alone, and a statement from outside a transaction
 * waits for the open one to end. Inside a transaction (tracked with AsyncLocalStorage), its
 * statements run directly; use the manager it provides: calling `dataSource.transaction()`
 * there would wait for itself.
 */
function serializeTransactions(dataSource: DataSource): void {
  const inTransaction = new AsyncLocalStorage<true>();
  let tail: Promise<unknown> = Promise.resolve();
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  };

  const manager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  manager.transaction = ((...args: unknown[]) =>
    serialized(() =>
      inTransaction.run(true, () => transaction(...args)),
    )) as typeof manager.transaction;

  // The driver hands out one shared query runner; statements outside a transaction queue up.
  const runner = dataSource.driver.createQueryRunner('master');
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  runner.query = ((...args: unknown[]) =>
    inTransaction.getStore()
      ? query(...args)
      : serialized(() => query(...args))) as typeof runner.query;
}

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
 * undoing the other). On SQLite, transactions started from the DataSource (and from every
 * repository, which shares its manager) therefore run one after the other. Inside a
 * transaction, use the manager it provides: calling `dataSource.transaction()` there would
 * wait for itself.
 */
function serializeTransactions(dataSource: DataSource): void {
  const manager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  let tail: Promise<unknown> = Promise.resolve();
  manager.transaction = ((...args: unknown[]) => {
    const run = tail.then(() => transaction(...args));
    tail = run.catch(() => undefined);
    return run;
  }) as typeof manager.transaction;
}

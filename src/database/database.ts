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
  const migrate = options.migrate ?? (databaseKind(config) === 'sqlite' || config.migrateOnStart);
  if (migrate) await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}

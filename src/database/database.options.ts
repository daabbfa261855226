import { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/configuration';
import { ENTITIES } from './entities';
import { MYSQL_MIGRATIONS, SQLITE_MIGRATIONS } from './migrations';

export type DatabaseKind = 'mysql' | 'sqlite';

export function databaseKind(config: Pick<AppConfig, 'databaseUrl'>): DatabaseKind {
  return config.databaseUrl ? 'mysql' : 'sqlite';
}

/** The one DataSource options builder, shared by the app, the CLI and ormconfig.ts. */
export function buildDataSourceOptions(
  config: Pick<AppConfig, 'databaseUrl' | 'databasePath'>,
): DataSourceOptions {
  const common = { entities: ENTITIES, synchronize: false, logging: false } as const;
  if (config.databaseUrl) {
    return {
      ...common,
      type: 'mariadb',
      url: config.databaseUrl.replace(/^mariadb:/, 'mysql:'),
      migrations: MYSQL_MIGRATIONS,
      timezone: 'Z',
      charset: 'utf8mb4_unicode_ci',
      poolSize: 20,
      // An execution's write and its daily counters go in one round trip, `START TRANSACTION;
      // …; COMMIT` (atomicWithRetry). Every statement is parameterised (docs/decisions.md).
      multipleStatements: true,
      extra: { connectTimeout: 5000, enableKeepAlive: true, idleTimeout: 60000 },
    };
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: config.databasePath,
    migrations: SQLITE_MIGRATIONS,
    enableWAL: true,
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('synchronous = NORMAL');
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
    },
  };
}

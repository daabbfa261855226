import type { DataSourceOptions, MixedList } from 'typeorm';
import type { AppConfig } from '../config/configuration';
import { MYSQL_MIGRATIONS, SQLITE_MIGRATIONS } from './migrations';

/** See database.ts (`whileBusy`). */
export const SQLITE_BUSY_SLICE_MS = 50;

/** The entities of the service: `ENTITIES` (src/entities.ts), composed at the root. */
export type EntityList = MixedList<Function>;

export type DatabaseKind = 'mysql' | 'sqlite';

export function databaseKind(config: Pick<AppConfig, 'databaseUrl'>): DatabaseKind {
  return config.databaseUrl ? 'mysql' : 'sqlite';
}

/** The one DataSource options builder, shared by the app, the CLI and ormconfig.ts. */
export function buildDataSourceOptions(
  config: Pick<AppConfig, 'databaseUrl' | 'databasePath'> &
    Partial<Pick<AppConfig, 'databaseTimeoutMs'>>,
  entities: EntityList,
): DataSourceOptions {
  // The per-statement bound and the bound on taking a pooled connection (MySQL), and the
  // retries of a statement that meets another process's lock (SQLite), are applied in
  // database.ts when the DataSource is opened; these are the drivers' own options.
  const timeoutMs = config.databaseTimeoutMs ?? 10_000;
  const common = { entities, synchronize: false, logging: false } as const;
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
      // …; COMMIT` (atomicWithRetry). Every statement is parameterised
      // (docs/decisions/0019-daily-counters-in-the-application.md).
      multipleStatements: true,
      // mysql2's connectTimeout bounds the TCP connect and the handshake of a new connection.
      extra: {
        connectTimeout: Math.min(timeoutMs, 5000),
        enableKeepAlive: true,
        idleTimeout: 60000,
        // mysql2's `trace` (on by default) captures a stack trace at every query TypeORM sends
        // through its promise API, for errors' stacks: 10–15 µs of CPU a query here (a third
        // of a `SELECT ?` round trip's client CPU). It buys nothing here: TypeORM wraps every
        // driver error in a QueryFailedError of its own, whose stack has the caller's frames.
        trace: false,
      },
    };
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: config.databasePath,
    migrations: SQLITE_MIGRATIONS,
    enableWAL: true,
    // better-sqlite3's busy timeout: how long one statement blocks (synchronously) waiting for
    // another process's write lock; database.ts tries again until DATABASE_TIMEOUT_MS.
    timeout: SQLITE_BUSY_SLICE_MS,
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('synchronous = NORMAL');
      db.pragma(`busy_timeout = ${SQLITE_BUSY_SLICE_MS}`);
      db.pragma('foreign_keys = ON');
    },
  };
}

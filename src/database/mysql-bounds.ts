import type { DataSource } from 'typeorm';

/*
 * An adapter on TypeORM's MySQL driver (its pool of mysql2 connections), applied once to the
 * process's DataSource by openDatabase. It replaces two driver methods on that one instance:
 * neither TypeORM nor mysql2 offers an option that does what is needed (each point below
 * says why). Nothing else of the library is changed.
 */

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

/**
 * Runs `work` with the bounds of `dataSource`'s pool lifted (migrations: an ALTER of a big
 * table may take minutes). No-op for a DataSource without bounds (SQLite).
 */
export async function withoutBounds<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  const bounds = POOL_BOUNDS.get(dataSource);
  if (bounds) bounds.suspended = true;
  try {
    return await work();
  } finally {
    if (bounds) bounds.suspended = false;
  }
}

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
export function boundMysqlPool(dataSource: DataSource, timeoutMs: number): void {
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

import type { DataSource, QueryRunner, ReplicationMode } from 'typeorm';

/*
 * An adapter on TypeORM's better-sqlite3 DataSource, applied once to the process's DataSource
 * by openDatabase: it wraps that instance's shared query runner, `createQueryRunner` and
 * `manager.transaction` (why: below). TypeORM has no option for either point; nothing else
 * of the library is changed.
 */

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
export function serializeTransactions(dataSource: DataSource, busyTimeoutMs: number): void {
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

export function isBusy(error: unknown): boolean {
  const code =
    (error as { code?: unknown }).code ??
    (error as { driverError?: { code?: unknown } }).driverError?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

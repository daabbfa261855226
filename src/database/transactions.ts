import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import { isConnectionError, isDatabaseTimeout, isLockConflict } from '../common/database-errors';
import { oneQuery, type Pipeline, pipelineAttempt } from './pipeline';
import { execute } from './raw-sql';

export interface RetryOptions {
  /** Tries in all (default 3). */
  attempts?: number;
  /**
   * The transaction may be applied twice without harm (its writes are conditional on the
   * state it saw, as the state transitions of executions are). Then a connection lost while
   * committing is retried too: if the first commit did land, the retry changes nothing.
   */
  idempotent?: boolean;
  /** The transaction's isolation level (the database's default when absent). */
  isolation?: IsolationLevel;
}

const logger = new Logger('Transactions');

/** A failed attempt that took this long is not retried (see `withRetries`). */
const SLOW_ATTEMPT_MS = 3000;

/** One SQL statement and its parameters. */
export type Statement = [sql: string, parameters: unknown[]];

/**
 * Runs `work` in a transaction and runs it again (up to `attempts` times, after 20–40 ms,
 * then 80–160 ms) when the database refused it for a passing reason:
 *
 * - a deadlock or lock wait timeout: the server rolled it back, so a retry is always safe;
 * - a lost or refused connection before the commit was sent: nothing was committed, and the
 *   retry gets a fresh connection from the pool (a connection the server or the network
 *   closed while idle is dropped from the pool on its first error);
 * - a connection lost during the commit only with `idempotent`, since the commit may have
 *   landed.
 *
 * Anything else, or the last failure, is thrown as it is (a connection error then answers
 * 503 with Retry-After). `work` must not have effects outside the transaction that a second
 * run would repeat.
 */
export async function transactionWithRetry<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  return withRetries(options, 'Transaction', async (progress) => {
    const run = async (manager: EntityManager) => {
      const result = await work(manager);
      progress.committing = true;
      return result;
    };
    return options.isolation
      ? dataSource.transaction(options.isolation, run)
      : dataSource.transaction(run);
  });
}

/**
 * Runs one statement on its own (autocommit: one round trip, atomic by itself) on a pooled
 * connection, with the retries of `transactionWithRetry`: after a lock conflict always, after
 * a lost connection only with `idempotent` (the statement may have landed). `work` is told
 * the attempt's number, so that it can recognise its own earlier write.
 */
export async function statementWithRetry<T>(
  dataSource: DataSource,
  work: (runner: QueryRunner, attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  return withRetries(options, 'Statement', async (progress, attempt) => {
    const runner = dataSource.createQueryRunner();
    try {
      await runner.connect();
      progress.committing = true;
      return await work(runner, attempt);
    } finally {
      await runner.release();
    }
  });
}

/**
 * Runs `work` as one transaction with the retries of `transactionWithRetry`, in as few round
 * trips as its reads allow: on MySQL its begin travels with its first statements and its commit
 * with its last (`pipelineAttempt`, pipeline.ts, says why and how).
 */
export function pipelinedTransaction<T>(
  dataSource: DataSource,
  options: RetryOptions,
  work: (pipeline: Pipeline) => Promise<T>,
): Promise<T> {
  return withRetries(options, 'Transaction', (progress) =>
    pipelineAttempt(dataSource, options.isolation, progress, work),
  );
}

/**
 * Runs `statements` as one atomic unit, with the retries of `transactionWithRetry`, and
 * resolves how many rows each changed: a pipelined transaction of one batch (MySQL: one round
 * trip, `START TRANSACTION; …; COMMIT`). The commit travels with the statements, so a lost
 * connection is retried only with `idempotent`; `landed(error, attempt)` may then recognise,
 * from the error of a retry, that an earlier attempt committed (resolves null).
 */
export async function atomicWithRetry(
  dataSource: DataSource,
  statements: Statement[],
  options: RetryOptions & { landed?: (error: unknown, attempt: number) => boolean } = {},
): Promise<number[] | null> {
  return withRetries(options, 'Transaction', async (progress, attempt) => {
    try {
      const results = await pipelineAttempt(dataSource, options.isolation, progress, (pipeline) =>
        pipeline.commit(statements),
      );
      return results.map((result) => result.changed);
    } catch (error) {
      if (options.landed?.(error, attempt)) return null;
      throw error;
    }
  });
}

/**
 * Runs `statements` in `manager`'s transaction and resolves how many rows each changed.
 * MySQL: several in one round trip (one multi-statement query); SQLite: one by one.
 */
export async function executeAll(
  manager: EntityManager,
  statements: Statement[],
): Promise<number[]> {
  if (statements.length <= 1 || manager.connection.options.type === 'better-sqlite3') {
    const changed: number[] = [];
    for (const [sql, parameters] of statements)
      changed.push(await execute(manager, sql, parameters));
    return changed;
  }
  const runner = manager.queryRunner;
  if (!runner) throw new Error('executeAll() needs a transaction');
  const results = (await runner.query(...oneQuery(statements))) as { affectedRows?: number }[];
  return results.map((result) => result.affectedRows ?? 0);
}

/**
 * Runs read statements outside a transaction and resolves each one's rows. MySQL: all in one
 * round trip (one multi-statement query), since a round trip costs the service more CPU than
 * a small read (pipeline.ts); SQLite: one by one. They see the database as separate
 * statements would, not as one snapshot.
 */
export async function readAll(
  dataSource: DataSource,
  statements: Statement[],
): Promise<Record<string, unknown>[][]> {
  if (statements.length <= 1 || dataSource.options.type === 'better-sqlite3') {
    const results: Record<string, unknown>[][] = [];
    for (const [sql, parameters] of statements) {
      results.push(await dataSource.query(sql, parameters));
    }
    return results;
  }
  return (await dataSource.query(...oneQuery(statements))) as Record<string, unknown>[][];
}

async function withRetries<T>(
  options: RetryOptions,
  what: string,
  run: (progress: { committing: boolean }, attempt: number) => Promise<T>,
): Promise<T> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    const progress = { committing: false };
    const startedAt = Date.now();
    try {
      return await run(progress, attempt);
    } catch (error) {
      // An attempt that ran into DATABASE_TIMEOUT_MS, or failed only after waiting a long
      // time (SQLite's busy timeout, a long lock wait), met a stalled database, not a passing
      // conflict: another try would only multiply the caller's wait.
      const stalled = isDatabaseTimeout(error) || Date.now() - startedAt >= SLOW_ATTEMPT_MS;
      const retry =
        attempt < attempts &&
        !stalled &&
        (isLockConflict(error) ||
          (isConnectionError(error) && (!progress.committing || options.idempotent === true)));
      if (!retry) throw error;
      logger.warn(
        `${what} retried (attempt ${attempt + 1} of ${attempts}) after: ${describe(error)}`,
      );
      await sleep(20 * 4 ** (attempt - 1) * (1 + Math.random()));
    }
  }
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * `dataSource.transaction(work)` (or one statement, or statements as one atomic unit) with the
 * retries described above.
 */
export function retrying(
  dataSource: DataSource,
  options: RetryOptions = {},
): {
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
  statement<T>(work: (runner: QueryRunner, attempt: number) => Promise<T>): Promise<T>;
  atomic(
    statements: Statement[],
    landed?: (error: unknown, attempt: number) => boolean,
  ): Promise<number[] | null>;
} {
  return {
    transaction: (work) => transactionWithRetry(dataSource, work, options),
    statement: (work) => statementWithRetry(dataSource, work, options),
    atomic: (statements, landed) => atomicWithRetry(dataSource, statements, { ...options, landed }),
  };
}

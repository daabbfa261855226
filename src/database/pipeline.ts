import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import type { Statement } from './transactions';

/** What one statement of a pipeline gave: the rows it read, or how many rows it changed. */
export interface StatementResult {
  rows: Record<string, unknown>[];
  changed: number;
}

/**
 * A transaction written as a few batches of statements (`send`), the last one with the commit
 * (`commit`). Each batch is one round trip on MySQL; the code using it is the same for both
 * dialects.
 */
export interface Pipeline {
  /** Runs `statements` in the transaction, in order; resolves each one's result. */
  send(statements: Statement[]): Promise<StatementResult[]>;
  /** Runs `statements`, then commits (MySQL: in the same round trip). */
  commit(statements: Statement[]): Promise<StatementResult[]>;
  /**
   * The clause of a read that takes the rows no other transaction holds, locked until the
   * commit: `FOR UPDATE SKIP LOCKED` on MySQL; none on SQLite, whose transaction is the only
   * writer.
   */
  readonly skipLocked: string;
  /**
   * For reads by other code inside the transaction (a cache filled on a miss): it runs on the
   * transaction's connection. (SQLite's one connection would wait for the transaction.)
   */
  readonly manager: EntityManager;
}

/**
 * One attempt of `pipelinedTransaction` (transactions.ts, which adds the retries): `work` as
 * one transaction, in as few round trips as its reads allow. `progress.committing` is set once
 * the commit is sent.
 *
 * Why not `dataSource.transaction()`: on MySQL, TypeORM sends the isolation level, `START
 * TRANSACTION`, each statement and `COMMIT` as separate round trips, and a round trip costs the
 * service more CPU than the statement (about 140 µs of a loopback `write` and its wake-up on this
 * machine kind, BENCHMARKS.md). Here the begin travels with the first batch and the commit with
 * the last, as one multi-statement query each (the pool allows them: database.options.ts); a
 * failed batch is followed by a ROLLBACK on the same connection (the server stops at the first
 * error, which may leave the transaction open). SQLite has no round trips: the statements run
 * one by one in a TypeORM transaction.
 *
 * `work` must end with `commit` (or throw); `work` that returns without committing commits
 * nothing it sent (rolled back).
 */
export async function pipelineAttempt<T>(
  dataSource: DataSource,
  isolation: IsolationLevel | undefined,
  progress: { committing: boolean },
  work: (pipeline: Pipeline) => Promise<T>,
): Promise<T> {
  if (dataSource.options.type === 'better-sqlite3') {
    return dataSource.transaction(async (manager) => {
      const run = (statements: Statement[]) => runEach(manager, statements);
      return work({
        send: run,
        commit: (statements) => {
          progress.committing = true;
          return run(statements);
        },
        skipLocked: '',
        manager,
      });
    });
  }
  const runner = dataSource.createQueryRunner();
  let begun = false;
  let ended = false;
  const send = async (statements: Statement[], end: boolean): Promise<StatementResult[]> => {
    const head = begun ? [] : begin(isolation);
    const tail = end ? ['COMMIT'] : [];
    begun = true;
    ended = end;
    if (end) progress.committing = true;
    const results = await batch(runner, head, statements, tail);
    return results.slice(head.length, head.length + statements.length);
  };
  try {
    await runner.connect();
    const result = await work({
      send: (statements) => send(statements, false),
      commit: (statements) => send(statements, true),
      skipLocked: 'FOR UPDATE SKIP LOCKED',
      manager: runner.manager,
    });
    if (begun && !ended) await runner.query('ROLLBACK');
    return result;
  } catch (error) {
    if (begun) await runner.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await runner.release();
  }
}

function begin(isolation?: IsolationLevel): string[] {
  return isolation
    ? [`SET TRANSACTION ISOLATION LEVEL ${isolation}`, 'START TRANSACTION']
    : ['START TRANSACTION'];
}

/**
 * Statements as one multi-statement query (MySQL; the pool allows them): the texts joined,
 * the parameters in order. The server answers with one result per statement.
 */
export function oneQuery(statements: Statement[]): Statement {
  return [
    statements.map(([sql]) => sql).join(';\n'),
    statements.flatMap(([, parameters]) => parameters),
  ];
}

/** MySQL: `head`, `statements` and `tail` as one multi-statement query; each one's result. */
async function batch(
  runner: QueryRunner,
  head: string[],
  statements: Statement[],
  tail: string[],
): Promise<StatementResult[]> {
  const all: Statement[] = [
    ...head.map((sql): Statement => [sql, []]),
    ...statements,
    ...tail.map((sql): Statement => [sql, []]),
  ];
  if (all.length === 0) return [];
  const raw: unknown = await runner.query(...oneQuery(all));
  const results = all.length === 1 ? [raw] : (raw as unknown[]);
  return results.map(toResult);
}

function toResult(raw: unknown): StatementResult {
  if (Array.isArray(raw)) return { rows: raw as Record<string, unknown>[], changed: 0 };
  return { rows: [], changed: (raw as { affectedRows?: number }).affectedRows ?? 0 };
}

async function runEach(
  manager: EntityManager,
  statements: Statement[],
): Promise<StatementResult[]> {
  const results: StatementResult[] = [];
  for (const [sql, parameters] of statements) {
    const result = await manager.queryRunner!.query(sql, parameters, true);
    results.push({
      rows: Array.isArray(result.records) ? (result.records as Record<string, unknown>[]) : [],
      changed: result.affected ?? 0,
    });
  }
  return results;
}

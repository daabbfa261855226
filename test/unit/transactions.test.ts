import type { DataSource, EntityManager } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/common/database-errors';
import { transactionWithRetry } from '../../src/database/transactions';

const deadlock = () => Object.assign(new Error('Deadlock found'), { code: 'ER_LOCK_DEADLOCK' });
const lost = () =>
  Object.assign(new Error('Connection lost'), { code: 'PROTOCOL_CONNECTION_LOST' });
/** TypeORM wraps driver errors: the code may sit on `driverError`. */
const wrapped = (error: Error) => Object.assign(new Error('Query failed'), { driverError: error });

/**
 * A DataSource whose transactions fail as scripted: each entry says where the n-th
 * transaction fails (`in-work`, `at-commit`) and with what; no entry: it succeeds.
 */
function scripted(script: ({ at: 'in-work' | 'at-commit'; error: Error } | null)[]) {
  let calls = 0;
  const dataSource = {
    async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
      const step = script[calls++] ?? null;
      // The work's statements go through this manager; a statement fails "in work".
      const manager = {
        query: async () => {
          if (step?.at === 'in-work') throw step.error;
        },
      } as unknown as EntityManager;
      const result = await work(manager);
      if (step?.at === 'at-commit') throw step.error;
      return result;
    },
  } as unknown as DataSource;
  return { dataSource, calls: () => calls };
}

/** A transaction's work: one statement, then its result. */
const work =
  <T>(result: T) =>
  async (manager: EntityManager): Promise<T> => {
    await manager.query('UPDATE ...');
    return result;
  };

describe('transactionWithRetry', () => {
  it('runs again after a deadlock, wherever it happened', async () => {
    const { dataSource, calls } = scripted([
      { at: 'in-work', error: wrapped(deadlock()) },
      { at: 'at-commit', error: deadlock() },
    ]);
    await expect(transactionWithRetry(dataSource, work('done'))).resolves.toBe('done');
    expect(calls()).toBe(3);
  });

  it('runs again after a connection lost before the commit', async () => {
    const { dataSource, calls } = scripted([{ at: 'in-work', error: wrapped(lost()) }]);
    await expect(transactionWithRetry(dataSource, work(1))).resolves.toBe(1);
    expect(calls()).toBe(2);
  });

  it('does not run again after a connection lost during the commit, unless idempotent', async () => {
    const once = scripted([{ at: 'at-commit', error: lost() }]);
    await expect(transactionWithRetry(once.dataSource, work(1))).rejects.toThrow('Connection lost');
    expect(once.calls()).toBe(1);
    const idempotent = scripted([{ at: 'at-commit', error: lost() }]);
    await expect(
      transactionWithRetry(idempotent.dataSource, work(1), { idempotent: true }),
    ).resolves.toBe(1);
    expect(idempotent.calls()).toBe(2);
  });

  it('gives up after the attempts, and never retries other errors', async () => {
    const always = scripted([
      { at: 'in-work', error: deadlock() },
      { at: 'in-work', error: deadlock() },
      { at: 'in-work', error: deadlock() },
    ]);
    const failure = await transactionWithRetry(always.dataSource, work(1)).catch((e) => e);
    expect(always.calls()).toBe(3);
    // What is left is answered 503 (retry later), not 500.
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const bug = scripted([{ at: 'in-work', error: new TypeError('a bug') }]);
    await expect(transactionWithRetry(bug.dataSource, work(1))).rejects.toThrow('a bug');
    expect(bug.calls()).toBe(1);
  });
});

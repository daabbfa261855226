import type { DataSource } from 'typeorm';
import { statementWithRetry } from '../database/transactions';

/** One (account, day, model) row of `model_usage`, or increments to add to it. */
export interface UsageRow {
  accountId: string;
  day: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  calls: number;
  errors: number;
}

/** Rows per upsert statement (7 parameters each, far below both drivers' limits). */
const ROWS_PER_STATEMENT = 200;

/**
 * The SQL of `model_usage`: increments as multi-row upserts (no read first, no trigger), and
 * the two reads (a month's total of one account, rows by day and model). Every query is by
 * account, served by the primary key (account_id, day, model).
 */
export class UsageStore {
  private readonly sqlite: boolean;

  constructor(private readonly dataSource: DataSource) {
    this.sqlite = dataSource.options.type === 'better-sqlite3';
  }

  /**
   * Adds `rows` to the stored counters. Rows are sorted by key so that concurrent writers
   * lock them in the same order (no deadlock between two processes); a lock conflict is
   * retried. Not idempotent: a connection lost while the statement ran is not retried here.
   */
  async add(rows: UsageRow[]): Promise<void> {
    const sorted = [...rows].sort((a, b) => key(a).localeCompare(key(b)));
    for (let i = 0; i < sorted.length; i += ROWS_PER_STATEMENT) {
      const chunk = sorted.slice(i, i + ROWS_PER_STATEMENT);
      const values = chunk.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ');
      const upsert = this.sqlite
        ? `ON CONFLICT (account_id, day, model) DO UPDATE SET
           prompt_tokens = prompt_tokens + excluded.prompt_tokens,
           completion_tokens = completion_tokens + excluded.completion_tokens,
           calls = calls + excluded.calls, errors = errors + excluded.errors`
        : `ON DUPLICATE KEY UPDATE prompt_tokens = prompt_tokens + VALUES(prompt_tokens),
           completion_tokens = completion_tokens + VALUES(completion_tokens),
           calls = calls + VALUES(calls), errors = errors + VALUES(errors)`;
      const parameters = chunk.flatMap((row) => [
        row.accountId,
        row.day,
        row.model,
        row.promptTokens,
        row.completionTokens,
        row.calls,
        row.errors,
      ]);
      await statementWithRetry(this.dataSource, (runner) =>
        runner.query(
          `INSERT INTO model_usage (account_id, day, model, prompt_tokens, completion_tokens, calls, errors) VALUES ${values} ${upsert}`,
          parameters,
        ),
      );
    }
  }

  /** Prompt plus completion tokens of an account from `first` to `last` (days, included). */
  async tokens(accountId: string, first: string, last: string): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT COALESCE(SUM(prompt_tokens + completion_tokens), 0) AS n FROM model_usage
       WHERE account_id = ? AND day >= ? AND day <= ?`,
      [accountId, first, last],
    )) as { n: number | string | null }[];
    return Number(row?.n ?? 0);
  }

  /** The rows of an account from `from` to `to` (days, included), by day then model. */
  async rows(accountId: string, from: string, to: string): Promise<UsageRow[]> {
    const rows = (await this.dataSource.query(
      `SELECT day, model, prompt_tokens, completion_tokens, calls, errors FROM model_usage
       WHERE account_id = ? AND day >= ? AND day <= ? ORDER BY day, model`,
      [accountId, from, to],
    )) as Record<string, string | number>[];
    return rows.map((row) => ({
      accountId,
      day: String(row.day),
      model: String(row.model),
      promptTokens: Number(row.prompt_tokens),
      completionTokens: Number(row.completion_tokens),
      calls: Number(row.calls),
      errors: Number(row.errors),
    }));
  }
}

/** The primary key of a row, as one string (sorting and maps). */
export function key(row: Pick<UsageRow, 'accountId' | 'day' | 'model'>): string {
  return `${row.accountId}\n${row.day}\n${row.model}`;
}

import { createRequire } from 'node:module';
import { state } from './env';

/** The little of better-sqlite3 the specs use (the package ships no types). */
interface Sqlite {
  pragma(source: string): unknown;
  prepare(sql: string): { run(...values: unknown[]): unknown };
  close(): void;
}
const Database = createRequire(__filename)('better-sqlite3') as new (path: string) => Sqlite;

export interface UsageRowSeed {
  day: string;
  model: string;
  prompt: number;
  completion: number;
  calls: number;
  errors?: number;
}

/**
 * Adds model usage of the demo account straight into the service's SQLite file (what the
 * usage meter writes after `llm` steps' model calls; no route writes it).
 */
export function seedModelUsage(rows: UsageRowSeed[]): void {
  const { env, accountId } = state();
  const db = new Database(env.DATABASE_PATH);
  try {
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare(
      `INSERT INTO model_usage (account_id, day, model, prompt_tokens, completion_tokens, calls, errors)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (account_id, day, model) DO UPDATE SET
       prompt_tokens = prompt_tokens + excluded.prompt_tokens,
       completion_tokens = completion_tokens + excluded.completion_tokens,
       calls = calls + excluded.calls, errors = errors + excluded.errors`,
    );
    for (const row of rows) {
      insert.run(
        accountId,
        row.day,
        row.model,
        row.prompt,
        row.completion,
        row.calls,
        row.errors ?? 0,
      );
    }
  } finally {
    db.close();
  }
}

/** `YYYY-MM-DD` of a UTC day `offset` days from the first of the current month. */
export function monthDay(offset: number): string {
  const now = new Date();
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return new Date(first + offset * 86_400_000).toISOString().slice(0, 10);
}

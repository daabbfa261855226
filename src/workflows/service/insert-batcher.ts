import type { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ExecutionStep } from './execution-step.entity';

/** Rows written by one INSERT (4 columns each: well under SQLite's 999 parameters). */
export const CHUNK = 200;

interface Waiting {
  rows: ExecutionStep[];
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * The step records of runs that end at about the same time, written together: the inserts
 * asked for in one turn of the event loop go as one transaction (one commit, one fsync on
 * SQLite) instead of one each. Should that fail, each run's rows are written on their own, so
 * that one bad batch member fails only itself.
 */
export class InsertBatcher {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly dataSource: DataSource) {}

  insert(rows: ExecutionStep[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ rows, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    this.scheduled = false;
    try {
      await this.dataSource.transaction(async (manager) => {
        const all = batch.flatMap((entry) => entry.rows);
        for (let start = 0; start < all.length; start += CHUNK) {
          await manager.insert(ExecutionStep, writable(all.slice(start, start + CHUNK)));
        }
      });
      for (const entry of batch) entry.resolve();
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      for (const entry of batch) {
        await this.dataSource
          .transaction(async (manager) => {
            for (let start = 0; start < entry.rows.length; start += CHUNK) {
              await manager.insert(ExecutionStep, writable(entry.rows.slice(start, start + CHUNK)));
            }
          })
          .then(entry.resolve, entry.reject);
      }
    }
  }
}

const batchers = new WeakMap<DataSource, InsertBatcher>();

/** The batcher of a DataSource (one per process and database). */
export function insertBatcher(dataSource: DataSource): InsertBatcher {
  let batcher = batchers.get(dataSource);
  if (!batcher) batchers.set(dataSource, (batcher = new InsertBatcher(dataSource)));
  return batcher;
}

/** Rows as TypeORM's insert takes them (a JSON column's object is opaque to its typing). */
export const writable = (rows: ExecutionStep[]) => rows as QueryDeepPartialEntity<ExecutionStep>[];

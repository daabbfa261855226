import type { DataSource, EntityManager } from 'typeorm';
import { execute, RawColumns } from '../database/raw-sql';
import type { Statement } from '../database/transactions';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ExecutionStep } from './execution-step.entity';

/** Rows written by one INSERT (4 columns each: well under SQLite's 999 parameters). */
export const STEP_ROWS_CHUNK = 200;

/**
 * The step records a run ends with, stored in the transaction that records its outcome (the
 * execution's `steps`, in start order). `replace`: records of the execution stored before
 * (checkpoints of this run, or copies for a resumed retry) are replaced by these.
 */
export interface RunSteps {
  records: readonly Record<string, unknown>[];
  replace: boolean;
  /** A step of the run created wait tokens: those still waiting are cancelled with its end. */
  tokens?: boolean;
}

/** The rows of one execution's step records, positioned in their order. */
export function stepRows(
  executionId: string,
  records: readonly Record<string, unknown>[],
  firstPosition = 0,
): ExecutionStep[] {
  return records.map((record, i) =>
    Object.assign(new ExecutionStep(), {
      executionId,
      stepId: String(record.id),
      position: firstPosition + i,
      record,
    }),
  );
}

/**
 * Writes step rows, the one way they are inserted: the final step records of finished runs
 * with the transaction's manager that records them (`store`), and the copies a resumed retry
 * starts from (`insert`). Hand-written SQL (RawColumns): TypeORM's query builder costs more
 * CPU than the statement for hundreds of rows a batch. The workflow engine's own checkpoints
 * are upserts of single rows (StepStore).
 */
export class RunStepsWriter {
  private readonly raw: RawColumns<ExecutionStep>;
  private readonly q: (name: string) => string;

  constructor(dataSource: DataSource) {
    this.raw = new RawColumns(dataSource, ExecutionStep);
    this.q = (name) => dataSource.driver.escape(name);
  }

  async store(
    manager: EntityManager,
    runs: readonly { executionId: string; steps: RunSteps }[],
  ): Promise<void> {
    for (const [sql, parameters] of this.statements(runs)) await execute(manager, sql, parameters);
  }

  /** What `store` runs, as statements (for a batch sent with a commit). */
  statements(runs: readonly { executionId: string; steps: RunSteps }[]): Statement[] {
    const { q } = this;
    const replaced = runs.filter((run) => run.steps.replace).map((run) => run.executionId);
    const rows = runs.flatMap((run) => stepRows(run.executionId, run.steps.records));
    return [
      ...(replaced.length > 0
        ? [
            [
              `DELETE FROM ${q('execution_steps')} WHERE ${q('execution_id')} IN (${marks(replaced.length, '?')})`,
              replaced,
            ] satisfies Statement,
          ]
        : []),
      ...this.inserts(rows),
    ];
  }

  /** Inserts `rows` with `manager`, in as few INSERTs as STEP_ROWS_CHUNK allows. */
  async insert(manager: EntityManager, rows: readonly ExecutionStep[]): Promise<void> {
    for (const [sql, parameters] of this.inserts(rows)) await execute(manager, sql, parameters);
  }

  private inserts(rows: readonly ExecutionStep[]): Statement[] {
    const { q } = this;
    const columns = ['execution_id', 'step_id', 'position', 'record'].map(q).join(', ');
    const statements: Statement[] = [];
    for (let start = 0; start < rows.length; start += STEP_ROWS_CHUNK) {
      const chunk = rows.slice(start, start + STEP_ROWS_CHUNK);
      statements.push([
        `INSERT INTO ${q('execution_steps')} (${columns}) VALUES ${marks(chunk.length, '(?, ?, ?, ?)')}`,
        chunk.flatMap((row) => [
          row.executionId,
          row.stepId,
          row.position,
          this.raw.persist('record', row.record),
        ]),
      ]);
    }
    return statements;
  }
}

const marks = (n: number, mark: string) => Array.from({ length: n }, () => mark).join(', ');

/** Rows as TypeORM's insert takes them (a JSON column's object is opaque to its typing). */
export const writable = (rows: ExecutionStep[]) => rows as QueryDeepPartialEntity<ExecutionStep>[];

/** The step records of finished runs that have some (workflows), as RunStepsWriter takes them. */
export function stepsOf(
  finished: { execution: { id: string }; steps?: RunSteps }[],
): { executionId: string; steps: RunSteps }[] {
  return finished.flatMap(({ execution, steps }) =>
    steps ? [{ executionId: execution.id, steps }] : [],
  );
}

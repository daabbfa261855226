import { In, type DataSource, type EntityManager, type Repository } from 'typeorm';
import type { Checkpoint, StepRecord } from '../context';
import { ExecutionStep } from './execution-step.entity';
import { CHUNK, insertBatcher, writable } from './insert-batcher';

/**
 * The one store of workflow step records (`execution_steps`): the engine's Checkpoint for a
 * run, the `steps` of execution records, and the copy a resumed retry starts from. Step types
 * and the engine never see the database; this is the only code that writes these rows.
 */
export class StepStore {
  private readonly rows: Repository<ExecutionStep>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = dataSource.getRepository(ExecutionStep);
  }

  /**
   * The checkpoint of one execution's run. `fresh`: nothing can have been saved for it yet
   * (its first attempt, not a resumed retry), so `load()` reads nothing.
   */
  checkpoint(executionId: string, options: { fresh?: boolean } = {}): DurableCheckpoint {
    return new DurableCheckpoint(this.dataSource, this.rows, executionId, options.fresh === true);
  }

  /** The step records of executions, in start order, by execution id (one query). */
  async list(executionIds: readonly string[]): Promise<Map<string, StepRecord[]>> {
    const result = new Map<string, StepRecord[]>(executionIds.map((id) => [id, []]));
    if (executionIds.length === 0) return result;
    const rows = await this.rows.find({
      where: { executionId: In([...executionIds]) },
      order: { executionId: 'ASC', position: 'ASC' },
    });
    for (const row of rows) result.get(row.executionId)?.push(row.record as unknown as StepRecord);
    return result;
  }

  /**
   * The step records of one execution, in start order, read with `manager` (inside the
   * transaction that finishes the execution: its callback carries the record as answered).
   */
  static async read(manager: EntityManager, executionId: string): Promise<StepRecord[]> {
    const rows = await manager.getRepository(ExecutionStep).find({
      where: { executionId },
      order: { position: 'ASC' },
    });
    return rows.map((row) => row.record as unknown as StepRecord);
  }

  /**
   * Copies the records of a failed execution to a new one that resumes it (`retry` with
   * `resume: true`), marked `reused: true`. The engine reuses those whose step finished
   * (completed, skipped, failed with `on_error: "continue"`) and runs the others again.
   */
  async copyForResume(fromId: string, toId: string): Promise<void> {
    const rows = await this.rows.find({
      where: { executionId: fromId },
      order: { position: 'ASC' },
    });
    const copies = rows.map((row, position) =>
      Object.assign(new ExecutionStep(), {
        executionId: toId,
        stepId: row.stepId,
        position,
        record: { ...row.record, reused: true },
      }),
    );
    for (let start = 0; start < copies.length; start += CHUNK) {
      await this.rows.insert(writable(copies.slice(start, start + CHUNK)));
    }
  }

  async remove(executionId: string): Promise<void> {
    await this.rows.delete({ executionId });
  }
}

/**
 * Checkpoint of one run. A required record is written before `save` resolves; optional ones
 * (side-effect-free steps, recomputed identically on resume) wait for the next required one
 * or for `finish`, which writes the run's whole `steps` list in start order.
 */
export class DurableCheckpoint implements Checkpoint {
  private pending: ExecutionStep[] = [];
  private position = 0;
  private stored = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly rows: Repository<ExecutionStep>,
    private readonly executionId: string,
    private readonly fresh: boolean,
  ) {}

  async load(): Promise<StepRecord[]> {
    if (this.fresh) return [];
    const rows = await this.rows.find({
      where: { executionId: this.executionId },
      order: { position: 'ASC' },
    });
    this.stored = rows.length > 0;
    this.position = rows.length === 0 ? 0 : rows[rows.length - 1].position + 1;
    return rows.map((row) => row.record as unknown as StepRecord);
  }

  async save(record: StepRecord, options: { required: boolean }): Promise<void> {
    this.pending.push(this.row(record, this.position++));
    if (options.required) await this.flush();
  }

  /**
   * A running step's progress (an llm step's finished tool calls): its record is written now,
   * status `running`, with the records kept back. A resumed run loads it and goes on from it.
   */
  async progress(record: StepRecord): Promise<void> {
    this.pending.push(this.row(record, this.position));
    await this.flush();
  }

  /** Writes the records kept back (a failure keeps them for the next try). */
  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    try {
      await this.rows.upsert(writable(rows), ['executionId', 'stepId']);
      this.stored = true;
    } catch (error) {
      this.pending = [...rows, ...this.pending];
      throw error;
    }
  }

  /** The run ended: its `steps` replace whatever was stored, in start order, at once. */
  async finish(steps: readonly StepRecord[]): Promise<void> {
    this.pending = [];
    const rows = steps.map((record, position) => this.row(record, position));
    if (!this.stored) {
      // Nothing of this run is stored: a plain insert, batched with other runs ending now.
      await insertBatcher(this.dataSource).insert(rows);
      this.stored = rows.length > 0;
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(ExecutionStep);
      await repository.delete({ executionId: this.executionId });
      await this.insert(repository, rows);
    });
  }

  private async insert(repository: Repository<ExecutionStep>, rows: ExecutionStep[]) {
    for (let start = 0; start < rows.length; start += CHUNK) {
      await repository.insert(writable(rows.slice(start, start + CHUNK)));
    }
    if (rows.length > 0) this.stored = true;
  }

  private row(record: StepRecord, position: number): ExecutionStep {
    return Object.assign(new ExecutionStep(), {
      executionId: this.executionId,
      stepId: record.id,
      position,
      record: record as unknown as Record<string, unknown>,
    });
  }
}

/** For runs that keep nothing (the test route). */
export const memoryCheckpoint = (): Checkpoint => ({
  load: () => Promise.resolve([]),
  save: () => Promise.resolve(),
});

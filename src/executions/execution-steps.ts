import { In, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { ExecutionStep } from './execution-step.entity';
import { RunStepsWriter, stepRows } from './step-rows';

/**
 * A step record as an execution carries it (`steps`, docs/workflows.md, The definition): written by
 * the workflow engine (its `StepRecord`), read here as stored. The execution record only needs
 * these fields of it; the rest passes through.
 */
export interface StoredStep {
  id: string;
  /** `llm` steps: tokens of the step's model calls. */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Copied from the failed execution a resumed retry continues. */
  reused?: boolean;
}

/**
 * The step records of executions (`execution_steps`) as the execution store reads and copies
 * them: the `steps` of execution records and events, and the copy a resumed retry starts from.
 * A run's own checkpoints are the workflow engine's (StepStore); its final records are written
 * with its outcome (RunStepsWriter).
 */
export class ExecutionSteps {
  private readonly rows: Repository<ExecutionStep>;
  private readonly writer: RunStepsWriter;

  constructor(dataSource: DataSource) {
    this.rows = dataSource.getRepository(ExecutionStep);
    this.writer = new RunStepsWriter(dataSource);
  }

  /** The step records of executions, in start order, by execution id (one query). */
  async list(executionIds: readonly string[]): Promise<Map<string, StoredStep[]>> {
    const result = new Map<string, StoredStep[]>(executionIds.map((id) => [id, []]));
    if (executionIds.length === 0) return result;
    const rows = await this.rows.find({
      where: { executionId: In([...executionIds]) },
      order: { executionId: 'ASC', position: 'ASC' },
    });
    for (const row of rows) result.get(row.executionId)?.push(asStoredStep(row));
    return result;
  }

  /**
   * The step records of one execution, in start order, read with `manager` (inside the
   * transaction of a state change: its callback and events carry the record as answered).
   */
  static async read(manager: EntityManager, executionId: string): Promise<StoredStep[]> {
    const rows = await manager.getRepository(ExecutionStep).find({
      where: { executionId },
      order: { position: 'ASC' },
    });
    return rows.map(asStoredStep);
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
    const copies = stepRows(
      toId,
      rows.map((row) => ({ ...row.record, reused: true })),
    );
    // All copies or none.
    await this.rows.manager.transaction((manager) => this.writer.insert(manager, copies));
  }

  async remove(executionId: string): Promise<void> {
    await this.rows.delete({ executionId });
  }
}

const asStoredStep = (row: ExecutionStep) => row.record as unknown as StoredStep;

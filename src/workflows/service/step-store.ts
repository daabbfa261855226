import type { DataSource, Repository } from 'typeorm';
import { ExecutionStep } from '../../executions/execution-step.entity';
import { type RunSteps, stepRows, writable } from '../../executions/step-rows';
import type { Checkpoint, StepRecord } from '../context';

/**
 * The workflow engine's durable Checkpoint of a run, in `execution_steps`: the records a run
 * saves as it goes and loads when it is claimed again. Step types and the engine never see
 * the database. The records an execution ends with are written with its outcome, and read,
 * listed and copied by the execution store (src/executions/execution-steps.ts).
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
    return new DurableCheckpoint(this.rows, executionId, options.fresh === true);
  }
}

/**
 * Checkpoint of one run. A required record is written before `save` resolves; optional ones
 * (side-effect-free steps, recomputed identically on resume) wait for the next required one
 * or for the run's end: `final` hands the whole `steps` list over to be stored with the
 * outcome, in the transaction that records it (ExecutionLifecycleService).
 */
export class DurableCheckpoint implements Checkpoint {
  private pending: ExecutionStep[] = [];
  private position = 0;
  private stored = false;

  constructor(
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

  /**
   * The run ended: its `steps`, in start order, to be stored with its outcome in place of
   * whatever this run stored (the records kept back are among them).
   */
  final(steps: readonly StepRecord[]): RunSteps {
    this.pending = [];
    return {
      records: steps as unknown as readonly Record<string, unknown>[],
      replace: this.stored,
    };
  }

  private row(record: StepRecord, position: number): ExecutionStep {
    return stepRows(this.executionId, [record as unknown as Record<string, unknown>], position)[0];
  }
}

/** For runs that keep nothing (the test route). */
export const memoryCheckpoint = (): Checkpoint => ({
  load: () => Promise.resolve([]),
  save: () => Promise.resolve(),
});

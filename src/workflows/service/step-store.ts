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
 * How long a step runs before its record is written as `running`, with the records kept back
 * (so an execution's `steps` shows its progress, as its log does while it runs: LIVE_LOG_MS).
 * Steps that finish sooner cost no write of their own.
 */
export const SHOW_RUNNING_STEP_MS = 500;

/**
 * Checkpoint of one run. A required record is written before `save` resolves; optional ones
 * (side-effect-free steps, recomputed identically on resume) wait for the next required one
 * or for the run's end: `final` hands the whole `steps` list over to be stored with the
 * outcome, in the transaction that records it (ExecutionLifecycleService). A step still
 * running after SHOW_RUNNING_STEP_MS, or waiting for its next attempt, is written as it stands
 * (status `running`): display only, so such a write that fails is not the run's failure. The
 * writes go one after the other, so a step's final record never lands before its snapshot.
 */
export class DurableCheckpoint implements Checkpoint {
  private pending: ExecutionStep[] = [];
  private position = 0;
  private stored = false;
  private writes: Promise<unknown> = Promise.resolve();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private ended = false;

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

  started(record: StepRecord): void {
    if (this.ended) return;
    const timer = setTimeout(() => {
      this.timers.delete(record.id);
      if (record.status === 'running') this.show(record).catch(() => undefined);
    }, SHOW_RUNNING_STEP_MS);
    timer.unref();
    this.timers.set(record.id, timer);
  }

  waiting(record: StepRecord): Promise<void> {
    this.unwatch(record.id);
    return this.show(record);
  }

  async save(record: StepRecord, options: { required: boolean }): Promise<void> {
    this.unwatch(record.id);
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
  flush(): Promise<void> {
    return this.write();
  }

  /** No more snapshots; resolves once the writes under way are done (failed or not). */
  async end(): Promise<void> {
    this.ended = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await this.writes.catch(() => undefined);
  }

  /**
   * The run ended: its `steps`, in start order, to be stored with its outcome in place of
   * whatever this run stored (the records kept back are among them).
   */
  async final(steps: readonly StepRecord[]): Promise<RunSteps> {
    await this.end();
    this.pending = [];
    return {
      records: steps as unknown as readonly Record<string, unknown>[],
      replace: this.stored,
      tokens: steps.some((step) => step.type === 'create_token' && step.status === 'completed'),
    };
  }

  /** The record of a step as it stands now, written with the records kept back. */
  private show(record: StepRecord): Promise<void> {
    if (this.ended) return Promise.resolve();
    const snapshot = this.row({ ...record }, this.position++);
    return this.write(snapshot);
  }

  /**
   * After the writes before it: the records kept back, and `snapshot` if given, in one upsert.
   * On failure the kept-back records stay for the next try (a snapshot does not).
   */
  private write(snapshot?: ExecutionStep): Promise<void> {
    const run = this.writes
      .catch(() => undefined)
      .then(async () => {
        const rows = snapshot ? [...this.pending, snapshot] : this.pending;
        if (rows.length === 0) return;
        const kept = this.pending;
        this.pending = [];
        try {
          await this.rows.upsert(writable(rows), ['executionId', 'stepId']);
          this.stored = true;
        } catch (error) {
          this.pending = [...kept, ...this.pending];
          throw error;
        }
      });
    this.writes = run;
    return run;
  }

  private unwatch(id: string): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
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

import type { StepRecord } from './context';
import type { ExpressionScope } from './expressions/sandbox';
import type { RunSecrets } from './run-secrets';
import { reusable } from './step-records';
import type { CompiledStep } from './step-type';

/**
 * The step records of one run (WorkflowRun): the run's `steps`, in the order they started
 * with one entry per id, and the finished ones by id (loaded from the checkpoint, then each
 * step as it finishes), so that a resumed run, or a retried branch or foreach, reuses a
 * finished step instead of running it again.
 */
export class RunRecords {
  /** The run's `steps`; `listed` holds each id's index. */
  readonly steps: StepRecord[] = [];
  private readonly listed = new Map<string, number>();
  private finished = new Map<string, StepRecord>();
  private finishedOrder: StepRecord[] = [];

  /** The records an earlier attempt of the execution finished (the checkpoint's). */
  load(records: StepRecord[]): void {
    this.finishedOrder = records;
    this.finished = new Map(records.map((record) => [record.id, record]));
  }

  /** The finished record of the step run as `id`, if any (reusable or not). */
  finishedAs(id: string): StepRecord | undefined {
    return this.finished.get(id);
  }

  /** A step just finished: kept for a retried branch or foreach, as a resumed run keeps it. */
  finish(record: StepRecord, step: CompiledStep): void {
    if (!reusable(record, step)) return;
    this.finished.set(record.id, record);
    this.finishedOrder.push(record);
  }

  /** Adds a record to the run's steps, or replaces the earlier record of a step run again. */
  list(record: StepRecord): void {
    const index = this.listed.get(record.id);
    if (index === undefined) this.listed.set(record.id, this.steps.push(record) - 1);
    else this.steps[index] = record;
  }

  /** A step finished by an earlier attempt of this execution: its record, never a rerun. */
  reuse(
    step: CompiledStep,
    record: StepRecord,
    frame: { scope: ExpressionScope; suffix: string },
  ): { ran: boolean; output: unknown } {
    this.list(record);
    // Steps nested in a reused branch or foreach: listed, and a branch's visible in $steps.
    for (const nested of this.finishedOrder) {
      const base = nested.id.split('[')[0];
      if (!step.nestedIds.has(base) || !nested.id.startsWith(base + frame.suffix)) continue;
      this.list(nested);
      if (nested.id === base + frame.suffix) frame.scope.steps[base] = nested.output;
    }
    frame.scope.steps[step.id] = record.output;
    if (record.status === 'skipped') return { ran: false, output: null };
    return { ran: true, output: record.output };
  }

  /** Redacts the secrets resolved during the run (one resolved late may sit in an earlier output). */
  redact(secrets: RunSecrets): void {
    if (secrets.values.length === 0) return;
    for (const record of this.steps) {
      record.output = secrets.scrub(record.output);
      if (record.llm) record.llm = secrets.scrub(record.llm) as StepRecord['llm'];
      if (record.error) record.error.message = secrets.redact(record.error.message);
    }
  }
}

import { iso } from '../common/time';
import type { StepRecord } from './context';
import type { CompiledStep } from './step-type';

/** The record of a step that starts now (`running`, no attempt yet). */
export function startedRecord(id: string, step: CompiledStep, now: number): StepRecord {
  return {
    id,
    type: step.type,
    status: 'running',
    attempts: 0,
    started_at: iso(new Date(now)) as string,
    completed_at: null,
    duration_ms: null,
    output: null,
    error: null,
  };
}

/**
 * Whether a saved record stands for the step, so that it is not run again: it finished
 * (completed, skipped, or failed with `on_error: "continue"`) and the step's type is the same.
 */
export function reusable(record: StepRecord, step: CompiledStep): boolean {
  if (record.type !== step.type) return false;
  if (record.status === 'completed' || record.status === 'skipped') return true;
  return record.status === 'failed' && step.onError === 'continue';
}

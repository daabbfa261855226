import { CheckpointFailure, StepError, WorkflowErrorCode } from '../errors';
import type { Checkpoint, ModelDefaults, StepRecord } from '../context';
import type { StepModels } from '../step-type';
import type { WorkflowLimits } from '../workflow-definition';
import { readRecord, recordUsage, type LlmRecord } from './llm-record';

/**
 * The model calls of one execution: its count and tokens against the workflow's `limits`
 * (docs/workflows.md, LLM steps), counted from the step records, so that a run resumed after a
 * crash or a resumed retry counts what earlier runs of the execution spent.
 */
export class RunModels {
  private calls = 0;
  private tokens = 0;
  /** Calls checked and not answered yet. */
  private reserved = 0;

  constructor(
    private readonly limits: WorkflowLimits,
    private readonly checkpoint: Checkpoint,
    private readonly scrub: (value: unknown) => unknown,
    private readonly defaults?: ModelDefaults,
  ) {}

  /** Counts the calls of the records an earlier run saved. */
  load(records: readonly StepRecord[]): void {
    for (const record of records) {
      if (!record.llm) continue;
      const calls = readRecord(record.llm).calls;
      this.calls += calls.length;
      for (const call of calls) this.tokens += call.prompt_tokens + call.completion_tokens;
    }
  }

  /**
   * A step that runs again goes on from `earlier`, its record saved by an interrupted run, or
   * copied from the failed execution a resumed retry continues (`reused`: those calls are
   * marked `reused` and left out of this step's usage, their tokens were spent there).
   */
  seed(record: StepRecord, earlier: StepRecord): void {
    const llm = readRecord(earlier.llm);
    if ((earlier as { reused?: boolean }).reused) {
      for (const call of llm.calls) call.reused = true;
    }
    record.llm = llm;
    record.usage = recordUsage(llm);
  }

  /** What the step whose record is `record` uses (its progress lives in `record.llm`). */
  forStep(record: StepRecord): StepModels {
    return {
      defaults: this.defaults,
      checkBudget: () => this.check(),
      count: (tokens) => {
        this.reserved = Math.max(0, this.reserved - 1);
        this.calls++;
        this.tokens += tokens;
      },
      release: () => {
        this.reserved = Math.max(0, this.reserved - 1);
      },
      record: () => readRecord(record.llm),
      save: async (llm: LlmRecord, persist: boolean) => {
        // A copy: the step goes on changing its own while this one is written.
        record.llm = this.scrub(structuredClone(llm)) as LlmRecord;
        record.usage = recordUsage(llm);
        if (!persist || !this.checkpoint.progress) return;
        await this.checkpoint.progress({ ...record }).catch((error: unknown) => {
          throw new CheckpointFailure(error);
        });
      },
    };
  }

  private check(): void {
    const { max_llm_calls: maxCalls, max_tokens: maxTokens } = this.limits;
    if (maxCalls !== undefined && this.calls + this.reserved + 1 > maxCalls) {
      throw new StepError(
        WorkflowErrorCode.budgetExceeded,
        `The workflow's limits.max_llm_calls (${maxCalls}) is reached: ${this.calls} model calls made`,
      );
    }
    if (maxTokens !== undefined && this.tokens >= maxTokens) {
      throw new StepError(
        WorkflowErrorCode.budgetExceeded,
        `The workflow's limits.max_tokens (${maxTokens}) is reached: ${this.tokens} tokens used`,
      );
    }
    this.reserved++;
  }
}

import type { Execution } from '../executions/execution.entity';

/**
 * The run queue: how committed `queued` executions reach a worker. Two implementations,
 * chosen by REDIS_URL: the embedded one (the executions table is the queue; a local wake-up
 * signal plus polling) and BullMQ (the job carries only the execution id). The execution row
 * is always the source of truth.
 */
export const RUN_QUEUE = Symbol('RUN_QUEUE');

/** An execution in `queued` and its claim count (`attempts`): one queued "incarnation". */
export interface QueuedRun {
  id: string;
  attempts: number;
}

export interface FinishWait {
  finished: boolean;
  /** The final record, when the finish was announced in this process. */
  execution?: Execution;
}

export interface RunQueue {
  /**
   * Announces executions just committed as `queued`. Never throws for the queue's sake: the
   * row is durable, and if the announcement is lost the worker finds the row anyway.
   */
  enqueue(executionIds: string[]): Promise<void>;
  /**
   * Announces executions put back in `queued` after having been claimed (lease recovery,
   * shutdown), or found queued without a job by the reconciliation sweep. Resolves to the
   * number of jobs added (BullMQ; 0 for the embedded queue, which only wakes the worker).
   * Rejects when the queue is unreachable.
   */
  requeue(runs: QueuedRun[]): Promise<number>;
  /**
   * Resolves once the execution reached a final state, with its final record when the run
   * ended in this process (`execution`: no need to read it back), or with `finished: false`
   * after `timeoutMs`. Works across processes (the run may happen in another worker).
   */
  waitForFinish(executionId: string, timeoutMs: number): Promise<FinishWait>;
  /**
   * Announces that an execution reached a final state (called after the commit), with its
   * final record for waiters in this process when the caller has it.
   */
  notifyFinished(executionId: string, execution?: Execution): Promise<void>;
}

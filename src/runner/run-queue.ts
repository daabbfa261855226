/**
 * The run queue: how committed `queued` executions reach a worker. Two implementations,
 * chosen by REDIS_URL: the embedded one (the executions table is the queue; a local wake-up
 * signal plus polling) and BullMQ (the job carries only the execution id). The execution row
 * is always the source of truth.
 */
export const RUN_QUEUE = Symbol('RUN_QUEUE');

export interface RunQueue {
  /** Announces executions already committed as `queued`. */
  enqueue(executionIds: string[]): Promise<void>;
  /**
   * Resolves true once the execution reached a final state, false after `timeoutMs`.
   * Works across processes (the run may happen in another worker).
   */
  waitForFinish(executionId: string, timeoutMs: number): Promise<boolean>;
  /** Announces that an execution reached a final state (called by the worker). */
  notifyFinished(executionId: string): Promise<void>;
}

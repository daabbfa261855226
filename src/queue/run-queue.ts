import type { CarriedExecution } from './local-bus';
import type { DispatchTarget } from './local-dispatch';

/**
 * The run queue: how committed `queued` executions reach a worker. Two implementations,
 * chosen by REDIS_URL in one place (queue.module.ts): the embedded one (the executions table
 * is the queue; a local wake-up signal plus polling) and BullMQ (the job carries only the
 * execution id). The execution row is always the source of truth.
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
  execution?: CarriedExecution;
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
   * after `timeoutMs`. Works across processes (the run may happen in another worker): a lost
   * signal is made up for by asking `isFinished` (reads the row) every 500 ms.
   */
  waitForFinish(
    executionId: string,
    timeoutMs: number,
    isFinished: () => Promise<boolean>,
  ): Promise<FinishWait>;
  /**
   * Announces that an execution reached a final state (called after the commit), with its
   * final record for waiters in this process when the caller has it.
   */
  notifyFinished(executionId: string, execution?: CarriedExecution): Promise<void>;
  /**
   * The worker's side: from now on the queue tells `worker` when to claim (its wake-ups, its
   * polling or jobs, its sweeps), starting once `recovered` settles (the worker's first lease
   * recovery). The queue never claims or runs anything itself.
   */
  consume(worker: RunConsumer, recovered: Promise<void>): RunConsumption;
}

/** What the worker offers its run queue. */
export interface RunConsumer extends DispatchTarget {
  /** Executions were queued: claim while slots are free (the queue is not known empty). */
  wake(): Promise<void>;
  /** Looks for claimable executions while slots are free (a poll). */
  claim(): Promise<void>;
  /** Resolves `true` once a run slot is free, `false` if the worker stops first. */
  freeSlot(): Promise<boolean>;
  /** Queued runs committed before `before` (oldest first), except those set aside. */
  queuedBefore(before: Date, limit: number): Promise<QueuedRun[]>;
}

export interface RunConsumption {
  /**
   * Stops waking the worker at once; resolves once the jobs in hand went back to the queue
   * (or after `timeoutMs`). The worker calls it first at shutdown and awaits it last.
   */
  stop(timeoutMs: number): Promise<void>;
}

import type { EntityManager } from 'typeorm';
import type { Statement } from '../database/transactions';
import type { Execution } from './execution.entity';

/** An execution in the state a transition just put it in. */
export interface ExecutionChange {
  execution: Execution;
  /** The step records the transition stored with it (a finished workflow run), if known. */
  steps?: readonly object[];
}

/** Notices of executions created together, for a batch of raw statements (the intake's). */
export interface NoticeBatch {
  /** Adds the notices of `execution` as it is now (its status and fields, snapshotted). */
  add(execution: Execution): void;
  /** The statement inserting what was added, or null when nothing was. */
  statement(): Statement | null;
}

/** What `ExecutionNotices.load` read, for the executions of the accounts it was given. */
export interface LoadedNotices {
  /** Whether a change of `execution` to its `status` writes anything. */
  wants(execution: Pick<Execution, 'accountId' | 'status' | 'callbackUrl'>): boolean;
  /** Collects notices without another read. */
  batch(): NoticeBatch;
}

/**
 * What an execution's state change writes for others in its own transaction, so that both
 * are committed or neither: the callback to its `callback_url` and the events for the
 * account's webhook endpoints. The executions module depends on this interface only (modules
 * import one way: webhooks depend on executions); webhooks/outbound implements it and binds
 * it to EXECUTION_NOTICES, and a test may bind a fake.
 */
export interface ExecutionNotices {
  /**
   * Reads what the changes of these accounts' executions write (their endpoints), before a
   * transaction or inside one with its `manager`.
   */
  load(accountIds: Iterable<string>, manager?: EntityManager): Promise<LoadedNotices>;
  /** Writes the notices of `changes` with `manager`; resolves how many rows it wrote. */
  write(manager: EntityManager, changes: readonly ExecutionChange[]): Promise<number>;
  /** After the commit of rows written: sends them now rather than at the next poll. */
  wake(): void;
}

export const EXECUTION_NOTICES = Symbol('ExecutionNotices');

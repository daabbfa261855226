import type { Agent } from '../agents/agent.entity';
import type { Execution } from '../executions/execution.entity';

/** What a worker offers the intake of its own process (see LocalDispatch). */
export interface DispatchTarget {
  /** Reserves up to `wanted` run slots; returns how many it reserved (0 when busy). */
  reserve(wanted: number): number;
  /** Gives back `count` reserved slots that were not used. */
  release(count: number): void;
  /**
   * Runs executions committed as already claimed (`running`, a lease, `attempts` 1), one per
   * reserved slot.
   */
  start(executions: Execution[], agents: Map<string, Agent>): void;
}

/**
 * Direct hand-off from the intake to the worker of the same process (embedded queue only).
 * When that worker has free slots and no known backlog, new executions are committed already
 * claimed by it (`running` with its lease) and start at once: no claim transaction, no wait
 * for the wake-up. A run handed off this way is owned exactly like a claimed one: the worker
 * renews its lease, and if the process dies, recovery puts it back in the queue. Without a
 * worker in the process (or with BullMQ, whose jobs carry the runs) nothing is reserved and
 * every execution goes through the queue.
 */
export class LocalDispatch {
  private target: DispatchTarget | null = null;

  attach(target: DispatchTarget): void {
    this.target = target;
  }

  detach(target: DispatchTarget): void {
    if (this.target === target) this.target = null;
  }

  reserve(wanted: number): number {
    return wanted > 0 && this.target ? this.target.reserve(wanted) : 0;
  }

  release(count: number): void {
    if (count > 0) this.target?.release(count);
  }

  start(executions: Execution[], agents: Map<string, Agent>): void {
    if (executions.length > 0) this.target?.start(executions, agents);
  }
}

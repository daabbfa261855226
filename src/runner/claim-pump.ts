import type { Logger } from '@nestjs/common';
import type { Agent } from '../agents/agent.entity';
import type { AppConfig } from '../config/configuration';
import type { Execution } from '../executions/execution.entity';
import type { IntakePressure } from '../queue/intake-pressure';
import { describeError } from './describe-error';
import type { RunClaims } from './run-claims';
import type { RunSlots } from './run-slots';

/**
 * When the worker claims: one pass at a time (a call meanwhile makes the pass go round once
 * more), claiming batches while slots are free. While a burst keeps the intake busy
 * (`yielding`, WORKER_YIELD_MS), at most one claim every WORKER_YIELD_MS: acknowledgements
 * first, the runs in larger batches a moment later.
 */
export class ClaimPump {
  private pumping: Promise<void> | null = null;
  private again = false;
  private scheduled = false;
  /** When the last batch claim started (ms), and the pump waiting for the next (yielding). */
  private lastClaimAt = 0;
  private yieldTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly pressure: IntakePressure,
    private readonly claims: RunClaims,
    private readonly slots: RunSlots,
    private readonly stopping: () => boolean,
    private readonly startRun: (execution: Execution, agent?: Agent) => void,
    private readonly logger: Logger,
    /** Before each claim: flow control's gate, which may move held executions to the queue. */
    private readonly beforeClaim: () => Promise<number> = () => Promise.resolve(0),
  ) {}

  /** The pass under way, if any (the worker's shutdown waits for it). */
  get running(): Promise<void> | null {
    return this.pumping;
  }

  stop(): void {
    if (this.yieldTimer) clearTimeout(this.yieldTimer);
  }

  /** Pumps at the next turn of the event loop: runs finishing together, one claim. */
  soon(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.pump();
    });
  }

  /**
   * Whether the worker gives the intake of its process precedence now (WORKER_YIELD_MS): the
   * intake is busy, and the runs it leaves in the queue meanwhile have not waited
   * WORKER_YIELD_LIMIT_MS yet (as far as the last claim saw). Then no slot is reserved for the
   * hand-off, and claims come at most every WORKER_YIELD_MS. Past the limit the worker claims
   * as fast as it can, so that a sustained flow slows the acknowledgements instead of growing
   * the queue.
   */
  yielding(now = Date.now()): boolean {
    return (
      this.config.workerYieldMs > 0 &&
      this.claims.oldestWaitMs < this.config.workerYieldLimitMs &&
      this.pressure.busy(now)
    );
  }

  /** Claims and starts queued executions while there are free slots. One pass at a time. */
  pump(): Promise<void> {
    if (this.stopping()) return Promise.resolve();
    if (this.pumping) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = this.fillSlots().finally(() => (this.pumping = null));
    return this.pumping;
  }

  /** Pumps once WORKER_YIELD_MS have passed since the last claim (one timer at a time). */
  private later(delayMs: number): void {
    if (this.yieldTimer) return;
    this.yieldTimer = setTimeout(() => {
      this.yieldTimer = null;
      void this.pump();
    }, delayMs);
  }

  private async fillSlots(): Promise<void> {
    const canStart = () => !this.stopping() && !this.slots.full();
    do {
      this.again = false;
      try {
        while (canStart()) {
          const now = Date.now();
          const wait = this.lastClaimAt + this.config.workerYieldMs - now;
          if (wait > 0 && this.yielding(now)) {
            this.later(wait);
            break;
          }
          this.lastClaimAt = now;
          if ((await this.beforeClaim()) > 0) this.claims.drained = false;
          // None left that may start now: a freed slot, a signal or the poll looks again.
          const more = await this.claims.batch(this.slots.free(), {
            canStart,
            startRun: this.startRun,
          });
          if (!more) break;
        }
      } catch (error) {
        this.logger.error(`Looking for queued executions failed: ${describeError(error)}`);
      }
    } while (this.again && !this.stopping());
  }
}

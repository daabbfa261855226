import type { Logger } from '@nestjs/common';
import type { FlowGate } from '../executions/flow-gate';
import type { RunQueue } from '../queue/run-queue';
import { describeError } from './describe-error';

/**
 * When the worker runs flow control's gate (FlowGate): before a claim, when something may
 * have changed for held executions: some were committed (`flow.held` in this process, or a
 * run queue wake-up once this process has seen held executions), a run under flow control
 * ended here, an agent changed, a throttle window or a debounce period ends (a timer), and
 * at every poll while any are held (other processes' changes, a dead process's slot coming
 * back). A process that has never seen a held execution asks only at its poll: one index
 * seek, so the runs of agents without `flow` take no extra statement.
 */
export class FlowTurns {
  private dirty = true;
  /** Held executions were seen (by the last pass or poll). */
  private present = true;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Number.POSITIVE_INFINITY;
  private passing: Promise<number> | null = null;

  constructor(
    private readonly gate: FlowGate,
    private readonly queue: RunQueue,
    private readonly pump: () => void,
    private readonly logger: Logger,
  ) {}

  /** Something changed for held executions: look before the next claim. */
  mark(): void {
    this.dirty = true;
    this.present = true;
  }

  /** A run queue wake-up: worth a look only once held executions were seen here. */
  woken(): void {
    if (this.present) this.dirty = true;
  }

  /** The poll: while held executions exist anywhere, look again. */
  async poll(): Promise<void> {
    if (!this.present) {
      try {
        this.present = await this.gate.anyHeld();
      } catch {
        return;
      }
    }
    if (this.present) {
      this.dirty = true;
      this.pump();
    }
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Runs a pass if one is due; resolves how many executions it released. */
  turn(): Promise<number> {
    if (!this.dirty) return Promise.resolve(0);
    this.passing ??= this.pass().finally(() => (this.passing = null));
    return this.passing;
  }

  private async pass(): Promise<number> {
    this.dirty = false;
    try {
      const pass = await this.gate.pass();
      this.present = pass.held ?? false;
      if (pass.more) this.dirty = true;
      if (pass.nextAt !== null) this.wakeAt(pass.nextAt);
      if (pass.released.length > 0) {
        // Other processes' workers learn of them too (BullMQ jobs; embedded: a local wake).
        await this.queue
          .requeue(pass.released.map((id) => ({ id, attempts: 0 })))
          .catch(() => undefined);
      }
      return pass.released.length;
    } catch (error) {
      this.logger.error(`Flow control's gate failed: ${describeError(error)}`);
      return 0;
    }
  }

  private wakeAt(at: number): void {
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.mark();
        this.pump();
      },
      Math.max(0, at - Date.now()) + 5,
    );
  }
}

import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ExecutionLifecycleService, WAKE_BATCH } from '../executions/execution-lifecycle.service';
import { LocalBus } from '../queue/local-bus';
import { describeError } from './describe-error';

/** How often every worker looks for waiting executions whose time has come. */
export const WAIT_POLL_MS = 250;

/**
 * Wakes waiting executions (worker role): every WAIT_POLL_MS, the rows whose `wake_at` has
 * come go back to `queued` (ExecutionLifecycleService.wakeDue, a conditional UPDATE) and to
 * the run queue, so any worker of any process resumes them from their waiting step within a
 * second, whichever process started the wait and whether or not it still runs. A full batch
 * polls again at once. One pass at a time; a failed pass is logged and the next one retries.
 */
@Injectable()
export class WaitPoller implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('WaitPoller');
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> = Promise.resolve();
  private busy = false;
  private stopped = false;
  /** A due signal came during a pass: poll again after it. */
  private again = false;
  private readonly onDue = () => {
    if (this.busy) this.again = true;
    else void this.poll();
  };

  constructor(
    private readonly lifecycle: ExecutionLifecycleService,
    private readonly bus: LocalBus,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.poll(), WAIT_POLL_MS);
    this.timer.unref();
    this.bus.on('executions.due', this.onDue);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.bus.off('executions.due', this.onDue);
    await this.pass;
  }

  /** Stops polling by itself (tests poll by hand); due signals still have it poll. */
  stopTimer(): void {
    clearInterval(this.timer);
  }

  /** One pass (also for tests): resolves once the due rows found were woken. */
  poll(): Promise<void> {
    if (this.busy || this.stopped) return this.pass;
    this.busy = true;
    this.pass = (async () => {
      try {
        while (!this.stopped && (await this.lifecycle.wakeDue()) >= WAKE_BATCH);
      } catch (error) {
        this.logger.warn(`Waking waiting executions failed: ${describeError(error)}`);
      } finally {
        this.busy = false;
        if (this.again && !this.stopped) {
          this.again = false;
          setImmediate(() => void this.poll());
        }
      }
    })();
    return this.pass;
  }
}

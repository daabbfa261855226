import { Logger } from '@nestjs/common';
import { isDatabaseUnavailable } from '../common/database-errors';
import type { Execution } from '../executions/execution.entity';
import type {
  ExecutionLifecycleService,
  RunOutcome,
} from '../executions/execution-lifecycle.service';
import { describeError } from './describe-error';

/** Finished runs recorded in one transaction at most. */
const MAX_FINISH_BATCH = 100;

interface PendingFinish {
  execution: Execution;
  outcome: RunOutcome;
  resolve(recorded: boolean): void;
  reject(error: unknown): void;
}

/**
 * Records the worker's finished runs: runs finishing together are written in one transaction
 * (ExecutionLifecycleService.finishMany), and while the database is unavailable a run's
 * result is written again and again until it is back.
 */
export class RunRecorder {
  private readonly logger = new Logger('Worker');
  private readonly finishes: PendingFinish[] = [];
  private finishing: Promise<void> | null = null;
  private finishScheduled = false;

  constructor(private readonly lifecycle: ExecutionLifecycleService) {}

  /**
   * Records a finished run; while the database is unavailable (down, stalled), tries again
   * with growing pauses (up to 5 s) instead of giving up: the run keeps its slot, its lease
   * keeps being renewed (once the database answers again) and recovery leaves it alone, so
   * its result is written once the database is back and the run is not run a second time.
   * It gives up when `givenUp()` says so (the process stops, or the run was taken from the
   * worker: lease lost, cancelled): then the row is settled as any unfinished run is.
   */
  async record(execution: Execution, outcome: RunOutcome, givenUp: () => boolean): Promise<void> {
    for (let pause = 250; ; pause = Math.min(pause * 2, 5000)) {
      try {
        await this.finishSoon(execution, outcome);
        return;
      } catch (error) {
        if (!isDatabaseUnavailable(error) || givenUp()) throw error;
        this.logger.warn(
          `Recording execution ${execution.id} failed, retrying in ${pause} ms: ${describeError(error)}`,
        );
        await new Promise((resolve) => setTimeout(resolve, pause));
        if (givenUp()) throw error;
      }
    }
  }

  /**
   * Records a finished run together with the others finishing now: one transaction for all,
   * written at the next turn of the event loop, or after the batch being written. Resolves
   * once it is committed (the run's slot stays taken until then). If the batch fails, each
   * run is recorded on its own.
   */
  private finishSoon(execution: Execution, outcome: RunOutcome): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.finishes.push({ execution, outcome, resolve, reject });
      if (this.finishing || this.finishScheduled) return;
      this.finishScheduled = true;
      setImmediate(() => {
        this.finishScheduled = false;
        this.flushFinishes();
      });
    });
  }

  private flushFinishes(): void {
    if (this.finishing || this.finishes.length === 0) return;
    const batch = this.finishes.splice(0, MAX_FINISH_BATCH);
    this.finishing = this.lifecycle
      .finishMany(batch)
      .then(
        (results) => batch.forEach((entry, i) => entry.resolve(results[i])),
        () => {
          for (const entry of batch) {
            this.lifecycle.finish(entry.execution, entry.outcome).then(entry.resolve, entry.reject);
          }
        },
      )
      .finally(() => {
        this.finishing = null;
        this.flushFinishes();
      });
  }
}

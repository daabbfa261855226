import { LocalBus, type CarriedExecution } from './local-bus';
import type { LocalDispatch } from './local-dispatch';
import type { FinishWait, QueuedRun, RunConsumer, RunConsumption, RunQueue } from './run-queue';

/** How often a waiter re-reads the row, in case the finish signal came from elsewhere. */
const WAIT_POLL_MS = 500;

/**
 * The default run queue: executions wait in their own table; the in-process bus wakes the
 * worker at once, and the worker also polls every `pollMs` (WORKER_POLL_MS), so nothing
 * depends on the signal arriving. The intake of the process may hand new executions straight
 * to its worker (LocalDispatch).
 */
export class EmbeddedRunQueue implements RunQueue {
  constructor(
    private readonly bus: LocalBus,
    private readonly dispatch: LocalDispatch,
    private readonly pollMs: number,
  ) {}

  consume(worker: RunConsumer, recovered: Promise<void>): RunConsumption {
    const onQueued = () => void worker.wake();
    this.bus.on('executions.queued', onQueued);
    this.dispatch.attach(worker);
    // The poll's timer also keeps a worker-only process alive.
    const poll = setInterval(() => void worker.claim(), this.pollMs);
    void recovered.then(() => worker.claim());
    return {
      stop: async () => {
        this.dispatch.detach(worker);
        clearInterval(poll);
        this.bus.off('executions.queued', onQueued);
      },
    };
  }

  async enqueue(executionIds: string[]): Promise<void> {
    if (executionIds.length > 0) this.bus.emit('executions.queued', executionIds.length);
  }

  async requeue(runs: QueuedRun[]): Promise<number> {
    if (runs.length > 0) this.bus.emit('executions.queued', runs.length);
    return 0;
  }

  async notifyFinished(executionId: string, execution?: CarriedExecution): Promise<void> {
    this.bus.emit('execution.finished', executionId, execution);
  }

  waitForFinish(
    executionId: string,
    timeoutMs: number,
    isFinished: () => Promise<boolean>,
  ): Promise<FinishWait> {
    return waitForFinish(this.bus, executionId, timeoutMs, isFinished);
  }
}

/**
 * Resolves on the bus's `execution.finished` signal of this execution (with the final record
 * when it was sent in this process) or once `isFinished` (a poll of the row, every 500 ms)
 * says so; `finished: false` after `timeoutMs`. The poll is the fallback for lost signals.
 */
export function waitForFinish(
  bus: LocalBus,
  executionId: string,
  timeoutMs: number,
  isFinished: () => Promise<boolean>,
): Promise<FinishWait> {
  return new Promise<FinishWait>((resolve) => {
    let done = false;
    const finish = (result: FinishWait) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(poll);
      stop();
      resolve(result);
    };
    const onFinished = (execution?: CarriedExecution) => finish({ finished: true, execution });
    const timer = setTimeout(() => finish({ finished: false }), timeoutMs);
    const poll = setInterval(() => {
      isFinished()
        .then((finished) => finished && finish({ finished: true }))
        .catch(() => undefined);
    }, WAIT_POLL_MS);
    const stop = bus.onFinished(executionId, onFinished);
  });
}

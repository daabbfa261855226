import type { Execution } from '../../src/executions/execution.entity';
import type {
  FinishWait,
  QueuedRun,
  RunConsumer,
  RunConsumption,
  RunQueue,
} from '../../src/queue/run-queue';

/** A run queue that only records what the worker tells it; the test wakes the worker. */
export class FakeRunQueue implements RunQueue {
  consumer: RunConsumer | null = null;
  readonly enqueued: string[] = [];
  readonly requeued: QueuedRun[] = [];
  readonly finished: string[] = [];

  async enqueue(executionIds: string[]): Promise<void> {
    this.enqueued.push(...executionIds);
  }
  async requeue(runs: QueuedRun[]): Promise<number> {
    this.requeued.push(...runs);
    return 0;
  }
  async waitForFinish(): Promise<FinishWait> {
    return { finished: false };
  }
  async notifyFinished(executionId: string, _execution?: Execution): Promise<void> {
    this.finished.push(executionId);
  }
  consume(consumer: RunConsumer): RunConsumption {
    this.consumer = consumer;
    return { stop: async () => void (this.consumer = null) };
  }
}

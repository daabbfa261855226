import { bullmq, nestBullmq } from '../common/optional-modules';
import { CLOSE_TIMEOUT_MS, withTimeout } from './bullmq-consumer';

/** A producer has nothing in flight worth waiting for: closed gracefully within 1 s, else cut. */
const QUEUE_CLOSE_TIMEOUT_MS = 1000;

let installed = false;

/**
 * Has `@nestjs/bullmq` build its queues and workers from subclasses of BullMQ's whose `close`
 * is bounded, through its own hooks for substitute classes (`BullModule.queueClass`,
 * `BullModule.workerClass`, meant for BullMQ Pro's). Its shutdown hooks close every queue
 * and every worker with an unbounded `close()`, which waits on connections to a Redis that
 * may not answer; with these, a queue's close is cut after 1 s (then disconnected, within
 * 3 s), a worker's after 3 s, and a second close returns the first one's outcome at once
 * (the consumer closes its worker before the library's hook does). A queue also has an
 * `error` listener from its construction on (an `error` event without one would throw).
 * Process-wide, set once, before the first `registerQueue` (QueueModule with REDIS_URL).
 */
export function useBoundedClasses(): void {
  if (installed) return;
  installed = true;
  const { Queue, Worker } = bullmq();

  class BoundedQueue extends Queue {
    private bounded?: Promise<void>;

    constructor(...args: ConstructorParameters<typeof Queue>) {
      super(...args);
      // Connection errors before RedisQueues listens (it logs them) must not throw.
      this.on('error', () => undefined);
    }

    override close(): Promise<void> {
      this.bounded ??= withTimeout(super.close(), QUEUE_CLOSE_TIMEOUT_MS).catch(() =>
        withTimeout(this.disconnect(), CLOSE_TIMEOUT_MS).catch(() => undefined),
      );
      return this.bounded;
    }
  }

  class BoundedWorker extends Worker {
    private bounded?: Promise<void>;

    override close(force = false): Promise<void> {
      this.bounded ??= withTimeout(super.close(force), CLOSE_TIMEOUT_MS).catch(() => undefined);
      return this.bounded;
    }
  }

  const { BullModule } = nestBullmq();
  BullModule.queueClass = BoundedQueue;
  BullModule.workerClass = BoundedWorker;
}

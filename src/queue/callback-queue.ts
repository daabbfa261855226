/**
 * How callback attempts reach the dispatcher (worker role). Two implementations, chosen with
 * the run queue in queue.module.ts: embedded (the dispatcher reads the outbox on a wake-up,
 * every 500 ms and when a retry falls due) and BullMQ (each attempt is a job of the queue
 * `callbacks`, a retry a delayed job, and a sweep gives pending rows their missing jobs). The
 * outbox row (`callback_deliveries`) is always the source of truth.
 */
export const CALLBACK_QUEUE = Symbol('CALLBACK_QUEUE');

/** One attempt of a delivery: what a `callbacks` job carries. */
export interface CallbackJob {
  deliveryId: string;
  attempt: number;
}

/** A pending outbox row, as the BullMQ sweep reads it. */
export interface PendingDelivery {
  id: string;
  attempts: number;
  nextAttemptAt: Date;
}

/** What the dispatcher offers its callback queue. */
export interface CallbackConsumer {
  /** Claims due rows up to the free slots and starts sending them (embedded). */
  fill(): Promise<void>;
  /** Pending rows due by `dueBy` and not claimed, soonest due first (BullMQ sweep). */
  pendingDue(dueBy: Date, limit: number): Promise<PendingDelivery[]>;
  /**
   * Makes the attempt a job names (BullMQ), if its row still waits for exactly it; hands the
   * job back with `putBack(atMs)` when it is early or its host is busy.
   */
  deliver(job: CallbackJob, putBack: (atMs: number) => Promise<never>): Promise<void>;
}

export interface CallbackConsumption {
  /** Outbox rows may be waiting (a slot was freed, rows were written): look now. */
  wake(): void;
  /** The next attempt of a delivery falls due in `delayMs` (it failed and will be retried). */
  retry(job: CallbackJob, delayMs: number): Promise<void>;
  /** Stops waking the dispatcher; resolves once the jobs in hand returned (or `timeoutMs`). */
  stop(timeoutMs: number): Promise<void>;
}

export interface CallbackQueue {
  consume(dispatcher: CallbackConsumer): CallbackConsumption;
}

/**
 * Runs `pass` now, or right after the pass in progress (one at a time, never lost): the
 * dispatcher's reading of the outbox, whichever queue wakes it.
 */
export class SingleFlight {
  private running = false;
  private again = false;
  stopped = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly onError: (error: Error) => void,
  ) {}

  run(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void (async () => {
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again && !this.stopped);
      } catch (error) {
        this.onError(error as Error);
      } finally {
        this.running = false;
      }
    })();
  }
}

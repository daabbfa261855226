import { Logger } from '@nestjs/common';
import type { LocalBus } from './local-bus';
import {
  type CallbackConsumer,
  type CallbackConsumption,
  type CallbackQueue,
  SingleFlight,
} from './callback-queue';

/** How often the outbox is read when nothing woke the dispatcher (rows of other processes). */
const POLL_INTERVAL_MS = 500;

/**
 * Callbacks without Redis: the dispatcher reads the outbox when woken (`callbacks.pending` on
 * the bus), every 500 ms, and when a retry it scheduled falls due.
 */
export class EmbeddedCallbackQueue implements CallbackQueue {
  private readonly logger = new Logger('CallbackDispatcher');

  constructor(private readonly bus: LocalBus) {}

  consume(dispatcher: CallbackConsumer): CallbackConsumption {
    const reads = new SingleFlight(
      () => dispatcher.fill(),
      (error) => this.logger.warn(`Reading the callback outbox failed: ${error.message}`),
    );
    const wake = () => reads.run();
    this.bus.on('callbacks.pending', wake);
    const poller = setInterval(wake, POLL_INTERVAL_MS);
    let wakeTimer: NodeJS.Timeout | undefined;
    let wakeAt = Infinity;
    wake(); // rows left pending by a previous run go out now
    return {
      wake,
      // Wakes the dispatcher when the retry falls due (the poll would find it too).
      retry: async (_job, delayMs) => {
        const at = Date.now() + delayMs;
        if (reads.stopped || at >= wakeAt) return;
        clearTimeout(wakeTimer);
        wakeAt = at;
        wakeTimer = setTimeout(() => {
          wakeAt = Infinity;
          wake();
        }, delayMs + 1);
      },
      stop: async () => {
        reads.stopped = true;
        this.bus.off('callbacks.pending', wake);
        clearInterval(poller);
        clearTimeout(wakeTimer);
      },
    };
  }
}

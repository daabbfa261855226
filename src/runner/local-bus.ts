import { EventEmitter } from 'node:events';

/**
 * In-process signals between the parts of one process (the listeners and the worker):
 * `wake` when executions were queued, `finished:<id>` when one reached a final state.
 * Across processes the same signals travel through Redis.
 */
export class LocalBus extends EventEmitter {
  constructor() {
    super();
    this.setMaxListeners(0);
  }
}

import { EventEmitter } from 'node:events';

/**
 * An execution as the queue layer carries it (a finished one to its waiters, claimed ones
 * from the intake to the worker): the layer reads its id only and hands the record over as
 * given, so the receiving side gets back the `Execution` it was sent. The queue sits below
 * executions/, so it names no entity of theirs.
 */
export interface CarriedExecution {
  readonly id: string;
}

/**
 * Every in-process event, by name, with its arguments. Across processes (REDIS_URL) the queue
 * layer relays some of them over Redis pub/sub (see redis-queues.ts).
 */
export interface BusEvents {
  /** Executions were committed as `queued` (or put back there): the worker should claim. */
  'executions.queued': [count: number];
  /**
   * Waiting executions were committed due (a token completed, a child ended): the wait poller
   * should look now rather than at its next interval.
   */
  'executions.due': [];
  /** Executions were committed held by flow control: the worker's flow gate should look. */
  'flow.held': [];
  /** An execution reached a final state; its final record when it ended in this process. */
  'execution.finished': [executionId: string, execution?: CarriedExecution];
  /** The worker running this execution should abort it (it was cancelled). */
  'execution.cancel': [executionId: string];
  /** Callback outbox rows were committed: the dispatcher should look now. */
  'callbacks.pending': [];
  /** An agent was changed or deleted: cached copies of it are dropped. */
  'agent.changed': [agentId: string];
  /** An account's webhook endpoints changed: its cached subscriptions are dropped. */
  'endpoints.changed': [accountId: string];
  /**
   * The signals of other processes stopped or started reaching this one (`hearsOthers`):
   * a change made elsewhere may have gone unheard, so every cached copy is dropped.
   */
  'others.heard': [heard: boolean];
}

export type BusEvent = keyof BusEvents;
export type BusListener<E extends BusEvent> = (...args: BusEvents[E]) => void;

/**
 * In-process signals between the parts of one process (the listeners, the worker, the
 * dispatcher, the caches), typed by BusEvents. A finish is also delivered per execution
 * (`onFinished`), so that a waiter is woken by its own execution only.
 */
export class LocalBus {
  private readonly emitter = new EventEmitter();
  /** Waiters of one execution's finish, by execution id. */
  private readonly finishes = new EventEmitter();
  private heard = true;

  constructor() {
    this.emitter.setMaxListeners(0);
    this.finishes.setMaxListeners(0);
  }

  on<E extends BusEvent>(event: E, listener: BusListener<E>): this {
    this.emitter.on(event, listener as (...args: unknown[]) => void);
    return this;
  }

  off<E extends BusEvent>(event: E, listener: BusListener<E>): this {
    this.emitter.off(event, listener as (...args: unknown[]) => void);
    return this;
  }

  emit<E extends BusEvent>(event: E, ...args: BusEvents[E]): boolean {
    if (event === 'execution.finished') {
      const [executionId, execution] = args as BusEvents['execution.finished'];
      this.finishes.emit(executionId, execution);
    }
    return this.emitter.emit(event, ...args);
  }

  /**
   * Whether changes made by other processes reach this one now. True without REDIS_URL (one
   * process, or processes sharing a database whose caches rely on their TTLs); with it, true
   * only while this process is subscribed to the other processes' signals. Caches of rows that
   * other processes change keep nothing they read while it is false.
   */
  get hearsOthers(): boolean {
    return this.heard;
  }

  /** Sets `hearsOthers` (the queue layer's signals); a change emits `others.heard`. */
  setHearsOthers(heard: boolean): void {
    if (heard === this.heard) return;
    this.heard = heard;
    this.emit('others.heard', heard);
  }

  listenerCount(event: BusEvent): number {
    return this.emitter.listenerCount(event);
  }

  /** Calls `listener` when this execution finishes; returns the function that stops it. */
  onFinished(executionId: string, listener: (execution?: CarriedExecution) => void): () => void {
    this.finishes.on(executionId, listener);
    return () => this.finishes.off(executionId, listener);
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { EVALUATOR_SOURCE } from './evaluator-child';

export interface EvaluatorPoolOptions {
  /** Child processes at most (each ~40 MB when started). */
  processes: number;
  /** Wall-clock limit of one evaluation, from the moment a child receives it. */
  deadlineMs: number;
  /** How long an evaluation may wait for a free child (all busy, or starting). */
  maxWaitMs: number;
  /** Heap of each child (`--max-old-space-size`, MB). */
  maxOldSpaceMb: number;
  /** jsonata's own options inside the child (its timeout stops loops before the deadline). */
  jsonata: { timeout: number; stack: number; sequence: number };
}

export interface PoolRequest {
  source: string;
  context: unknown;
  bindings: Record<string, unknown>;
}

/** What came back: a value, an evaluation error, or the bound that was hit. */
export type PoolAnswer =
  { ok: true; value: unknown } | { ok: false; code?: string; message: string; bound: boolean };

interface Pending {
  id: number;
  request: PoolRequest;
  resolve(answer: PoolAnswer): void;
  /** Fails the evaluation when it waited too long in the queue. */
  waiting?: NodeJS.Timeout;
}

interface Slot {
  child: ChildProcess;
  /** Loaded and listening: the deadline never counts a child's start. */
  ready: boolean;
  busy?: Pending & { timer: NodeJS.Timeout };
}

/**
 * Child processes that evaluate costly expressions. One request at a time per child; a child
 * that passes the deadline is killed (SIGKILL) and replaced on the next request, one that
 * dies (out of memory) likewise. Idle children do not keep the parent alive.
 */
export class EvaluatorPool {
  // A child is ref'd while it starts and while it evaluates, so that a pending evaluation
  // keeps the process alive; an idle one is unref'd.
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  /** Evaluations sent to a child (tests and metrics). */
  sent = 0;

  constructor(private readonly options: EvaluatorPoolOptions) {}

  evaluate(request: PoolRequest): Promise<PoolAnswer> {
    if (this.closed) {
      return Promise.resolve({ ok: false, message: 'The evaluator is closed', bound: false });
    }
    return new Promise((resolve) => {
      const pending: Pending = { id: this.nextId++, request, resolve };
      this.queue.push(pending);
      this.dispatch();
      if (!this.queue.includes(pending)) return;
      pending.waiting = setTimeout(() => {
        const index = this.queue.indexOf(pending);
        if (index < 0) return;
        this.queue.splice(index, 1);
        const message = `No evaluator was free within ${this.options.maxWaitMs} ms`;
        resolve({ ok: false, message, bound: true });
      }, this.options.maxWaitMs);
    });
  }

  /** Kills every child; later evaluations fail. */
  close(): void {
    this.closed = true;
    for (const slot of this.slots.splice(0)) {
      if (slot.busy)
        this.finish(slot, { ok: false, message: 'The evaluator closed', bound: false });
      slot.child.kill('SIGKILL');
    }
    for (const pending of this.queue.splice(0)) {
      clearTimeout(pending.waiting);
      pending.resolve({ ok: false, message: 'The evaluator closed', bound: false });
    }
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => candidate.ready && !candidate.busy);
      if (!slot) {
        if (this.slots.length < this.options.processes) this.start();
        return;
      }
      const pending = this.queue.shift() as Pending;
      clearTimeout(pending.waiting);
      const timer = setTimeout(() => this.expire(slot), this.options.deadlineMs);
      slot.busy = { ...pending, timer };
      slot.child.ref();
      (slot.child.channel as { ref?(): void } | undefined)?.ref?.();
      this.sent++;
      slot.child.send({ id: pending.id, ...pending.request }, (error) => {
        if (error && slot.busy?.id === pending.id) {
          this.replace(slot, {
            ok: false,
            message: 'The data cannot be sent to the evaluator',
            bound: false,
          });
        }
      });
    }
  }

  /** Starts the children now rather than on the first costly evaluation (at boot). */
  warm(): void {
    while (!this.closed && this.slots.length < this.options.processes) this.start();
  }

  private start(): Slot {
    const child = spawn(
      process.execPath,
      [`--max-old-space-size=${this.options.maxOldSpaceMb}`, '-e', EVALUATOR_SOURCE],
      {
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        env: {
          AAS_JSONATA_PATH: require.resolve('jsonata'),
          AAS_JSONATA_OPTIONS: JSON.stringify(this.options.jsonata),
        },
      },
    );
    const slot: Slot = { child, ready: false };
    child.on('message', (message: { id: number; ready?: boolean } & Record<string, unknown>) => {
      if (message.ready) {
        slot.ready = true;
        this.idle(slot);
        return this.dispatch();
      }
      if (slot.busy?.id !== message.id) return;
      this.finish(slot, toAnswer(message));
      this.dispatch();
    });
    child.on('exit', () => {
      if (!slot.ready) return this.failedToStart(slot);
      // Out of memory, or killed: whatever it was doing hit a bound.
      this.replace(slot, { ok: false, message: 'The expression ran out of memory', bound: true });
    });
    child.on('error', () => undefined);
    this.slots.push(slot);
    return slot;
  }

  /** A child that died before it was ready: fail what waits rather than respawn in a loop. */
  private failedToStart(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    if (this.slots.some((other) => other.ready)) return;
    for (const pending of this.queue.splice(0)) {
      clearTimeout(pending.waiting);
      pending.resolve({
        ok: false,
        message: 'The expression evaluator could not start',
        bound: false,
      });
    }
  }

  private expire(slot: Slot): void {
    const ms = this.options.deadlineMs;
    this.replace(slot, { ok: false, message: `Evaluation took longer than ${ms} ms`, bound: true });
  }

  /** Ends the slot's current request with `answer`, kills the child and forgets it. */
  private replace(slot: Slot, answer: PoolAnswer): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    if (slot.busy) this.finish(slot, answer);
    if (slot.child.exitCode === null && slot.child.signalCode === null) slot.child.kill('SIGKILL');
    if (!this.closed) this.dispatch();
  }

  private finish(slot: Slot, answer: PoolAnswer): void {
    const busy = slot.busy;
    if (!busy) return;
    clearTimeout(busy.timer);
    slot.busy = undefined;
    this.idle(slot);
    busy.resolve(answer);
  }

  private idle(slot: Slot): void {
    slot.child.unref();
    (slot.child.channel as { unref?(): void } | undefined)?.unref?.();
  }
}

function toAnswer(message: Record<string, unknown>): PoolAnswer {
  if (message.ok === true)
    return { ok: true, value: message.undefined ? undefined : message.value };
  const code = typeof message.code === 'string' ? message.code : undefined;
  return { ok: false, code, message: String(message.message), bound: message.rangeError === true };
}

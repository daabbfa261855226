import { spawn, type ChildProcess } from 'node:child_process';
import { EVALUATOR_SOURCE } from './evaluator-child';

export interface EvaluatorPoolOptions {
  /** Child processes at most (each ~40 MB when started). */
  processes: number;
  /** Wall-clock limit of one evaluation, from the moment a child receives it. */
  deadlineMs: number;
  /** How long an evaluation may wait for a free child (all busy, or starting). */
  maxWaitMs: number;
  /**
   * Children one tenant (an account) may hold at once; default half of `processes`, at
   * least 1. The others stay free for other tenants whatever one tenant sends.
   */
  perTenant?: number;
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
  tenant: string;
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

/** What the pool knows of a tenant with evaluations waiting or running. */
interface Tenant {
  /** Its evaluations waiting for a child, oldest first. */
  queue: Pending[];
  /** Children evaluating for it now. */
  running: number;
  /** When it was last given a child (a counter): who waited longest since goes first. */
  served: number;
}

/**
 * Child processes that evaluate costly expressions. One request at a time per child; a child
 * that passes the deadline is killed (SIGKILL) and replaced on the next request, one that
 * dies (out of memory) likewise. Idle children do not keep the parent alive.
 *
 * Shared fairly between tenants (accounts): a tenant holds at most `perTenant` children at
 * once, and a free child goes to the waiting tenant that holds the fewest, then to the one
 * served least recently. A tenant whose expressions all run to the deadline thus delays its
 * own evaluations only: another tenant's wait for a child is at most one evaluation.
 */
export class EvaluatorPool {
  // A child is ref'd while it starts and while it evaluates, so that a pending evaluation
  // keeps the process alive; an idle one is unref'd.
  private readonly slots: Slot[] = [];
  /** Tenants with evaluations waiting or running (forgotten when they have neither). */
  private readonly tenants = new Map<string, Tenant>();
  private readonly perTenant: number;
  private nextId = 1;
  private serving = 0;
  private closed = false;
  /** Evaluations sent to a child (tests and metrics). */
  sent = 0;

  constructor(private readonly options: EvaluatorPoolOptions) {
    this.perTenant = Math.max(
      1,
      Math.min(options.processes, options.perTenant ?? Math.floor(options.processes / 2)),
    );
  }

  /** Evaluates `request` for `tenant` (an account id; '' for none) in a child. */
  evaluate(request: PoolRequest, tenant = ''): Promise<PoolAnswer> {
    if (this.closed) {
      return Promise.resolve({ ok: false, message: 'The evaluator is closed', bound: false });
    }
    return new Promise((resolve) => {
      const pending: Pending = { id: this.nextId++, tenant, request, resolve };
      const entry = this.tenant(tenant);
      entry.queue.push(pending);
      this.dispatch();
      if (!entry.queue.includes(pending)) return;
      pending.waiting = setTimeout(() => {
        const index = entry.queue.indexOf(pending);
        if (index < 0) return;
        entry.queue.splice(index, 1);
        this.forget(tenant);
        const message = `No evaluator was free within ${this.options.maxWaitMs} ms`;
        resolve({ ok: false, message, bound: true });
      }, this.options.maxWaitMs);
    });
  }

  /** Evaluations waiting for a child, of every tenant. */
  get waiting(): number {
    let count = 0;
    for (const entry of this.tenants.values()) count += entry.queue.length;
    return count;
  }

  private tenant(name: string): Tenant {
    let entry = this.tenants.get(name);
    if (!entry) {
      entry = { queue: [], running: 0, served: 0 };
      this.tenants.set(name, entry);
    }
    return entry;
  }

  private forget(name: string): void {
    const entry = this.tenants.get(name);
    if (entry && entry.queue.length === 0 && entry.running === 0) this.tenants.delete(name);
  }

  /**
   * The next evaluation to give a child: of the tenants with one waiting and under their cap,
   * the one holding the fewest children, then the one served least recently.
   */
  private next(): Pending | undefined {
    let best: Tenant | undefined;
    for (const entry of this.tenants.values()) {
      if (entry.queue.length === 0 || entry.running >= this.perTenant) continue;
      if (
        !best ||
        entry.running < best.running ||
        (entry.running === best.running && entry.served < best.served)
      ) {
        best = entry;
      }
    }
    return best?.queue[0];
  }

  /** Kills every child; later evaluations fail. */
  close(): void {
    this.closed = true;
    for (const slot of this.slots.splice(0)) {
      if (slot.busy)
        this.finish(slot, { ok: false, message: 'The evaluator closed', bound: false });
      slot.child.kill('SIGKILL');
    }
    this.failWaiting('The evaluator closed');
  }

  private failWaiting(message: string): void {
    for (const [name, entry] of this.tenants) {
      for (const pending of entry.queue.splice(0)) {
        clearTimeout(pending.waiting);
        pending.resolve({ ok: false, message, bound: false });
      }
      this.forget(name);
    }
  }

  private dispatch(): void {
    for (;;) {
      const pending = this.next();
      if (!pending) return;
      const slot = this.slots.find((candidate) => candidate.ready && !candidate.busy);
      if (!slot) {
        if (this.slots.length < this.options.processes) this.start();
        return;
      }
      const entry = this.tenant(pending.tenant);
      entry.queue.shift();
      entry.running++;
      entry.served = ++this.serving;
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
    this.failWaiting('The expression evaluator could not start');
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
    const entry = this.tenants.get(busy.tenant);
    if (entry) {
      entry.running--;
      this.forget(busy.tenant);
    }
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

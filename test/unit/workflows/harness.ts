import { LeadQualificationKind } from '../../../src/kinds/lead-qualification.kind';
import { registeredKind, type RegisteredKind } from '../../../src/kinds/kind-registry';
import type { ModelDefaults, ModelMeter } from '../../../src/workflows/context';
import {
  compileWorkflow,
  ExpressionSandbox,
  runWorkflow,
  type Checkpoint,
  type Clock,
  type HttpRequest,
  type HttpResponse,
  type StepRecord,
  type WorkflowResult,
} from '../../../src/workflows';

/** One sandbox for a test file; close it in afterAll. */
export const sandbox = new ExpressionSandbox();
const kinds = new Map<string, RegisteredKind>([
  ['lead-qualification', registeredKind(new LeadQualificationKind())],
]);
export const kindLookup = (name: string) => kinds.get(name);

export const compile = (config: unknown) => compileWorkflow(config, { kinds: kindLookup, sandbox });

/** An `http` step `id` that posts the run's input to the CRM (`extra` on top). */
export const httpStep = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'http',
  url: 'https://crm.example.com/leads',
  body: '{% $input %}',
  ...extra,
});

/** Time that only moves when the run sleeps; records every sleep. */
export class FakeClock implements Clock {
  time = Date.parse('2026-11-25T10:00:00.000Z');
  sleeps: number[] = [];
  now = () => this.time;
  sleep = async (ms: number, signal: AbortSignal) => {
    if (signal.aborted) throw signal.reason;
    this.sleeps.push(ms);
    this.time += ms;
  };
}

type Handler = (
  request: HttpRequest,
  call: number,
) => Partial<HttpResponse> | Promise<Partial<HttpResponse>>;

/** An HttpClient whose answers a test writes; records every request. */
export class FakeHttp {
  calls: HttpRequest[] = [];
  constructor(private handler: Handler = () => ({ status: 200, body: '{}' })) {}
  request = async (request: HttpRequest): Promise<HttpResponse> => {
    this.calls.push(request);
    const answer = await this.handler(request, this.calls.length);
    return {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
      body: answer.body ?? '{}',
      truncated: answer.truncated ?? false,
    };
  };
}

/**
 * A checkpoint store in memory. `lazy`: only records saved as required survive a crash (a
 * caller that batches the others). `crashAfterSaving(id)`: the process dies right after that
 * record is persisted (the run's signal is aborted, and nothing more is saved).
 */
export class MemoryCheckpoints {
  readonly persisted = new Map<string, StepRecord>();
  private pending: StepRecord[] = [];
  saves: { id: string; required: boolean }[] = [];
  /** Ids of the running records persisted as progress, in order. */
  progress: string[] = [];
  /** Dies right after the n-th progress save (1-based). */
  crashAfterProgress?: number;
  dead = false;
  crashAfter?: string;
  controller = new AbortController();

  constructor(readonly lazy = false) {}

  /** The Checkpoint of one run (one process); a new one after a crash. */
  forRun(): Checkpoint {
    this.dead = false;
    this.pending = [];
    this.controller = new AbortController();
    return {
      load: async () => [...this.persisted.values()].map((record) => structuredClone(record)),
      save: async (record, { required }) => {
        if (this.dead) return;
        this.saves.push({ id: record.id, required });
        if (this.lazy && !required) {
          this.pending.push(record);
        } else {
          for (const earlier of this.pending.splice(0)) this.persisted.set(earlier.id, earlier);
          this.persisted.set(record.id, structuredClone(record));
        }
        if (record.id === this.crashAfter) this.crash();
      },
      progress: async (record) => {
        if (this.dead) return;
        for (const earlier of this.pending.splice(0)) this.persisted.set(earlier.id, earlier);
        this.persisted.set(record.id, structuredClone(record));
        this.progress.push(record.id);
        if (this.progress.length === this.crashAfterProgress) this.crash();
      },
    };
  }

  crash(): void {
    this.dead = true;
    this.controller.abort(new Error('process killed'));
  }
}

export interface RunOptions {
  input?: unknown;
  http?: FakeHttp;
  clock?: FakeClock;
  checkpoints?: MemoryCheckpoints;
  secrets?: Record<string, string>;
  logs?: { level: string; message: string; details?: unknown }[];
  mocks?: Record<string, unknown>;
  signal?: AbortSignal;
  models?: ModelDefaults;
  meter?: ModelMeter;
  /** As an execution's run: a `wait` that has to wait stops the run (`waiting`). */
  suspendable?: boolean;
}

export function run(config: unknown, options: RunOptions = {}): Promise<WorkflowResult> {
  const checkpoints = options.checkpoints ?? new MemoryCheckpoints();
  const checkpoint = checkpoints.forRun();
  return runWorkflow(compile(config), {
    execution: { id: 'exe_1', agent_id: 'agt_1', source: 'api' },
    accountId: 'acc_1',
    input: options.input ?? {},
    signal: options.signal ?? checkpoints.controller.signal,
    logger: { log: (level, message, details) => options.logs?.push({ level, message, details }) },
    checkpoint,
    http: options.http ?? new FakeHttp(),
    secrets: async (name) => options.secrets?.[name],
    clock: options.clock ?? new FakeClock(),
    random: () => 0.5,
    mocks: options.mocks,
    models: options.models,
    meter: options.meter,
    suspendable: options.suspendable,
  });
}

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { Listener } from '../common/listener';

export type { Listener };

/** What became of one callback delivery attempt. */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed';

/** Why a waiting execution was woken: its time came, its token was completed, or expired. */
export type WakeReason = 'time' | 'token' | 'expired';
/** What became of one fire time of a schedule. */
export type ScheduleFireOutcome = 'started' | 'skipped_overlap' | 'missed' | 'caught_up';

/** Which limit rejected a request: an account's plan, or the per-IP limit of failed auth. */
export type RateLimitScope = 'account' | 'ip';

interface HttpSeries {
  count: Counter.Internal;
  latency: Histogram.Internal<string>;
}

/**
 * The Prometheus metrics of one process: one registry shared by the API and webhook listeners
 * and the worker of the process (a provider of the global CoreModule), so
 * `GET /metrics` shows them all. Recording is a Map lookup and two increments; the queue
 * depth is counted in the database only when scraped.
 */
export class MetricsService {
  readonly registry = new Registry();
  private readonly httpRequests: Counter<string>;
  private readonly httpLatency: Histogram<string>;
  private readonly executions: Counter<string>;
  private readonly runDuration: Histogram<string>;
  private readonly deliveries: Counter<string>;
  private readonly rateLimits: Counter<string>;
  private readonly modelTokens: Counter<string>;
  private readonly modelCalls: Counter<string>;
  private readonly modelLatency: Histogram<string>;
  private readonly wakeUps: Counter<string>;
  private readonly scheduleFires: Counter<string>;
  private readonly scheduleLateness: Histogram<string>;
  private readonly httpSeries = new Map<string, HttpSeries>();
  /** Model names seen as label values (bounded: see `modelLabel`). */
  private readonly modelLabels = new Set<string>();

  constructor(dataSource?: DataSource, options: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (options.defaultMetrics ?? true) {
      collectDefaultMetrics({ register: this.registry, prefix: 'aas_' });
    }
    this.httpRequests = new Counter({
      name: 'aas_http_requests_total',
      help: 'HTTP requests answered, by listener, method, route template and status',
      labelNames: ['listener', 'method', 'route', 'status'],
      registers,
    });
    this.httpLatency = new Histogram({
      name: 'aas_http_request_duration_seconds',
      help: 'HTTP request latency in seconds, by listener, method, route template and status',
      labelNames: ['listener', 'method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.executions = new Counter({
      name: 'aas_executions_total',
      help: 'Executions that reached a final status, by agent kind and status',
      labelNames: ['kind', 'status'],
      registers,
    });
    this.runDuration = new Histogram({
      name: 'aas_execution_duration_seconds',
      help: 'Run duration of finished executions in seconds, by agent kind and status',
      labelNames: ['kind', 'status'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers,
    });
    this.deliveries = new Counter({
      name: 'aas_callback_delivery_attempts_total',
      help: 'Callback delivery attempts, by outcome (delivered, retrying, failed: no retry left)',
      labelNames: ['outcome'],
      registers,
    });
    this.rateLimits = new Counter({
      name: 'aas_rate_limited_total',
      help: 'Requests rejected with 429, by limit scope (account plan, or client IP)',
      labelNames: ['scope'],
      registers,
    });
    this.modelTokens = new Counter({
      name: 'aas_model_tokens_total',
      help: "Tokens of llm steps' model calls, by model and type (prompt, completion)",
      labelNames: ['model', 'type'],
      registers,
    });
    this.modelCalls = new Counter({
      name: 'aas_model_calls_total',
      help: 'Model calls of llm steps, by model and outcome (ok: answered; error: not answered)',
      labelNames: ['model', 'outcome'],
      registers,
    });
    this.modelLatency = new Histogram({
      name: 'aas_model_call_duration_seconds',
      help: "Latency of llm steps' model calls in seconds, by model",
      labelNames: ['model'],
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120],
      registers,
    });
    this.wakeUps = new Counter({
      name: 'aas_execution_wakeups_total',
      help: 'Waiting executions this process put back in the queue, by reason (time: its time came; token: its token was completed; expired: its token expired)',
      labelNames: ['reason'],
      registers,
    });
    for (const reason of WAKE_REASONS) this.wakeUps.inc({ reason }, 0);
    this.scheduleFires = new Counter({
      name: 'aas_schedule_fires_total',
      help: 'Fire times of schedules, by outcome (started, skipped_overlap, missed, caught_up)',
      labelNames: ['outcome'],
      registers,
    });
    this.scheduleLateness = new Histogram({
      name: 'aas_schedule_fire_lateness_seconds',
      help: "Seconds from a fire's nominal time (plus its jitter) to its execution's creation, fires on time only",
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers,
    });
    if (dataSource) {
      new Gauge({
        name: 'aas_queue_depth',
        help: 'Executions queued and not yet started, counted in the database when scraped',
        registers,
        async collect() {
          const counts = await countInProgress(dataSource);
          if (counts) this.set(counts.get('queued') ?? 0);
        },
      });
      new Gauge({
        name: 'aas_executions_held',
        help: "Executions queued but held by their agent's flow control, by agent and reason (concurrency, throttle, debounce), counted in the database when scraped",
        labelNames: ['agent_id', 'reason'],
        registers,
        async collect() {
          const rows = await countHeld(dataSource);
          if (!rows) return;
          this.reset();
          for (const row of rows) {
            this.set({ agent_id: row.agent_id, reason: row.held ?? 'concurrency' }, Number(row.n));
          }
        },
      });
      new Gauge({
        name: 'aas_executions_running',
        help: 'Executions running now, counted in the database when scraped',
        registers,
        async collect() {
          const counts = await countInProgress(dataSource);
          if (counts) this.set(counts.get('running') ?? 0);
        },
      });
      new Gauge({
        name: 'aas_executions_waiting',
        help: 'Executions waiting (for a time or a token) now, counted in the database when scraped',
        registers,
        async collect() {
          const counts = await countInProgress(dataSource);
          if (counts) this.set(counts.get('waiting') ?? 0);
        },
      });
    }
  }

  /** Records one answered HTTP request; `route` is a template, never a raw URL. */
  httpRequest(
    listener: Listener,
    method: string,
    route: string,
    status: number,
    seconds: number,
  ): void {
    const key = `${listener} ${method} ${status} ${route}`;
    let series = this.httpSeries.get(key);
    if (!series) {
      const labels = { listener, method, route, status: String(status) };
      series = {
        count: this.httpRequests.labels(labels),
        latency: this.httpLatency.labels(labels),
      };
      this.httpSeries.set(key, series);
    }
    series.count.inc();
    series.latency.observe(seconds);
  }

  /** An execution reached a final status (`completed`, `failed` or `cancelled`). */
  executionFinished(kind: string, status: string, durationMs: number | null): void {
    this.executions.inc({ kind, status });
    if (durationMs !== null && durationMs >= 0) {
      this.runDuration.observe({ kind, status }, durationMs / 1000);
    }
  }

  /** `count` waiting executions were woken (put back in the queue) for `reason`. */
  executionsWoken(reason: WakeReason, count: number): void {
    if (count > 0) this.wakeUps.inc({ reason }, count);
  }

  /** One attempt to deliver a callback ended. */
  deliveryAttempt(outcome: DeliveryOutcome): void {
    this.deliveries.inc({ outcome });
  }

  /** Fire times of schedules that ended so (`count` of them); the lateness of a started one. */
  scheduleFired(outcome: ScheduleFireOutcome, count = 1, latenessMs?: number): void {
    if (count > 0) this.scheduleFires.inc({ outcome }, count);
    if (latenessMs !== undefined) this.scheduleLateness.observe(Math.max(0, latenessMs) / 1000);
  }

  /** A request was rejected with 429. */
  rateLimited(scope: RateLimitScope): void {
    this.rateLimits.inc({ scope });
  }

  /**
   * One model call of an `llm` step ended. `model` is whatever a workflow named, so the label
   * values are bounded: past MODEL_LABELS_MAX distinct names, new ones are counted as `other`.
   */
  modelCall(
    model: string,
    call: { promptTokens: number; completionTokens: number; latencyMs: number; ok: boolean },
  ): void {
    const label = this.modelLabel(model);
    this.modelCalls.inc({ model: label, outcome: call.ok ? 'ok' : 'error' });
    if (call.promptTokens > 0)
      this.modelTokens.inc({ model: label, type: 'prompt' }, call.promptTokens);
    if (call.completionTokens > 0) {
      this.modelTokens.inc({ model: label, type: 'completion' }, call.completionTokens);
    }
    if (call.latencyMs >= 0) this.modelLatency.observe({ model: label }, call.latencyMs / 1000);
  }

  private modelLabel(model: string): string {
    if (this.modelLabels.has(model)) return model;
    if (this.modelLabels.size >= MODEL_LABELS_MAX) return 'other';
    this.modelLabels.add(model);
    return model;
  }

  /** The Prometheus text exposition of every metric of the process. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

const WAKE_REASONS: readonly WakeReason[] = ['time', 'token', 'expired'];

/** Distinct `model` label values a process exports before counting new names as `other`. */
export const MODEL_LABELS_MAX = 50;

/**
 * Queued, running and waiting executions, one query served by the (status, created_at) index,
 * shared by the three gauges of a scrape. Null when the database does not answer: the gauges then keep
 * their last value rather than failing the whole scrape.
 */
const inFlight = new WeakMap<DataSource, Promise<Map<string, number> | null>>();

function countInProgress(dataSource: DataSource): Promise<Map<string, number> | null> {
  let pending = inFlight.get(dataSource);
  if (!pending) {
    pending = queryInProgress(dataSource).finally(() => inFlight.delete(dataSource));
    inFlight.set(dataSource, pending);
  }
  return pending;
}

async function queryInProgress(dataSource: DataSource): Promise<Map<string, number> | null> {
  if (!dataSource.isInitialized) return null;
  try {
    const rows: { status: string; n: number | string }[] = await dataSource.query(
      `SELECT status, COUNT(*) AS n FROM executions WHERE status IN ('queued', 'running', 'waiting') GROUP BY status`,
    );
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.status, Number(row.n));
    return counts;
  } catch {
    return null;
  }
}

/** Held executions per agent and reason (index `status, created_at`: the held rows only). */
async function countHeld(
  dataSource: DataSource,
): Promise<{ agent_id: string; held: string | null; n: number | string }[] | null> {
  if (!dataSource.isInitialized) return null;
  try {
    return await dataSource.query(
      `SELECT agent_id, held, COUNT(*) AS n FROM executions WHERE status = 'held'
       GROUP BY agent_id, held`,
    );
  } catch {
    return null;
  }
}

import { Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Account } from '../auth/account.entity';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import { MetricsService } from '../metrics/metrics.service';
import type { ModelCallUsage, ModelMeter } from '../workflows/context';
import { StepError, WorkflowErrorCode } from '../workflows/errors';
import { dayOf, monthOf, nextMonthStart } from './usage-period';
import { key, UsageStore, type UsageRow } from './usage-store';

/** The time as the meter reads it; a module test replaces it (`USAGE_CLOCK`). */
export interface UsageClock {
  now(): Date;
}
export const USAGE_CLOCK = Symbol('USAGE_CLOCK');

/** How often recorded calls are written to `model_usage` (one multi-row upsert). */
export const USAGE_FLUSH_MS = 1000;
/** How long an account's plan and month total are reused by `check` before a new read. */
export const USAGE_CACHE_MS = 5000;
/** Model names longer than this are cut (the column is varchar(200)). */
const MODEL_MAX = 200;

interface MonthTotal {
  month: string;
  plan: Account['plan'] | null;
  /** Tokens of the month stored when read, plus what this process wrote since. */
  tokens: number;
  readAt: number;
}

/**
 * The `ModelMeter` of `llm` steps (src/workflows/context.ts): the monthly token allowance of
 * the account's plan (PLAN_MONTHLY_TOKENS; a plan not named is unlimited) and the record of
 * every model call, by account, UTC day and model, in `model_usage`, plus the Prometheus
 * series (MetricsService.modelCall).
 *
 * `record` costs no database round trip: calls are summed in memory and written every
 * USAGE_FLUSH_MS as one upsert, and at shutdown; a failed write keeps the sums for the next
 * one. A crash (SIGKILL, power loss) loses at most the last second's records; a graceful
 * shutdown loses none (docs/decisions/0042-model-usage-and-allowance.md).
 *
 * `check` compares the month's tokens (stored, plus this process's not yet written) with the
 * allowance; the stored part is read at most every USAGE_CACHE_MS per account. The allowance
 * is soft: calls already running when it is reached, and other processes' calls of the last
 * few seconds, may take an account slightly past it.
 */
@Injectable()
export class UsageMeter implements ModelMeter, OnApplicationShutdown {
  private readonly logger = new Logger('UsageMeter');
  private readonly store: UsageStore;
  private readonly clock: UsageClock;
  /** Increments not yet written, by row key. */
  private pending = new Map<string, UsageRow>();
  /** Increments being written now (counted by `check` too). */
  private writing = new Map<string, UsageRow>();
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly totals = new Map<string, MonthTotal>();
  private readonly reading = new Map<string, Promise<MonthTotal>>();

  constructor(
    @Inject(getDataSourceToken()) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    @Optional() @Inject(USAGE_CLOCK) clock?: UsageClock,
  ) {
    this.store = new UsageStore(dataSource);
    this.clock = clock ?? { now: () => new Date() };
  }

  async check(accountId: string): Promise<void> {
    const allowances = this.config.planMonthlyTokens;
    if (Object.keys(allowances).length === 0) return;
    const now = this.clock.now();
    const total = await this.monthTotal(accountId, now);
    const allowance = total.plan === null ? undefined : allowances[total.plan];
    if (allowance === undefined) return;
    const used = total.tokens + this.unwritten(accountId, monthOf(now));
    if (used >= allowance) {
      throw new StepError(
        WorkflowErrorCode.budgetExceeded,
        `The account's monthly allowance of ${allowance} model tokens is used up ` +
          `(${used} used this month); it renews on ${nextMonthStart(now)}`,
      );
    }
  }

  record(accountId: string, usage: ModelCallUsage): void {
    const model = modelName(usage.model);
    const promptTokens = tokenCount(usage.prompt_tokens);
    const completionTokens = tokenCount(usage.completion_tokens);
    this.metrics.modelCall(model, {
      promptTokens,
      completionTokens,
      latencyMs: Number.isFinite(usage.latency_ms) ? usage.latency_ms : -1,
      ok: usage.ok,
    });
    add(this.pending, {
      accountId,
      day: dayOf(this.clock.now()),
      model,
      promptTokens,
      completionTokens,
      calls: 1,
      errors: usage.ok ? 0 : 1,
    });
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, USAGE_FLUSH_MS).unref();
  }

  /**
   * Writes what was recorded so far (and waits for a write in progress). Never throws: a
   * failed write is logged and kept for the next one.
   */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    this.writing = this.pending;
    this.pending = new Map();
    this.flushing = this.write([...this.writing.values()]).finally(() => {
      this.writing = new Map();
      this.flushing = null;
    });
    await this.flushing;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
    if (this.pending.size > 0) {
      this.logger.error(
        `${this.pending.size} model usage rows could not be written at shutdown and are lost`,
      );
    }
  }

  private async write(rows: UsageRow[]): Promise<void> {
    try {
      await this.store.add(rows);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`Writing model usage failed (kept for the next try): ${message}`);
      for (const row of rows) add(this.pending, row);
      this.timer ??= setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, USAGE_FLUSH_MS).unref();
      return;
    }
    // Written: the cached month totals of this process include them from now on.
    for (const row of rows) {
      const total = this.totals.get(row.accountId);
      if (total && row.day.slice(0, 7) === total.month) {
        total.tokens += row.promptTokens + row.completionTokens;
      }
    }
  }

  /** Tokens recorded in this process and not yet stored, of an account and a month. */
  private unwritten(accountId: string, month: { first: string; last: string }): number {
    let tokens = 0;
    for (const rows of [this.pending, this.writing]) {
      for (const row of rows.values()) {
        if (row.accountId === accountId && row.day >= month.first && row.day <= month.last) {
          tokens += row.promptTokens + row.completionTokens;
        }
      }
    }
    return tokens;
  }

  /** The account's plan and stored month total, read again after USAGE_CACHE_MS. */
  private async monthTotal(accountId: string, now: Date): Promise<MonthTotal> {
    const month = dayOf(now).slice(0, 7);
    const cached = this.totals.get(accountId);
    if (cached && cached.month === month && now.getTime() - cached.readAt < USAGE_CACHE_MS) {
      return cached;
    }
    let reading = this.reading.get(accountId);
    if (!reading) {
      reading = this.read(accountId, now)
        .catch((error: unknown) => this.unreadable(accountId, month, cached, error))
        .finally(() => this.reading.delete(accountId));
      this.reading.set(accountId, reading);
    }
    return reading;
  }

  /**
   * The database did not answer: the model call is not refused for it (the run's own
   * checkpoints decide whether it can go on). The last total read this month is used, else
   * none; the calls are still recorded and count once it answers again.
   */
  private unreadable(
    accountId: string,
    month: string,
    cached: MonthTotal | undefined,
    error: unknown,
  ): MonthTotal {
    const message = error instanceof Error ? error.message : String(error);
    this.logger.warn(`Reading the model usage of ${accountId} failed: ${message}`);
    if (cached && cached.month === month) return cached;
    return { month, plan: null, tokens: 0, readAt: 0 };
  }

  private async read(accountId: string, now: Date): Promise<MonthTotal> {
    const { first, last } = monthOf(now);
    // Rows being written are counted as unwritten until they are: read after them.
    while (this.flushing) await this.flushing;
    const account = await this.dataSource
      .getRepository(Account)
      .findOne({ where: { id: accountId }, select: { id: true, plan: true } });
    const plan = account?.plan ?? null;
    const limited = plan !== null && this.config.planMonthlyTokens[plan] !== undefined;
    const total: MonthTotal = {
      month: first.slice(0, 7),
      plan,
      tokens: limited ? await this.store.tokens(accountId, first, last) : 0,
      readAt: now.getTime(),
    };
    if (this.totals.size >= 10_000) this.forgetStale(now.getTime());
    this.totals.set(accountId, total);
    return total;
  }

  private forgetStale(now: number): void {
    for (const [accountId, total] of this.totals) {
      if (now - total.readAt >= USAGE_CACHE_MS) this.totals.delete(accountId);
    }
  }
}

function add(rows: Map<string, UsageRow>, row: UsageRow): void {
  const id = key(row);
  const sum = rows.get(id);
  if (!sum) {
    rows.set(id, { ...row });
    return;
  }
  sum.promptTokens += row.promptTokens;
  sum.completionTokens += row.completionTokens;
  sum.calls += row.calls;
  sum.errors += row.errors;
}

/** The model as stored and labelled: trimmed, at most MODEL_MAX characters, never empty. */
function modelName(model: unknown): string {
  const name = typeof model === 'string' ? model.trim().slice(0, MODEL_MAX) : '';
  return name === '' ? 'unknown' : name;
}

function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

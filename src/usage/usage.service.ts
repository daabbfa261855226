import { Inject, Injectable, Optional } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Account } from '../auth/account.entity';
import { ApiError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/configuration';
import type { UsageQuery } from './dto/usage.query';
import { USAGE_CLOCK, UsageMeter, type UsageClock } from './usage-meter';
import { daysBetween, dayOf, monthOf, nextMonthStart, parseDay } from './usage-period';
import { UsageStore } from './usage-store';
import { sumUsage, toUsageItem, type UsageResponse } from './usage.response';

/** The longest range `GET /v2/usage` answers, in days (a leap year). */
export const USAGE_RANGE_MAX_DAYS = 366;

/** `GET /v2/usage`: an account's model tokens by day and model, and this month's allowance. */
@Injectable()
export class UsageService {
  private readonly store: UsageStore;
  private readonly clock: UsageClock;

  constructor(
    @Inject(getDataSourceToken()) dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly meter: UsageMeter,
    @Optional() @Inject(USAGE_CLOCK) clock?: UsageClock,
  ) {
    this.store = new UsageStore(dataSource);
    this.clock = clock ?? { now: () => new Date() };
  }

  async report(account: Account, query: UsageQuery): Promise<UsageResponse> {
    const now = this.clock.now();
    const month = monthOf(now);
    const from = query.from === undefined ? month.first : day('from', query.from);
    const to = query.to === undefined ? month.last : day('to', query.to);
    if (to < from) throw ApiError.invalid('to', `to (${to}) is before from (${from})`);
    const days = daysBetween(parseDay(from)!, parseDay(to)!);
    if (days > USAGE_RANGE_MAX_DAYS) {
      throw ApiError.invalid(
        'to',
        `from and to span ${days} days; at most ${USAGE_RANGE_MAX_DAYS} are answered at once`,
      );
    }
    // What this process recorded and has not written yet (test runs in the API process).
    await this.meter.flush();
    const [rows, used] = await Promise.all([
      this.store.rows(account.id, from, to),
      this.store.tokens(account.id, month.first, month.last),
    ]);
    const data = rows.map(toUsageItem);
    const allowance = this.config.planMonthlyTokens[account.plan] ?? null;
    return {
      from,
      to,
      allowance: {
        month: dayOf(now).slice(0, 7),
        monthly_tokens: allowance,
        used,
        remaining: allowance === null ? null : Math.max(0, allowance - used),
        renews_on: nextMonthStart(now),
      },
      totals: sumUsage(data),
      data,
    };
  }
}

function day(field: 'from' | 'to', raw: string): string {
  if (!parseDay(raw)) {
    throw ApiError.invalid(
      field,
      `${field} must be a date (YYYY-MM-DD), got "${raw.slice(0, 40)}"`,
    );
  }
  return raw;
}

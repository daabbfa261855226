import { ApiProperty } from '@nestjs/swagger';
import type { UsageRow } from './usage-store';

export class UsageAllowance {
  @ApiProperty({ example: '2026-11', description: 'The UTC calendar month it applies to (now)' })
  month: string;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 1000000,
    description:
      "Tokens (prompt + completion) the account's plan allows per month; null: unlimited (PLAN_MONTHLY_TOKENS)",
  })
  monthly_tokens: number | null;

  @ApiProperty({ type: 'integer', description: 'Tokens used this month' })
  used: number;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Tokens left this month (0 once used up); null: unlimited',
  })
  remaining: number | null;

  @ApiProperty({ example: '2026-12-01', description: 'The UTC day the allowance renews' })
  renews_on: string;
}

export class UsageTotals {
  @ApiProperty({ type: 'integer' })
  prompt_tokens: number;

  @ApiProperty({ type: 'integer' })
  completion_tokens: number;

  @ApiProperty({ type: 'integer', description: 'prompt_tokens + completion_tokens' })
  total_tokens: number;

  @ApiProperty({ type: 'integer', description: 'Model calls, answered or not' })
  calls: number;

  @ApiProperty({ type: 'integer', description: 'Calls the provider did not answer' })
  errors: number;
}

export class UsageItem extends UsageTotals {
  @ApiProperty({ example: '2026-11-24', description: 'UTC day' })
  day: string;

  @ApiProperty({ example: 'gpt-4o-mini', description: 'The model the calls named' })
  model: string;
}

export class UsageResponse {
  @ApiProperty({ example: '2026-11-01', description: 'First UTC day, included' })
  from: string;

  @ApiProperty({ example: '2026-11-30', description: 'Last UTC day, included' })
  to: string;

  @ApiProperty({ type: UsageAllowance, description: "This month's allowance and use" })
  allowance: UsageAllowance;

  @ApiProperty({ type: UsageTotals, description: 'Sums of `data`' })
  totals: UsageTotals;

  @ApiProperty({
    type: UsageItem,
    isArray: true,
    description: 'One item per day and model with calls, by day then model (no empty days)',
  })
  data: UsageItem[];
}

/** One stored row as the API shows it. */
export function toUsageItem(row: UsageRow): UsageItem {
  return {
    day: row.day,
    model: row.model,
    prompt_tokens: row.promptTokens,
    completion_tokens: row.completionTokens,
    total_tokens: row.promptTokens + row.completionTokens,
    calls: row.calls,
    errors: row.errors,
  };
}

export function sumUsage(items: UsageItem[]): UsageTotals {
  const totals: UsageTotals = {
    prompt_tokens: 0,
    completion_tokens: 0,
    total_tokens: 0,
    calls: 0,
    errors: 0,
  };
  for (const item of items) {
    totals.prompt_tokens += item.prompt_tokens;
    totals.completion_tokens += item.completion_tokens;
    totals.total_tokens += item.total_tokens;
    totals.calls += item.calls;
    totals.errors += item.errors;
  }
  return totals;
}
